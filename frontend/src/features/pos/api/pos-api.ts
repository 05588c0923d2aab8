import type { ApiSuccess, CustomerDto, RedemptionQuoteDto, SaleDto, TillProductDto } from '@dukan/contracts';
import { unwrap, type Wrapped } from '../../../app/api.js';
import { sharedApi } from '../../../app/shared-api.js';
import { listTag, listTags, TILL_PRODUCTS } from '../../../app/tags.js';
import type { SalePayload } from '../lib/totals.js';

/** The till's own calls; the shared ones (categories, loyalty settings, adding a customer) come with `sharedApi`. */
export const posApi = sharedApi.injectEndpoints({
  endpoints: (build) => ({
    tillProducts: build.query<TillProductDto[], void>({
      query: () => '/products?active=true&view=till',
      transformResponse: (res: Wrapped<TillProductDto[]>) => unwrap(res),
      providesTags: [TILL_PRODUCTS],
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
      providesTags: (r) => listTags('Customer', r),
    }),
    redeemPoints: build.mutation<RedemptionQuoteDto, { customerId: string; points: number }>({
      query: (body) => ({ url: '/transactions/redeem', method: 'POST', body }),
      transformResponse: (res: ApiSuccess<RedemptionQuoteDto>) => res.data,
    }),
    createSale: build.mutation<SaleDto, { key: string; body: SalePayload }>({
      query: ({ key, body }) => ({ url: '/transactions', method: 'POST', body, headers: { 'Idempotency-Key': key } }),
      transformResponse: (res: Wrapped<SaleDto>) => unwrap(res),
      // The sales list, the dashboard and the customer's points and purchases change with a sale (the till counts the stock it sold itself).
      invalidatesTags: (_r, _e, { body }) => ['Dashboard', listTag('Transaction'), ...(body.customer ? [{ type: 'Customer' as const, id: body.customer }] : [])],
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
