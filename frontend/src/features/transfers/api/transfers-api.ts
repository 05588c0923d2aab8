import type { BranchPriceDto, Paginated, ProductDto, TransferDto, TransferState } from '@dukan/contracts';
import { api } from '../../../app/api.js';
import { PRODUCT_LISTS } from '../../../app/tags.js';

export interface SendTransferArgs {
  toBranch: string;
  lines: { product: string; quantity: number }[];
  note?: string;
  /** One per transfer being sent: a repeat (a retry, a double click) sends nothing more. */
  idempotencyKey: string;
}

export interface ReceiveTransferArgs {
  id: string;
  lines: { product: string; quantity: number }[];
  note?: string;
}

const withTags = api.enhanceEndpoints({ addTagTypes: ['Transfer', 'BranchPrice'] });

/** Stock transfers between branches and a product's prices per branch (a chain's shop only). */
export const transfersApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    transfers: build.query<Paginated<TransferDto>, { state: TransferState | '' }>({
      query: ({ state }) => ({ url: '/products/transfers', params: { limit: 100, ...(state && { state }) } }),
      providesTags: ['Transfer'],
    }),
    /** Products to send, with this branch's stock. */
    transferProductSearch: build.query<ProductDto[], string>({
      query: (term) => `/products/search/${encodeURIComponent(term)}?limit=8&active=true`,
    }),
    sendTransfer: build.mutation<{ data: TransferDto }, SendTransferArgs>({
      query: ({ idempotencyKey, ...body }) => ({
        url: '/products/transfers',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      // Stock left this branch: the product lists and the till's list change too.
      invalidatesTags: ['Transfer', ...PRODUCT_LISTS],
    }),
    receiveTransfer: build.mutation<{ data: TransferDto }, ReceiveTransferArgs>({
      query: ({ id, ...body }) => ({ url: `/products/transfers/${encodeURIComponent(id)}/receive`, method: 'POST', body }),
      invalidatesTags: ['Transfer', ...PRODUCT_LISTS],
    }),
    /** In transit only, from the branch that sent it: its units go back there. A repeat answers the cancelled transfer. */
    cancelTransfer: build.mutation<{ data: TransferDto }, string>({
      query: (id) => ({ url: `/products/transfers/${encodeURIComponent(id)}/cancel`, method: 'POST' }),
      invalidatesTags: ['Transfer', ...PRODUCT_LISTS],
    }),
    /** Who sent a transfer, for its printed note (users with staff view only). */
    transferSender: build.query<string, string>({
      query: (id) => `/auth/users/${encodeURIComponent(id)}`,
      transformResponse: (res: { data: { firstName: string; lastName: string } }) => `${res.data.firstName} ${res.data.lastName}`.trim(),
    }),
    branchPrices: build.query<BranchPriceDto[], string>({
      query: (id) => `/products/${encodeURIComponent(id)}/branch-prices`,
      transformResponse: (res: { data: BranchPriceDto[] }) => res.data,
      providesTags: (_r, _e, id) => [{ type: 'BranchPrice', id }],
    }),
    setBranchPrice: build.mutation<BranchPriceDto[], { id: string; branchId: string; price: number | null }>({
      query: ({ id, branchId, price }) => ({
        url: `/products/${encodeURIComponent(id)}/branch-prices/${encodeURIComponent(branchId)}`,
        method: price === null ? 'DELETE' : 'PUT',
        ...(price !== null && { body: { price } }),
      }),
      transformResponse: (res: { data: BranchPriceDto[] }) => res.data,
      invalidatesTags: (_r, _e, { id }) => [{ type: 'BranchPrice', id }, ...PRODUCT_LISTS],
    }),
  }),
});

export const {
  useTransfersQuery,
  useTransferProductSearchQuery,
  useSendTransferMutation,
  useReceiveTransferMutation,
  useCancelTransferMutation,
  useTransferSenderQuery,
  useBranchPricesQuery,
  useSetBranchPriceMutation,
} = transfersApi;
