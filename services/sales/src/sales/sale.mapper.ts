import {
  paymentMethodOf,
  paymentStatusLabel,
  type Currency,
  type LocalizedText,
  type RefundTender,
  type SaleChange,
  type SaleEventData,
  type SaleLineData,
  type SaleTender,
  type TaxMode,
} from '@dukan/contracts';
import type { SaleDto, SaleLineDto } from '@dukan/contracts';

/** A sale's tenders as one JSON column (`sale_tenders` of the row aliased `s`), in the order handed over. */
export const SALE_TENDERS = `(SELECT coalesce(json_agg(json_build_object('method', t.method, 'currency', t.currency, 'amountMinor', t.amount_minor)
                                ORDER BY t.seq), '[]'::json) FROM sale_tenders t WHERE t.sale_id = s.id)`;

/** A row of `sales` as read (bigint columns arrive as strings from pg). */
export interface SaleRow {
  id: string;
  invoice_number: string;
  branch_id: string;
  register: string;
  cashier_id: string;
  cashier_username: string;
  customer_id: string | null;
  currency: Currency;
  exchange_rate: string;
  subtotal_cents: string;
  discount_type: 'percentage' | 'fixed' | null;
  discount_value: string | null;
  discount_cents: string;
  loyalty_discount_cents: string;
  points_redeemed: number;
  redemption_id: string | null;
  points_awarded: number;
  tax_rate_bp: number;
  /** Absent from rows read without it: included. */
  tax_mode?: TaxMode;
  tax_cents: string;
  total_cents: string;
  payment_method: string;
  payment_status: 'paid' | 'pending' | 'failed';
  tendered_cents: string;
  change_cents: string;
  // exact in the sale's currency
  subtotal_minor: string;
  discount_minor: string;
  loyalty_discount_minor: string;
  tax_minor: string;
  total_minor: string;
  tendered_minor: string;
  change_currency: Currency | null;
  change_minor: string | null;
  cash_rounding_minor: string;
  refunded_minor: string;
  /** From SALE_TENDERS (or set by the writer). */
  tenders?: SaleTender[] | null;
  status: 'completed' | 'voided';
  refund_state: 'none' | 'partial' | 'full';
  refunded_cents: string;
  voided_at: Date | null;
  voided_by: string | null;
  void_reason: string | null;
  created_at: Date;
  // joined replicas
  c_first?: string | null;
  c_last?: string | null;
  c_phone?: string | null;
  u_username?: string | null;
  u_first?: string | null;
  u_last?: string | null;
}

export interface LineRow {
  id: string;
  sale_id: string;
  line_no: number;
  product_id: string;
  sku: string;
  name: LocalizedText;
  quantity: number;
  unit_price_cents: string;
  unit_cost_cents: string;
  discount_percent: string;
  discount_cents: string;
  subtotal_cents: string;
  net_cents: string;
  refunded_quantity: number;
  refunded_cents: string;
  unit_price_minor: string;
  discount_minor: string;
  subtotal_minor: string;
  net_minor: string;
  refunded_minor: string;
  /** The pack sold (quantity is packs), null for units or weight. */
  pack_id: string | null;
  /** Stock units each of the quantity takes: a pack's units, a price label's grams; 1 otherwise. */
  units_per_quantity: number;
  /** Quantity in grams, price per kg. */
  weighed: boolean;
}

export interface RefundRow {
  id: string;
  amount_cents: string;
  amount_minor: string;
  cash_rounding_minor: string;
  points_returned: number;
  points_revoked: number;
  reason: string | null;
  lines: { lineId: string; quantity: number; amountCents: number }[];
  /** Where the money went back (jsonb; amounts in each tender's own currency, values in the sale's). */
  tenders: RefundTender[];
  created_by: string;
  created_at: Date;
  /** The sale an exchange's return paid for (absent or null: a refund). */
  exchange_sale_id?: string | null;
  exchange_invoice?: string | null;
}

