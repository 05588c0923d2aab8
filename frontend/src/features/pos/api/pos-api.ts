import type {
  ApiSuccess,
  Currency,
  CustomerDto,
  InvoiceBlockDto,
  RedemptionQuoteDto,
  SaleDto,
  SaleRequest,
  ScaleLabelRule,
} from '@dukan/contracts';
import { unwrap, type Wrapped } from '../../../app/api.js';
import { sharedApi } from '../../../app/shared-api.js';
import { listTag, listTags } from '../../../app/tags.js';
import { offlineRead } from '../lib/offline-reads.js';

export interface TillMoneySettings {
  exchangeRate: number;
  isUserSpecific: boolean;
  iqdCashRounding?: number;
  changeCurrency?: Currency;
}

/** The till's own calls; the shared ones (the product list, categories, loyalty settings, adding a customer) come with `sharedApi`. */
export const posApi = sharedApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The rate that applies to this user, the shop's dinar cash-rounding step (absent from an older server: none) and
     * the currency the till starts the change in (absent from an older server: the sale's own).
     */
    exchangeRate: build.query<TillMoneySettings, void>({
      // A user may have a rate of their own: kept per user.
      queryFn: (_arg, { getState }, _extra, baseQuery) =>
        offlineRead(
          `exchange-rate:${(getState() as { auth: { user: { _id: string } | null } }).auth.user?._id ?? ''}`,
          () => baseQuery('/settings/exchange-rate'),
          (res) => (res as { data: TillMoneySettings }).data,
        ),
      providesTags: ['ExchangeRate'],
    }),
    /** The shop's scale-label rule (labels off on an older server, or before the shop sets one). */
    scaleRule: build.query<ScaleLabelRule | null, void>({
      queryFn: (_arg, _api, _extra, baseQuery) =>
        offlineRead(
          'scale-rule',
          () => baseQuery('/settings/general'),
          (res) => (res as { data: { scaleLabel?: ScaleLabelRule } }).data.scaleLabel ?? null,
        ),
      providesTags: ['Settings'],
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
    /**
     * `branch`: the branch a kept sale was made in (null: the user's home branch), whatever branch the device has
     * been moved to since; absent: the device's.
     */
    createSale: build.mutation<SaleDto, { key: string; body: SaleRequest; branch?: string | null }>({
      query: ({ key, body, branch }) => ({
        url: '/transactions',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key, ...(branch !== undefined ? { 'X-Dukan-Branch': branch ?? '' } : {}) },
      }),
      transformResponse: (res: Wrapped<SaleDto>) => unwrap(res),
      // The sales list, the dashboard and the customer's points and purchases change with a sale (the till counts the stock it sold itself).
      invalidatesTags: (_r, _e, { body }) => [
        'Dashboard',
        listTag('Transaction'),
        ...(body.customer ? [{ type: 'Customer' as const, id: body.customer }] : []),
      ],
    }),
    /** Invoice numbers for this register's sales made offline. */
    reserveInvoiceBlock: build.mutation<InvoiceBlockDto, { register: string; device?: string }>({
      query: (body) => ({ url: '/transactions/invoice-blocks', method: 'POST', body }),
      transformResponse: (res: ApiSuccess<InvoiceBlockDto>) => res.data,
    }),
  }),
});

export const {
  useExchangeRateQuery,
  useScaleRuleQuery,
  useCustomersQuery,
  useRedeemPointsMutation,
  useCreateSaleMutation,
  useReserveInvoiceBlockMutation,
} = posApi;
