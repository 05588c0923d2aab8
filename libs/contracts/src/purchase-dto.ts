// Answers of suppliers, purchase orders, goods receipts, supplier invoices and payments, and stocktakes (catalog, issue 29).
// Money the shop owes or pays is in the record's own currency: `*Minor` fields are US cents or whole dinars.
import type { Currency } from './money.js';
import type { StockAdjustmentReason } from './events.js';
import type { Pagination } from './dto.js';

export interface SupplierDto {
  _id: string;
  name: { en: string; ku: string };
  phone: string | null;
  address: string | null;
  notes: string | null;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

export const PURCHASE_ORDER_STATES = ['draft', 'sent', 'partial', 'received', 'cancelled'] as const;
export type PurchaseOrderState = (typeof PURCHASE_ORDER_STATES)[number];

export interface PurchaseOrderLineDto {
  productId: string;
  sku: string;
  barcode: string | null;
  name: { en: string; ku: string };
  ordered: number;
  received: number;
  unitCostMinor: number; // expected cost, in the order's currency
}

export interface PurchaseOrderDto {
  _id: string;
  number: string; // 'PO-' and digits
  supplier: { _id: string; name: { en: string; ku: string }; phone: string | null; address: string | null };
  branchId: string;
  currency: Currency;
  state: PurchaseOrderState;
  note: string | null;
  expectedOn: string | null; // YYYY-MM-DD
  lines: PurchaseOrderLineDto[];
  totalMinor: number; // ordered units at their expected costs
  createdBy: string | null;
  createdAt: string;
  sentAt: string | null;
  closedAt: string | null; // received in full or cancelled
}

export interface GoodsReceiptLineDto {
  productId: string;
  sku: string;
  name: { en: string; ku: string };
  quantity: number;
  unitCostMinor: number; // what the supplier charged, in the receipt's currency
  unitCostCents: number; // the cost batch's cost, USD cents
}

export interface GoodsReceiptDto {
  _id: string;
  number: string; // 'GR-' and digits
  orderId: string | null;
  orderNumber: string | null;
  supplierId: string | null;
  branchId: string;
  currency: Currency;
  exchangeRate: number | null;
  note: string | null;
  lines: GoodsReceiptLineDto[];
  totalMinor: number;
  receivedBy: string | null;
  receivedAt: string;
}

export const SUPPLIER_PAYMENT_SOURCES = ['bank', 'drawer'] as const;
export type SupplierPaymentSource = (typeof SUPPLIER_PAYMENT_SOURCES)[number];

export interface SupplierPaymentDto {
  _id: string;
  invoiceId: string;
  supplierId: string;
  branchId: string;
  currency: Currency;
  amountMinor: number;
  source: SupplierPaymentSource;
  registerId: string | null;
  note: string | null;
  paidBy: string | null;
  paidAt: string;
}

export interface SupplierInvoiceDto {
  _id: string;
  supplier: { _id: string; name: { en: string; ku: string } };
  branchId: string;
  number: string; // the supplier's own invoice number
  orderId: string | null;
  currency: Currency;
  amountMinor: number;
  paidMinor: number;
  dueMinor: number;
  issuedOn: string; // YYYY-MM-DD
  dueOn: string; // YYYY-MM-DD
  note: string | null;
  payments: SupplierPaymentDto[];
  createdAt: string;
}

/** Days past the due date an open amount is in; 'current' is not yet due. */
export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** The bucket of an amount due on `dueOn` (YYYY-MM-DD), seen on `today` (YYYY-MM-DD). */
export function agingBucket(dueOn: string, today: string): AgingBucket {
  const days = Math.floor((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueOn}T00:00:00Z`)) / 86_400_000);
  if (!(days > 0)) return 'current';
  if (days <= 30) return 'days1to30';
  if (days <= 60) return 'days31to60';
  if (days <= 90) return 'days61to90';
  return 'over90';
}

/** GET /api/purchases/payables: what the shop owes, per supplier and currency (never added across currencies). */
export interface PayablesRowDto {
  supplierId: string;
  name: { en: string; ku: string };
  currency: Currency;
  openInvoices: number;
  buckets: Record<AgingBucket, number>; // minor units
  totalMinor: number;
}

export interface PayablesReportDto {
  asOf: string; // YYYY-MM-DD
  rows: PayablesRowDto[];
  totals: { currency: Currency; buckets: Record<AgingBucket, number>; totalMinor: number }[];
}

export const STOCKTAKE_STATES = ['counting', 'approved', 'cancelled'] as const;
export type StocktakeState = (typeof STOCKTAKE_STATES)[number];

export interface StocktakeDto {
  _id: string;
  number: string; // 'ST-' and digits
  branchId: string;
  state: StocktakeState;
  categories: { _id: string; name: { en: string; ku: string } }[]; // empty: the whole branch
  note: string | null;
  countedProducts: number;
  createdBy: string | null;
  createdAt: string;
  approvedBy: string | null;
  approvedAt: string | null;
}

/** What a counter sees: only what was counted, never what the ledger expects (a blind count). */
export interface StocktakeCountDto {
  productId: string;
  sku: string;
  barcode: string | null;
  name: { en: string; ku: string };
  counted: number;
  lastCountedAt: string;
}

export interface StocktakeVarianceLineDto {
  productId: string;
  sku: string;
  name: { en: string; ku: string };
  counted: number | null; // null: in scope but not counted
  expected: number; // the ledger's stock when the product was first counted (or now, for an uncounted one)
  variance: number; // counted - expected (0 for an uncounted one unless applied as zero)
  unitCostCents: number;
  varianceCostCents: number;
}

export interface StocktakeVarianceDto {
  stocktake: StocktakeDto;
  lines: StocktakeVarianceLineDto[];
  totals: { products: number; counted: number; unitsOver: number; unitsShort: number; varianceUnits: number; varianceCostCents: number };
  uncounted: number;
  pagination: Pagination;
}

export const STOCK_ADJUSTMENT_REASONS: readonly StockAdjustmentReason[] = ['damaged', 'expired', 'theft', 'own_use', 'correction'];

export const MAX_PURCHASE_LINES = 500;
export const MAX_RECEIPT_LINES = 5000;
export const MAX_COUNT_LINES = 500;

/** GET /api/products/negative-stock: products the branch sold below zero, most negative first. */
export interface NegativeStockDto {
  productId: string;
  sku: string;
  barcode: string | null;
  name: { en: string; ku: string };
  quantity: number;
  since: string; // when its stock last changed
}