const n = (v: string | number | null | undefined): number => (v === null || v === undefined ? 0 : Number(v));
const dollars = (cents: string | number): number => n(cents) / 100;
/** An amount in minor units of `currency` as the API shows it: dollars (2 decimals) or whole dinars. */
const major = (minor: string | number | null, currency: Currency): number => (currency === 'USD' ? n(minor) / 100 : n(minor));

/** The change the sale gave, in its own currency; null when no cash was tendered. */
export function changeOf(s: SaleRow): SaleChange | null {
  return s.change_currency && s.change_minor !== null ? { currency: s.change_currency, amountMinor: n(s.change_minor) } : null;
}

function tendersOf(s: SaleRow): SaleTender[] {
  return (s.tenders ?? []).map((t) => ({ method: t.method, currency: t.currency, amountMinor: n(t.amountMinor) }));
}

/** The change's value in the sale's currency: tenders - total - rounding. */
const changeValue = (s: SaleRow): number => n(s.tendered_minor) - n(s.total_minor) - n(s.cash_rounding_minor);

export function toLineDto(l: LineRow, currency: Currency = 'USD'): SaleLineDto {
  return {
    _id: l.id,
    product: l.product_id,
    productSnapshot: { name: l.name, sku: l.sku, price: dollars(l.unit_price_cents) },
    quantity: l.quantity,
    unitPrice: dollars(l.unit_price_cents),
    unitPriceInCurrency: major(l.unit_price_minor, currency),
    subtotalInCurrency: major(l.subtotal_minor, currency),
    discount: n(l.discount_percent),
    discountType: 'percentage',
    discountAmount: dollars(l.discount_cents),
    subtotal: dollars(l.subtotal_cents),
    refundedQuantity: l.refunded_quantity,
    netMinor: n(l.net_minor),
    refundedMinor: n(l.refunded_minor),
    packId: l.pack_id ?? null,
    unitsPerQuantity: l.units_per_quantity ?? 1,
    weighed: l.weighed ?? false,
  };
}

/** The JSON of one sale (spec part 2 §3 and the fields the till reads after a sale); money in dollars. */
export function toSaleDto(s: SaleRow, lines: LineRow[], refunds: RefundRow[] = []): SaleDto {
  const rate = n(s.exchange_rate);
  const cur = (minor: string | number | null) => major(minor, s.currency);
  return {
    _id: s.id,
    invoiceNumber: s.invoice_number,
    createdAt: s.created_at.toISOString(),
    transactionDate: s.created_at.toISOString(),
    branchId: s.branch_id,
    register: s.register,
    status: s.status,
    // A client that maps paymentStatus as spec part 2 §4 does (failed -> Cancelled) must see a voided sale cancelled;
    // our own screens read `status` and show it as voided.
    paymentStatus: s.status === 'voided' ? 'failed' : s.payment_status,
    paymentStatusLabel: s.status === 'voided' ? 'Cancelled' : paymentStatusLabel(s.payment_status),
    paymentMethod: paymentMethodOf(tendersOf(s)),
    paymentDetails: { amountTendered: dollars(s.tendered_cents), change: dollars(s.change_cents) },
    tenders: tendersOf(s),
    change: changeOf(s),
    currency: s.currency,
    exchangeRate: rate,
    items: lines.map((l) => toLineDto(l, s.currency)),
    subtotal: dollars(s.subtotal_cents),
    discountType: s.discount_type,
    discountValue: s.discount_value === null ? null : s.discount_type === 'fixed' ? n(s.discount_value) / 100 : n(s.discount_value),
    discountAmount: dollars(s.discount_cents),
    loyaltyDiscount: dollars(s.loyalty_discount_cents),
    loyaltyPointsRedeemed: s.points_redeemed,
    loyaltyPointsAwarded: s.points_awarded,
    taxRate: s.tax_rate_bp / 100,
    taxMode: s.tax_mode ?? 'included',
    taxAmount: dollars(s.tax_cents),
    total: dollars(s.total_cents),
    amountsInCurrency: {
      currency: s.currency,
      subtotal: cur(s.subtotal_minor),
      discountAmount: cur(s.discount_minor),
      loyaltyDiscount: cur(s.loyalty_discount_minor),
      taxAmount: cur(s.tax_minor),
      total: cur(s.total_minor),
      amountTendered: cur(s.tendered_minor),
      change: cur(changeValue(s)),
      cashRounding: cur(s.cash_rounding_minor),
      refunded: cur(s.refunded_minor),
    },
    refunded: s.refund_state === 'full',
    refundState: s.refund_state,
    refundedAmount: dollars(s.refunded_cents),
    refunds: refunds.map((r) => ({
      _id: r.id,
      amount: dollars(r.amount_cents),
      amountInCurrency: cur(r.amount_minor),
      cashRounding: cur(r.cash_rounding_minor),
      pointsReturned: r.points_returned,
      pointsRevoked: r.points_revoked,
      reason: r.reason,
      lines: r.lines.map((l) => ({ lineId: l.lineId, quantity: l.quantity, amount: l.amountCents / 100 })),
      tenders: (r.tenders ?? []).map((t) => ({ method: t.method, currency: t.currency, amountMinor: t.amountMinor })),
      createdBy: r.created_by,
      createdAt: r.created_at.toISOString(),
      exchange: r.exchange_sale_id ? { saleId: r.exchange_sale_id, invoiceNumber: r.exchange_invoice ?? '' } : null,
    })),
    voided: s.status === 'voided' ? { at: s.voided_at!.toISOString(), by: s.voided_by, reason: s.void_reason } : null,
    customerId: s.customer_id,
    customer: s.customer_id ? { _id: s.customer_id, firstName: s.c_first ?? '', lastName: s.c_last ?? '', phone: s.c_phone ?? '' } : null,
    cashier: {
      _id: s.cashier_id,
      username: s.u_username ?? s.cashier_username,
      firstName: s.u_first ?? '',
      lastName: s.u_last ?? '',
    },
  };
}

