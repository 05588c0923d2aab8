import type {
  BranchDto,
  GeneralSettingsDto,
  LoyaltySettingsDto,
  LogoType,
  PaymentSettingsDto,
  ReceiptSettingsDto,
  TaxMode,
} from '@dukan/contracts';
import { api } from '../../../app/api.js';

// The loyalty settings are read with the shared `loyaltySettings` query (app/shared-api.ts); this file adds the writes.
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
    /** The till's cash rules (admins): the dinar rounding step and the currency change starts in. */
    saveTillCash: build.mutation<GeneralSettingsDto, Pick<GeneralSettingsDto, 'iqdCashRounding' | 'changeCurrency'>>({
      query: (body) => ({ url: '/settings/general', method: 'PUT', body }),
      transformResponse: (res: { data: GeneralSettingsDto }) => res.data,
      // The till reads both with its rate, through the ExchangeRate tag.
      invalidatesTags: ['Settings', 'ExchangeRate'],
    }),
    settingsSaveTax: build.mutation<GeneralSettingsDto, { taxRate: number; taxMode: TaxMode }>({
      query: (body) => ({ url: '/settings/general', method: 'PUT', body }),
      transformResponse: (res: { data: GeneralSettingsDto }) => res.data,
      // An open till prices its cart with the tax it follows through the TillSettings tag.
      invalidatesTags: ['Settings', 'TillSettings'],
    }),
    branches: build.query<BranchDto[], void>({
      query: () => '/settings/branches',
      transformResponse: (res: { data: BranchDto[] }) => res.data,
      providesTags: ['Branches'],
    }),
    branchCreate: build.mutation<BranchDto, { _id: string; name: string; registers: string[] }>({
      query: (body) => ({ url: '/settings/branches', method: 'POST', body }),
      transformResponse: (res: { data: BranchDto }) => res.data,
      invalidatesTags: ['Branches', 'Settings'],
    }),
    branchUpdate: build.mutation<BranchDto, { id: string; name?: string; active?: boolean }>({
      query: ({ id, ...body }) => ({ url: `/settings/branches/${encodeURIComponent(id)}`, method: 'PUT', body }),
      transformResponse: (res: { data: BranchDto }) => res.data,
      invalidatesTags: ['Branches', 'Settings'],
    }),
    branchRegisters: build.mutation<BranchDto, { id: string; registers: string[] }>({
      query: ({ id, registers }) => ({ url: `/settings/branches/${encodeURIComponent(id)}/registers`, method: 'PUT', body: { registers } }),
      transformResponse: (res: { data: BranchDto }) => res.data,
      invalidatesTags: ['Branches', 'Settings'],
    }),
    receiptSettings: build.query<ReceiptSettingsDto, void>({
      query: () => '/settings/receipts',
      transformResponse: (res: { data: ReceiptSettingsDto }) => res.data,
      providesTags: ['ReceiptSettings'],
    }),
    saveReceiptSettings: build.mutation<ReceiptSettingsDto, Partial<Omit<ReceiptSettingsDto, 'logo' | 'updatedAt'>>>({
      query: (body) => ({ url: '/settings/receipts', method: 'PUT', body }),
      transformResponse: (res: { data: ReceiptSettingsDto }) => res.data,
      // The store name is a general setting too; the till follows both through the TillSettings tag.
      invalidatesTags: ['ReceiptSettings', 'Settings', 'TillSettings'],
    }),
    uploadLogo: build.mutation<ReceiptSettingsDto, { type: LogoType; data: string }>({
      query: (body) => ({ url: '/settings/receipts/logo', method: 'PUT', body }),
      transformResponse: (res: { data: ReceiptSettingsDto }) => res.data,
      invalidatesTags: ['ReceiptSettings', 'TillSettings'],
    }),
    removeLogo: build.mutation<ReceiptSettingsDto, void>({
      query: () => ({ url: '/settings/receipts/logo', method: 'DELETE' }),
      transformResponse: (res: { data: ReceiptSettingsDto }) => res.data,
      invalidatesTags: ['ReceiptSettings', 'TillSettings'],
    }),
    paymentSettings: build.query<PaymentSettingsDto, void>({
      query: () => '/settings/payments',
      transformResponse: (res: { data: PaymentSettingsDto }) => res.data,
      providesTags: ['PaymentSettings'],
    }),
    savePaymentSettings: build.mutation<PaymentSettingsDto, Partial<Omit<PaymentSettingsDto, 'updatedAt'>>>({
      query: (body) => ({ url: '/settings/payments', method: 'PUT', body }),
      transformResponse: (res: { data: PaymentSettingsDto }) => res.data,
      invalidatesTags: ['PaymentSettings', 'TillSettings'],
    }),
    settingsSaveLoyalty: build.mutation<LoyaltySettingsDto, LoyaltySettingsDto>({
      query: (body) => ({ url: '/loyalty/settings', method: 'PUT', body }),
      transformResponse: (res: { data: LoyaltySettingsDto }) => res.data,
      invalidatesTags: ['LoyaltySettings'],
    }),
  }),
});

export const {
  useSettingsGeneralQuery,
  useSettingsSaveGeneralMutation,
  useSaveTillCashMutation,
  useSettingsSaveTaxMutation,
  useSettingsSaveLoyaltyMutation,
  useBranchesQuery,
  useBranchCreateMutation,
  useBranchUpdateMutation,
  useBranchRegistersMutation,
  useReceiptSettingsQuery,
  useSaveReceiptSettingsMutation,
  useUploadLogoMutation,
  useRemoveLogoMutation,
  usePaymentSettingsQuery,
  useSavePaymentSettingsMutation,
} = settingsApi;
