import type { CategoryDto, CustomerDto, LoyaltySettingsDto, TillProductDto } from '@dukan/contracts';
import { api, unwrap, type Wrapped } from './api.js';
import { listTag, listTags, TILL_PRODUCTS } from './tags.js';

export interface NewCustomer {
  firstName: string;
  lastName: string;
  phone: string;
  email?: string;
}

/** Which categories: the active ones (the till), or all of them (the inventory, whose products keep inactive ones). */
export type CategoryScope = 'active' | 'all';

/**
 * Calls more than one screen makes: the till's product list (the layout starts it when the till opens), categories,
 * the loyalty settings, adding a customer.
 */
export const sharedApi = api.injectEndpoints({
  endpoints: (build) => ({
    tillProducts: build.query<TillProductDto[], void>({
      query: () => '/products?active=true&view=till',
      transformResponse: (res: Wrapped<TillProductDto[]>) => unwrap(res),
      providesTags: [TILL_PRODUCTS],
      keepUnusedDataFor: 600,
    }),
    categories: build.query<CategoryDto[], CategoryScope | void>({
      query: (scope) => (scope === 'all' ? { url: '/categories', params: { active: 'all' } } : '/categories'),
      transformResponse: (res: Wrapped<CategoryDto[]>) => unwrap(res),
      providesTags: (r) => listTags('Category', r),
      keepUnusedDataFor: 600,
    }),
    loyaltySettings: build.query<LoyaltySettingsDto, void>({
      query: () => '/loyalty/settings',
      transformResponse: (res: Wrapped<LoyaltySettingsDto>) => unwrap(res),
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
