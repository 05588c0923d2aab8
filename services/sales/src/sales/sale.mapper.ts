import { paymentMethodOf, paymentStatusLabel, type Currency, type SaleDto, type SaleLineDto } from '@dukan/contracts';
import { changeOf, changeValue, n, tendersOf, type LineRow, type RefundRow, type SaleRow } from './sale.rows.js';

const dollars = (cents: string | number): number => n(cents) / 100;
/** An amount in minor units of `currency` as the API shows it: dollars (2 decimals) or whole dinars. */
const major = (minor: string | number | null, currency: Currency): number => (currency === 'USD' ? n(minor) / 100 : n(minor));

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
