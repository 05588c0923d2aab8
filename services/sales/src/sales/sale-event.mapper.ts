import { paymentMethodOf, type SaleEventData, type SaleLineData } from '@dukan/contracts';
import { changeOf, changeValue, n, tendersOf, type LineRow, type SaleRow } from './sale.rows.js';

// What a sale's events carry (completed and voided), read from its rows.

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
