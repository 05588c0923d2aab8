import type {
  Currency,
  GoodsReceiptDto,
  Paginated,
  PayablesReportDto,
  ProductDto,
  PurchaseOrderDto,
  SupplierDto,
  SupplierInvoiceDto,
  SupplierPaymentSource,
} from '@dukan/contracts';
import { api } from '../../../app/api.js';
import { PRODUCT_LISTS } from '../../../app/tags.js';

export interface SupplierInput {
  name: { en: string; ku: string };
  phone: string | null;
  address: string | null;
  notes: string | null;
  active?: boolean;
}

export interface OrderInput {
  supplier: string;
  currency: Currency;
  lines: { product: string; quantity: number; unitCostMinor: number }[];
  note?: string | null;
  expectedOn?: string | null;
}

export interface ReceiptInput {
  order?: string;
  supplier?: string;
  currency?: Currency;
  exchangeRate?: number;
  lines: { product: string; quantity: number; unitCostMinor?: number }[];
  note?: string | null;
  /** One per receipt being sent: a retry or a double click receives nothing more. */
  idempotencyKey: string;
}

export interface InvoiceInput {
  supplier: string;
  number: string;
  currency: Currency;
  amountMinor: number;
  issuedOn: string;
  dueOn: string;
  note?: string | null;
}

export interface PaymentInput {
  id: string;
  amountMinor: number;
  source: SupplierPaymentSource;
  register?: string;
  note?: string | null;
  idempotencyKey: string;
}

const withTags = api.enhanceEndpoints({ addTagTypes: ['Supplier', 'PurchaseOrder', 'GoodsReceipt', 'SupplierInvoice'] });

/** Suppliers, purchase orders, receiving and what the shop owes (catalog's /api/purchases). */
export const purchasesApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    suppliers: build.query<Paginated<SupplierDto>, { search?: string; all?: boolean }>({
      query: ({ search, all }) => ({
        url: '/purchases/suppliers',
        params: { limit: 200, ...(search && { search }), ...(all && { active: 'all' }) },
      }),
      providesTags: ['Supplier'],
    }),
    saveSupplier: build.mutation<{ data: SupplierDto }, { id?: string; body: SupplierInput }>({
      query: ({ id, body }) => ({
        url: id ? `/purchases/suppliers/${encodeURIComponent(id)}` : '/purchases/suppliers',
        method: id ? 'PUT' : 'POST',
        body,
      }),
      invalidatesTags: ['Supplier', 'PurchaseOrder'],
    }),
    orders: build.query<Paginated<PurchaseOrderDto>, { open?: boolean }>({
      query: ({ open }) => ({ url: '/purchases/orders', params: { limit: 100, ...(open && { open: 'true' }) } }),
      providesTags: ['PurchaseOrder'],
    }),
    createOrder: build.mutation<{ data: PurchaseOrderDto }, OrderInput>({
      query: (body) => ({ url: '/purchases/orders', method: 'POST', body }),
      invalidatesTags: ['PurchaseOrder'],
    }),
    orderAction: build.mutation<{ data: PurchaseOrderDto }, { id: string; action: 'send' | 'cancel' }>({
      query: ({ id, action }) => ({ url: `/purchases/orders/${encodeURIComponent(id)}/${action}`, method: 'POST' }),
      invalidatesTags: ['PurchaseOrder'],
    }),
    receiveGoods: build.mutation<{ data: GoodsReceiptDto }, ReceiptInput>({
      query: ({ idempotencyKey, ...body }) => ({
        url: '/purchases/receipts',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: ['PurchaseOrder', 'GoodsReceipt', ...PRODUCT_LISTS],
    }),
    invoices: build.query<Paginated<SupplierInvoiceDto>, void>({
      query: () => ({ url: '/purchases/invoices', params: { limit: 200 } }),
      providesTags: ['SupplierInvoice'],
    }),
    createInvoice: build.mutation<{ data: SupplierInvoiceDto }, InvoiceInput>({
      query: (body) => ({ url: '/purchases/invoices', method: 'POST', body }),
      invalidatesTags: ['SupplierInvoice'],
    }),
    payInvoice: build.mutation<{ data: SupplierInvoiceDto }, PaymentInput>({
      query: ({ id, idempotencyKey, ...body }) => ({
        url: `/purchases/invoices/${encodeURIComponent(id)}/payments`,
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: ['SupplierInvoice'],
    }),
    payables: build.query<PayablesReportDto, void>({
      query: () => '/purchases/payables',
      transformResponse: (res: { data: PayablesReportDto }) => res.data,
      providesTags: ['SupplierInvoice'],
    }),
    /** The rate dinar costs are converted at for the cost batches (the user's own rate, as the till's). */
    purchaseRate: build.query<number, void>({
      query: () => '/settings/exchange-rate',
      transformResponse: (res: { data: { exchangeRate: number } }) => res.data.exchangeRate,
    }),
    /** A scanned code or a typed name, among live products (a receipt or an order line). */
    purchaseProductSearch: build.query<ProductDto[], string>({
      query: (term) => `/products/search/${encodeURIComponent(term)}?limit=8`,
    }),
  }),
});

export const {
  useSuppliersQuery,
  useSaveSupplierMutation,
  useOrdersQuery,
  useCreateOrderMutation,
  useOrderActionMutation,
  useReceiveGoodsMutation,
  useInvoicesQuery,
  useCreateInvoiceMutation,
  usePayInvoiceMutation,
  usePayablesQuery,
  useLazyPurchaseProductSearchQuery,
  usePurchaseRateQuery,
} = purchasesApi;
