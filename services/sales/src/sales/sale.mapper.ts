import { paymentStatusLabel, type Currency, type LocalizedText, type SaleEventData, type SaleLineData } from '@dukan/contracts';
import type { SaleDto, SaleLineDto } from '@dukan/contracts';
import { inSaleCurrency } from '@dukan/contracts';

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
  tax_cents: string;
  total_cents: string;
  payment_method: 'cash';
  payment_status: 'paid' | 'pending' | 'failed';
  tendered_cents: string;
  change_cents: string;
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
}

export interface RefundRow {
  id: string;
  amount_cents: string;
  points_returned: number;
  points_revoked: number;
  reason: string | null;
  lines: { lineId: string; quantity: number; amountCents: number }[];
  created_by: string;
  created_at: Date;
}

const n = (v: string | number | null | undefined): number => (v === null || v === undefined ? 0 : Number(v));
const dollars = (cents: string | number): number => n(cents) / 100;

export function toLineDto(l: LineRow): SaleLineDto {
  return {
    _id: l.id,
    product: l.product_id,
    productSnapshot: { name: l.name, sku: l.sku, price: dollars(l.unit_price_cents) },
    quantity: l.quantity,
    unitPrice: dollars(l.unit_price_cents),
    discount: n(l.discount_percent),
    discountType: 'percentage',
    discountAmount: dollars(l.discount_cents),
    subtotal: dollars(l.subtotal_cents),
    refundedQuantity: l.refunded_quantity,
  };
}

/** The JSON of one sale (spec part 2 §3 and the fields the till reads after a sale); money in dollars. */
export function toSaleDto(s: SaleRow, lines: LineRow[], refunds: RefundRow[] = []): SaleDto {
  const rate = n(s.exchange_rate);
  const cur = (cents: string | number) => inSaleCurrency(n(cents), s.currency, rate);
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
    paymentMethod: s.payment_method,
    paymentDetails: { amountTendered: dollars(s.tendered_cents), change: dollars(s.change_cents) },
    currency: s.currency,
    exchangeRate: rate,
    items: lines.map(toLineDto),
    subtotal: dollars(s.subtotal_cents),
    discountType: s.discount_type,
    discountValue: s.discount_value === null ? null : s.discount_type === 'fixed' ? n(s.discount_value) / 100 : n(s.discount_value),
    discountAmount: dollars(s.discount_cents),
    loyaltyDiscount: dollars(s.loyalty_discount_cents),
    loyaltyPointsRedeemed: s.points_redeemed,
    loyaltyPointsAwarded: s.points_awarded,
    taxRate: s.tax_rate_bp / 100,
    taxAmount: dollars(s.tax_cents),
    total: dollars(s.total_cents),
    amountsInCurrency: {
      currency: s.currency,
      subtotal: cur(s.subtotal_cents),
      discountAmount: cur(s.discount_cents),
      loyaltyDiscount: cur(s.loyalty_discount_cents),
      taxAmount: cur(s.tax_cents),
      total: cur(s.total_cents),
      amountTendered: cur(s.tendered_cents),
      // In dinars the change is the tender less the total as shown, as the cashier counts it (whole dinars).
      change: s.currency === 'IQD' ? cur(s.tendered_cents) - cur(s.total_cents) : cur(s.change_cents),
    },
    refunded: s.refund_state === 'full',
    refundState: s.refund_state,
    refundedAmount: dollars(s.refunded_cents),
    refunds: refunds.map((r) => ({
      _id: r.id,
      amount: dollars(r.amount_cents),
      pointsReturned: r.points_returned,
      pointsRevoked: r.points_revoked,
      reason: r.reason,
      lines: r.lines.map((l) => ({ lineId: l.lineId, quantity: l.quantity, amount: l.amountCents / 100 })),
      createdBy: r.created_by,
      createdAt: r.created_at.toISOString(),
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
  };
}

export function toSaleEvent(s: SaleRow, lines: LineRow[]): SaleEventData {
  const rate = n(s.exchange_rate);
  const minor = (cents: string) => (s.currency === 'IQD' ? inSaleCurrency(n(cents), 'IQD', rate) : n(cents));
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
    taxCents: n(s.tax_cents),
    totalCents: n(s.total_cents),
    pointsRedeemed: s.points_redeemed,
    redemptionId: s.redemption_id,
    pointsAwarded: s.points_awarded,
    paymentMethod: 'cash',
    tenderedMinor: minor(s.tendered_cents),
    changeMinor: s.currency === 'IQD' ? minor(s.tendered_cents) - minor(s.total_cents) : minor(s.change_cents),
    completedAt: s.created_at.toISOString(),
  };
}
