import type { AccountEntryDto, Currency, CustomerAccountDto, CustomerDto, Locale, Pagination, RepaymentMethod } from '@dukan/contracts';
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

/** A customer's account: balances, limit, what sales in progress hold, and one page of the statement. */
export interface CustomerAccount extends CustomerAccountDto {
  statement: { data: AccountEntryDto[]; pagination: Pagination };
}

export interface RepaymentInput {
  method: RepaymentMethod;
  currency: Currency;
  amountMinor: number;
  register?: string | null;
  shiftId?: string | null;
}

export interface RepaymentAnswer {
  repaymentId: string;
  balance: { USD: number; IQD: number };
  exchangeRate: number;
}

const accountTag = (id: string) => ({ type: 'Customer' as const, id: `account:${id}` });

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
    /** The user's rate now: what "all owed" in the other currency is worked out at (the server converts at its own). */
    customerAccountRate: build.query<number, void>({
      query: () => '/settings/exchange-rate',
      transformResponse: (res: { data: { exchangeRate: number } }) => res.data.exchangeRate,
    }),
    /** Receivables' totals per branch and currency (reports → view): what customers owe the shop, by age. */
    /** What is owed to the shop per branch and currency: of the branch the view shows, or every branch the user may see. */
    receivablesTotals: build.query<{ branchId: string; currency: Currency; owedMinor: number }[], string | undefined>({
      query: (branch) => ({ url: '/receivables', params: { limit: 1, ...(branch ? { branch } : {}) } }),
      transformResponse: (r: { data: { totals: { branchId: string; currency: Currency; owedMinor: number }[] } }) => r.data.totals,
      providesTags: ['Dashboard'],
    }),
    customerAccount: build.query<CustomerAccount, { id: string; page?: number }>({
      query: ({ id, page }) => ({
        url: `/customers/${encodeURIComponent(id)}/account`,
        params: page ? { page, limit: 50 } : { limit: 50 },
      }),
      transformResponse: (r: { data: CustomerAccount }) => r.data,
      providesTags: (_r, _e, { id }) => [accountTag(id)],
    }),
    customerCreditLimit: build.mutation<CustomerAccountDto, { id: string; currency: Currency; amountMinor: number }>({
      query: ({ id, ...body }) => ({ url: `/customers/${encodeURIComponent(id)}/credit-limit`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [accountTag(id), { type: 'Customer', id }, listTag('Customer')],
    }),
    /** One key per repayment the cashier confirms: sent again (a lost answer), it is taken once. */
    customerRepay: build.mutation<RepaymentAnswer, { id: string; key: string; body: RepaymentInput }>({
      query: ({ id, key, body }) => ({
        url: `/customers/${encodeURIComponent(id)}/repayments`,
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
      }),
      transformResponse: (r: { data: RepaymentAnswer }) => r.data,
      invalidatesTags: (_r, _e, { id }) => [accountTag(id), { type: 'Customer', id }, listTag('Customer'), 'Dashboard'],
    }),
  }),
});

export const { useReceivablesTotalsQuery, useCustomerAccountQuery, useCustomerCreditLimitMutation, useCustomerRepayMutation } =
  customersApi;

export const { useCustomersPageQuery, useCustomerQuery, useCustomersUpdateMutation, useCustomersDeleteMutation } = customersApi;
