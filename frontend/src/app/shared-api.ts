import type { CategoryDto, CustomerDto, LoyaltySettingsDto, TillDeltaDto, TillProductDto } from '@dukan/contracts';
import { followCatalogue } from '../features/pos/lib/catalogue-follow.js';
import { followPush, tillPush } from '../features/pos/lib/catalogue-push.js';
import { deltaText, openCatalogue } from '../features/pos/lib/catalogue-sync.js';
import { offlineRead } from '../features/pos/lib/offline-reads.js';
import { selectTillShown, type TillState } from '../features/pos/till-slice.js';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { API_BASE, api, unwrap, type Wrapped } from './api.js';
import { listTag, listTags, TILL_PRODUCTS } from './tags.js';
import { readBranch } from './session.js';

/** The till's catalogue is kept per branch (stock differs): the device's branch, or the signed-in user's home one. */
const tillBranch = (state: unknown) =>
  readBranch() ?? (state as { auth?: { user?: { homeBranch?: string } | null } }).auth?.user?.homeBranch ?? 'home';

export interface NewCustomer {
  firstName: string;
  lastName: string;
  phone: string;
  email?: string;
}

/** Which categories: the active ones (the till), or all of them (the inventory, whose products keep inactive ones). */
export type CategoryScope = 'active' | 'all';

/** The push stream's headers: the current token and the device's branch, as every other call sends them. */
function streamHeaders(state: unknown): Record<string, string> {
  const token = (state as { auth?: { token?: string | null } }).auth?.token;
  const branch = readBranch();
  return { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(branch ? { 'X-Dukan-Branch': branch } : {}) };
}

/** What changed in the till's catalogue since a revision (the open till asks every few seconds). */
const deltaApi = api.injectEndpoints({
  endpoints: (build) => ({
    tillDelta: build.query<TillDeltaDto, string>({
      query: (since) => ({ url: '/products', params: { since } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

/**
 * Calls more than one screen makes: the till's product list (the layout starts it when the till opens), categories,
 * the loyalty settings, adding a customer.
 */
export const sharedApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Kept in this browser (IndexedDB): opens from there at once and follows the server's changes while in use.
    tillProducts: build.query<TillProductDto[], void>({
      queryFn: (_arg, { getState }, _extra, baseQuery) =>
        openCatalogue(tillBranch(getState()), (since) => baseQuery({ url: '/products', params: { since }, responseHandler: deltaText })),
      onCacheEntryAdded: (_arg, entry) =>
        followCatalogue(
          () => tillBranch(entry.getState()),
          entry,
          (since) => entry.dispatch(deltaApi.endpoints.tillDelta.initiate(since, { subscribe: false, forceRefetch: true })),
          {
            inUse: () => selectTillShown(entry.getState() as unknown as { till: TillState }),
            push: ({ notice, held }) =>
              followPush({
                url: `${API_BASE}/stream`,
                headers: () => streamHeaders(entry.getState()),
                onNotice: (n) => {
                  notice(n);
                  tillPush.notice(n);
                },
                onHeld: (h) => {
                  held(h);
                  tillPush.held(h);
                },
              }),
          },
        ),
      providesTags: [TILL_PRODUCTS],
      keepUnusedDataFor: 600,
      // A new list keeps the objects of unchanged products already (mergeDelta): comparing 50,000 of them again is waste.
      structuralSharing: false,
    }),
    categories: build.query<CategoryDto[], CategoryScope | void>({
      queryFn: (scope, _api, _extra, baseQuery) =>
        scope === 'all'
          ? offlineRead<CategoryDto[], FetchBaseQueryError>(
              'categories:all',
              () => baseQuery({ url: '/categories', params: { active: 'all' } }),
              (res) => unwrap<CategoryDto[]>(res as Wrapped<CategoryDto[]>),
            )
          : offlineRead<CategoryDto[], FetchBaseQueryError>(
              'categories',
              () => baseQuery('/categories'),
              (res) => unwrap<CategoryDto[]>(res as Wrapped<CategoryDto[]>),
            ),
      providesTags: (r) => listTags('Category', r),
      keepUnusedDataFor: 600,
    }),
    loyaltySettings: build.query<LoyaltySettingsDto, void>({
      queryFn: (_arg, _api, _extra, baseQuery) =>
        offlineRead<LoyaltySettingsDto, FetchBaseQueryError>(
          'loyalty-settings',
          () => baseQuery('/loyalty/settings'),
          (res) => unwrap<LoyaltySettingsDto>(res as Wrapped<LoyaltySettingsDto>),
        ),
      providesTags: ['LoyaltySettings'],
    }),
    addCustomer: build.mutation<CustomerDto, NewCustomer>({
      query: (body) => ({ url: '/customers', method: 'POST', body }),
      transformResponse: (res: Wrapped<CustomerDto>) => unwrap(res),
      invalidatesTags: [listTag('Customer')],
    }),
  }),
});

export const { useTillProductsQuery, useCategoriesQuery, useLoyaltySettingsQuery, useAddCustomerMutation } = sharedApi;
