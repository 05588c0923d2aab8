import { TRANSACTIONS_FETCH_LIMIT, type SaleDto, type SaleRefundResultDto } from '@dukan/contracts';
import { api } from '../../../app/api.js';
import { listTag, listTags, PRODUCT_LISTS } from '../../../app/tags.js';

/** What a void or refund changes: the sale, the sales list, stock, the sale's customer (points, total spent) and the dashboard. */
function saleChanged(id: string, customerId: string | null | undefined) {
  return [
    { type: 'Transaction' as const, id },
    listTag('Transaction'),
    ...PRODUCT_LISTS,
    ...(customerId ? [{ type: 'Customer' as const, id: customerId }] : []),
    'Dashboard' as const,
  ];
}

export interface RefundRequest {
  id: string;
  /** Made once per refund dialog, so a repeated click or a retried request is the same refund. */
  idempotencyKey: string;
  body: { lines?: { lineId: string; quantity: number }[]; reason?: string; restock: boolean };
}

export const transactionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Spec part 2 §7: the list asks for up to 1000 and pages on the client.
    transactionsList: build.query<SaleDto[], void>({
      query: () => ({ url: '/transactions', params: { limit: TRANSACTIONS_FETCH_LIMIT } }),
      transformResponse: (res: { data: SaleDto[] } | SaleDto[]) => (Array.isArray(res) ? res : res.data),
      providesTags: (r) => listTags('Transaction', r),
    }),
    transactionsOne: build.query<SaleDto, string>({
      query: (id) => `/transactions/${encodeURIComponent(id)}`,
      transformResponse: (res: { data: SaleDto }) => res.data,
      providesTags: (_r, _e, id) => [{ type: 'Transaction', id }],
    }),
    transactionsVoid: build.mutation<SaleDto, { id: string; reason?: string }>({
      query: ({ id, reason }) => ({ url: `/transactions/${encodeURIComponent(id)}`, method: 'DELETE', params: reason ? { reason } : {} }),
      transformResponse: (res: { data: SaleDto }) => res.data,
      invalidatesTags: (r, _e, { id }) => saleChanged(id, r?.customerId),
    }),
    transactionsRefund: build.mutation<SaleRefundResultDto, RefundRequest>({
      query: ({ id, idempotencyKey, body }) => ({
        url: `/transactions/${encodeURIComponent(id)}/refund`,
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      transformResponse: (res: { data: SaleRefundResultDto }) => res.data,
      invalidatesTags: (r, _e, { id }) => saleChanged(id, r?.transaction.customerId),
    }),
  }),
});

export const { useTransactionsListQuery, useTransactionsOneQuery, useTransactionsVoidMutation, useTransactionsRefundMutation } =
  transactionsApi;
