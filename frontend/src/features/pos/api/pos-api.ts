import { api } from '../../../app/api.js';
import type { SalePayload } from '../lib/totals.js';

export interface TillProduct {
  _id: string;
  sku: string;
  barcode: string;
  name: { en: string; ku?: string };
  /** Dollars, e.g. 12.5. */
  price: number;
  /** Percent off, 0–100. */
  discount?: number;
  quantity: number;
  categoryId?: string | null;
  imageUrl?: string | null;
}

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

export interface SavedSale {
  _id: string;
  invoiceNumber: string;
  createdAt: string;
  total?: number;
  paymentDetails?: { amountTendered?: number; change?: number };
  loyaltyPointsAwarded?: number;
  loyaltyDiscount?: number;
  loyaltyPointsRedeemed?: number;
}

export interface LoyaltySettings {
  enabled?: boolean;
  redemptionRate?: number;
  minimumRedemption?: number;
  minimumPoints?: number;
}

type Wrapped<T> = T | { data: T };
function unwrap<T>(res: Wrapped<T>): T {
  return res && typeof res === 'object' && 'data' in (res as object) && !Array.isArray(res) ? (res as { data: T }).data : (res as T);
}

export const posApi = api.injectEndpoints({
  endpoints: (build) => ({
    tillProducts: build.query<TillProduct[], void>({
      query: () => '/products?active=true&view=till',
      transformResponse: (res: Wrapped<TillProduct[]>) => unwrap(res),
      providesTags: ['Product'],
      keepUnusedDataFor: 600,
    }),
    categories: build.query<Category[], void>({
      query: () => '/categories',
      transformResponse: (res: Wrapped<Category[]>) => unwrap(res),
      providesTags: ['Category'],
      keepUnusedDataFor: 600,
    }),
    exchangeRate: build.query<{ exchangeRate: number; isUserSpecific: boolean }, void>({
      query: () => '/settings/exchange-rate',
      transformResponse: (res: { data: { exchangeRate: number; isUserSpecific: boolean } }) => res.data,
      providesTags: ['ExchangeRate'],
    }),
    loyaltySettings: build.query<LoyaltySettings, void>({
      query: () => '/loyalty/settings',
      transformResponse: (res: Wrapped<LoyaltySettings>) => unwrap(res),
      providesTags: ['LoyaltySettings'],
    }),
    customers: build.query<Customer[], string>({
      query: (search) => ({ url: '/customers', params: search ? { search } : {} }),
      transformResponse: (res: Wrapped<Customer[]>) => unwrap(res),
      providesTags: ['Customer'],
    }),
    addCustomer: build.mutation<Customer, NewCustomer>({
      query: (body) => ({ url: '/customers', method: 'POST', body }),
      transformResponse: (res: Wrapped<Customer>) => unwrap(res),
      invalidatesTags: ['Customer'],
    }),
    redeemPoints: build.mutation<{ pointsRedeemed: number; monetaryValue: number }, { customerId: string; points: number }>({
      query: (body) => ({ url: '/transactions/redeem', method: 'POST', body }),
      transformResponse: (res: { data: { pointsRedeemed: number; monetaryValue: number } }) => res.data,
    }),
    createSale: build.mutation<SavedSale, { key: string; body: SalePayload }>({
      query: ({ key, body }) => ({ url: '/transactions', method: 'POST', body, headers: { 'Idempotency-Key': key } }),
      transformResponse: (res: Wrapped<SavedSale>) => unwrap(res),
      // Stock and customer points change with a sale.
      invalidatesTags: ['Dashboard', 'Transaction', 'Customer'],
    }),
  }),
});

export const {
  useTillProductsQuery,
  useCategoriesQuery,
  useExchangeRateQuery,
  useLoyaltySettingsQuery,
  useCustomersQuery,
  useAddCustomerMutation,
  useRedeemPointsMutation,
  useCreateSaleMutation,
} = posApi;
