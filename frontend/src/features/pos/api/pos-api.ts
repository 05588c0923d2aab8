import type { ApiSuccess, CustomerDto, RedemptionQuoteDto, SaleDto, TillProductDto } from '@dukan/contracts';
import { unwrap, type Wrapped } from '../../../app/api.js';
import { sharedApi } from '../../../app/shared-api.js';
import type { SalePayload } from '../lib/totals.js';

/** The till's own calls; the shared ones (categories, loyalty settings, adding a customer) come with `sharedApi`. */
export const posApi = sharedApi.injectEndpoints({
  endpoints: (build) => ({
    tillProducts: build.query<TillProductDto[], void>({
      query: () => '/products?active=true&view=till',
      transformResponse: (res: Wrapped<TillProductDto[]>) => unwrap(res),
      providesTags: ['Product'],
      keepUnusedDataFor: 600,
    }),
    exchangeRate: build.query<{ exchangeRate: number; isUserSpecific: boolean }, void>({
      query: () => '/settings/exchange-rate',
      transformResponse: (res: { data: { exchangeRate: number; isUserSpecific: boolean } }) => res.data,
      providesTags: ['ExchangeRate'],
    }),
    customers: build.query<CustomerDto[], string>({
      query: (search) => ({ url: '/customers', params: search ? { search } : {} }),
      transformResponse: (res: Wrapped<CustomerDto[]>) => unwrap(res),
      providesTags: ['Customer'],
    }),
    redeemPoints: build.mutation<RedemptionQuoteDto, { customerId: string; points: number }>({
      query: (body) => ({ url: '/transactions/redeem', method: 'POST', body }),
      transformResponse: (res: ApiSuccess<RedemptionQuoteDto>) => res.data,
    }),
    createSale: build.mutation<SaleDto, { key: string; body: SalePayload }>({
      query: ({ key, body }) => ({ url: '/transactions', method: 'POST', body, headers: { 'Idempotency-Key': key } }),
      transformResponse: (res: Wrapped<SaleDto>) => unwrap(res),
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
