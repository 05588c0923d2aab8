import type { CustomerDto, Locale, Pagination } from '@dukan/contracts';
import { api } from '../../../app/api.js';
import { listTag, listTags } from '../../../app/tags.js';

/** What the customer form sends (POST and PUT take the same fields). */
export interface CustomerInput {
  firstName: string;
  lastName: string;
  phone: string;
  /** null clears it on an edit. */
  email: string | null;
  languagePreference: Locale;
  address: { street: string | null; city: string | null; state: string | null; zipCode: string | null; country: string | null };
}

export interface CustomersPage {
  data: CustomerDto[];
  pagination: Pagination;
}

export const CUSTOMERS_PAGE_SIZE = 20;

/** Creating a customer goes through the shared addCustomer (app/shared-api, also the till's); these are the screen's own calls. */
export const customersApi = api.injectEndpoints({
  endpoints: (build) => ({
    // `?page=` makes the service answer {data, pagination} with the total, so a big shop pages on the server.
    customersPage: build.query<CustomersPage, { search: string; page: number }>({
      query: ({ search, page }) => ({ url: '/customers', params: { page, limit: CUSTOMERS_PAGE_SIZE, ...(search ? { search } : {}) } }),
      providesTags: (r) => listTags('Customer', r?.data),
    }),
    customer: build.query<CustomerDto, string>({
      query: (id) => `/customers/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Customer', id }],
    }),
    customersUpdate: build.mutation<CustomerDto, { id: string; body: CustomerInput }>({
      query: ({ id, body }) => ({ url: `/customers/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Customer', id }, listTag('Customer')],
    }),
    customersDelete: build.mutation<{ success: boolean; message?: string }, string>({
      query: (id) => ({ url: `/customers/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Customer', id }, listTag('Customer'), 'Dashboard'],
    }),
  }),
});

export const { useCustomersPageQuery, useCustomerQuery, useCustomersUpdateMutation, useCustomersDeleteMutation } = customersApi;
