import { unwrap, type Wrapped } from '../../../app/api.js';
import { sharedApi, type Customer } from '../../../app/shared-api.js';
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

/** The till's own calls; the shared ones (categories, loyalty settings, adding a customer) come with `sharedApi`. */
export const posApi = sharedApi.injectEndpoints({
  endpoints: (build) => ({
    tillProducts: build.query<TillProduct[], void>({
      query: () => '/products?active=true&view=till',
      transformResponse: (res: Wrapped<TillProduct[]>) => unwrap(res),
      providesTags: ['Product'],
      keepUnusedDataFor: 600,
    }),
    exchangeRate: build.query<{ exchangeRate: number; isUserSpecific: boolean }, void>({
      query: () => '/settings/exchange-rate',
      transformResponse: (res: { data: { exchangeRate: number; isUserSpecific: boolean } }) => res.data,
      providesTags: ['ExchangeRate'],
    }),
    customers: build.query<Customer[], string>({
      query: (search) => ({ url: '/customers', params: search ? { search } : {} }),
      transformResponse: (res: Wrapped<Customer[]>) => unwrap(res),
      providesTags: ['Customer'],
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
  useExchangeRateQuery,
  useCustomersQuery,
  useRedeemPointsMutation,
  useCreateSaleMutation,
} = posApi;

/** Also read by the loyalty settings screen, which imports it from here. */
export { useLoyaltySettingsQuery } from '../../../app/shared-api.js';
