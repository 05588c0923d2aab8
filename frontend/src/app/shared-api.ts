import type { CategoryDto, CustomerDto, LoyaltySettingsDto } from '@dukan/contracts';
import { api, unwrap, type Wrapped } from './api.js';
import { listTag } from './tags.js';

export interface NewCustomer {
  firstName: string;
  lastName: string;
  phone: string;
  email?: string;
}

/** Calls more than one screen makes: categories, the loyalty settings, adding a customer. */
export const sharedApi = api.injectEndpoints({
  endpoints: (build) => ({
    categories: build.query<CategoryDto[], void>({
      query: () => '/categories',
      transformResponse: (res: Wrapped<CategoryDto[]>) => unwrap(res),
      providesTags: [listTag('Category')],
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

export const { useCategoriesQuery, useLoyaltySettingsQuery, useAddCustomerMutation } = sharedApi;