export function toLineEvent(l: LineRow): SaleLineData {
  return {
    lineId: l.id,
    productId: l.product_id,
    sku: l.sku,
    name: l.name,
    quantity: l.quantity,
    unitPriceCents: n(l.unit_price_cents),
    unitCostCents: n(l.unit_cost_cents),
    discountCents: n(l.discount_cents),
    subtotalCents: n(l.subtotal_cents),
    unitPriceMinor: n(l.unit_price_minor),
    subtotalMinor: n(l.subtotal_minor),
    netMinor: n(l.net_minor),
    packId: l.pack_id ?? null,
    unitsPerQuantity: l.units_per_quantity ?? 1,
    weighed: l.weighed ?? false,
  };
}

export function toSaleEvent(s: SaleRow, lines: LineRow[]): SaleEventData {
  const rate = n(s.exchange_rate);
  const tenders = tendersOf(s);
  return {
    saleId: s.id,
    invoiceNumber: s.invoice_number,
    register: s.register,
    branchId: s.branch_id,
    cashierId: s.cashier_id,
    customerId: s.customer_id,
    currency: s.currency,
    exchangeRate: rate,
    lines: lines.map(toLineEvent),
    subtotalCents: n(s.subtotal_cents),
    discountCents: n(s.discount_cents),
    loyaltyDiscountCents: n(s.loyalty_discount_cents),
    taxRateBasisPoints: s.tax_rate_bp,
    taxMode: s.tax_mode ?? 'included',
    taxCents: n(s.tax_cents),
    totalCents: n(s.total_cents),
    pointsRedeemed: s.points_redeemed,
    redemptionId: s.redemption_id,
    pointsAwarded: s.points_awarded,
    paymentMethod: paymentMethodOf(tenders),
    tenderedMinor: n(s.tendered_minor),
    changeMinor: changeValue(s),
    subtotalMinor: n(s.subtotal_minor),
    discountMinor: n(s.discount_minor),
    loyaltyDiscountMinor: n(s.loyalty_discount_minor),
    taxMinor: n(s.tax_minor),
    totalMinor: n(s.total_minor),
    cashRoundingMinor: n(s.cash_rounding_minor),
    tenders,
    change: changeOf(s),
    completedAt: s.created_at.toISOString(),
  };
}
