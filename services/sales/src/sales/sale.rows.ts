import type { Currency, LocalizedText, RefundTender, SaleChange, SaleTender, TaxMode } from '@dukan/contracts';

// A sale as sales' tables hold it: the rows read back (bigint columns arrive as strings from pg) and what they say
// of the tenders and the change. The API's shape is in sale.mapper.ts, the events' in sale-event.mapper.ts.

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

/** A numeric column as a number (null as 0). */
export const n = (v: string | number | null | undefined): number => (v === null || v === undefined ? 0 : Number(v));

/** The change the sale gave, in its own currency; null when no cash was tendered. */
export function changeOf(s: SaleRow): SaleChange | null {
  return s.change_currency && s.change_minor !== null ? { currency: s.change_currency, amountMinor: n(s.change_minor) } : null;
}

/** The tenders handed over, each in its own currency. */
export function tendersOf(s: SaleRow): SaleTender[] {
  return (s.tenders ?? []).map((t) => ({ method: t.method, currency: t.currency, amountMinor: n(t.amountMinor) }));
}

/** The change's value in the sale's currency: tenders - total - rounding. */
export const changeValue = (s: SaleRow): number => n(s.tendered_minor) - n(s.total_minor) - n(s.cash_rounding_minor);
