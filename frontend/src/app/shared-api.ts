import { api, unwrap, type Wrapped } from './api.js';

/** GET /categories as the till lists them. */
export interface Category {
  _id: string;
  name: { en: string; ku?: string };
  parent?: string | null;
  active?: boolean;
}

export interface Customer {
  _id: string;
  firstName: string;
  lastName: string;
  fullName?: string;
  phone?: string;
  email?: string;
  loyaltyPoints?: number;
  purchaseCount?: number;
}

export interface NewCustomer {
  firstName: string;
  lastName: string;
  phone: string;
  email?: string;
}

export interface LoyaltySettings {
  enabled?: boolean;
  redemptionRate?: number;
  minimumRedemption?: number;
  minimumPoints?: number;
}

/** Calls more than one screen makes: categories, the loyalty settings, adding a customer. */
export const sharedApi = api.injectEndpoints({
  endpoints: (build) => ({
    categories: build.query<Category[], void>({
      query: () => '/categories',
      transformResponse: (res: Wrapped<Category[]>) => unwrap(res),
      providesTags: ['Category'],
      keepUnusedDataFor: 600,
    }),
    loyaltySettings: build.query<LoyaltySettings, void>({
      query: () => '/loyalty/settings',
      transformResponse: (res: Wrapped<LoyaltySettings>) => unwrap(res),
      providesTags: ['LoyaltySettings'],
    }),
    addCustomer: build.mutation<Customer, NewCustomer>({
      query: (body) => ({ url: '/customers', method: 'POST', body }),
      transformResponse: (res: Wrapped<Customer>) => unwrap(res),
      invalidatesTags: ['Customer'],
    }),
  }),
});

export const { useCategoriesQuery, useLoyaltySettingsQuery, useAddCustomerMutation } = sharedApi;
