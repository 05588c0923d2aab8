import type { GeneralSettingsDto, LoyaltySettingsDto } from '@dukan/contracts';
import { api } from '../../../app/api.js';

// The loyalty settings are read with the till's `loyaltySettings` query (pos-api.ts); this file adds the writes.
export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    settingsGeneral: build.query<GeneralSettingsDto, void>({
      query: () => '/settings/general',
      transformResponse: (res: { data: GeneralSettingsDto }) => res.data,
      providesTags: ['Settings'],
    }),
    settingsSaveGeneral: build.mutation<GeneralSettingsDto, { exchangeRate: number; applyToAllUsers?: true }>({
      query: (body) => ({ url: '/settings/general', method: 'PUT', body }),
      transformResponse: (res: { data: GeneralSettingsDto }) => res.data,
      // The till reads the rate through the ExchangeRate tag.
      invalidatesTags: ['Settings', 'ExchangeRate'],
    }),
    settingsSaveLoyalty: build.mutation<LoyaltySettingsDto, LoyaltySettingsDto>({
      query: (body) => ({ url: '/loyalty/settings', method: 'PUT', body }),
      transformResponse: (res: { data: LoyaltySettingsDto }) => res.data,
      invalidatesTags: ['LoyaltySettings'],
    }),
  }),
});

export const { useSettingsGeneralQuery, useSettingsSaveGeneralMutation, useSettingsSaveLoyaltyMutation } = settingsApi;
