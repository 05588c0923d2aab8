import { centsToDollars } from './money.js';

export type DiscountType = 'percentage' | 'fixed';

export interface CartLine {
  productId: string;
  sku: string;
  barcode: string;
  name: { en: string; ku?: string };
  /** List price of one unit, USD cents. */
  unitCents: number;
  /** The product's own discount, percent 0–100. */
  discountPercent: number;
  quantity: number;
  /** Units in stock when the product list was loaded. */
  stock: number;
}

export interface OrderDiscount {
  type: DiscountType;
  /** Percent (0–100) for 'percentage'; USD cents for 'fixed'. */
  value: number;
}

export interface Totals {
  subtotalCents: number;
  discountCents: number;
  loyaltyCents: number;
  totalCents: number;
}

export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/**
 * `cents` × `percent` / 100 rounded half up, computed exactly on the decimal digits (no float products),
 * the same way the server prices a sale, so both agree to the cent.
 */
export function percentOfCents(cents: number, percent: number): number {
  const text = clampPercent(percent).toFixed(6).replace(/0+$/, '').replace(/\.$/, '');
  const [int = '0', frac = ''] = text.split('.');
  const units = BigInt(int + frac);
  const den = 100n * 10n ** BigInt(frac.length);
  const num = BigInt(Math.round(cents)) * units;
  return Number((num * 2n + den) / (den * 2n));
}

/** A line's amount after the product's own discount: the discount is rounded to the cent once per line. */
export function lineSubtotalCents(line: Pick<CartLine, 'unitCents' | 'quantity' | 'discountPercent'>): number {
  const gross = line.unitCents * line.quantity;
  return gross - percentOfCents(gross, line.discountPercent);
}

/** Order discount in cents: percent clamped to 0–100, fixed never above the subtotal. */
export function orderDiscountCents(subtotalCents: number, discount: OrderDiscount): number {
  if (discount.type === 'percentage') {
    return percentOfCents(subtotalCents, discount.value);
  }
  return Math.min(subtotalCents, Math.max(0, Math.round(discount.value)));
}

export function computeTotals(lines: readonly CartLine[], discount: OrderDiscount, loyaltyCents: number): Totals {
  const subtotalCents = lines.reduce((sum, line) => sum + lineSubtotalCents(line), 0);
  const discountCents = orderDiscountCents(subtotalCents, discount);
  const afterDiscount = subtotalCents - discountCents;
  const loyalty = Math.min(Math.max(0, Math.round(loyaltyCents)), afterDiscount);
  return {
    subtotalCents,
    discountCents,
    loyaltyCents: loyalty,
    totalCents: Math.max(0, afterDiscount - loyalty),
  };
}

/** Change owed, or null while the tender does not cover the total (confirm stays disabled). */
export function changeCents(tenderedCents: number | null, totalCents: number): number | null {
  if (tenderedCents === null || !Number.isFinite(tenderedCents)) return null;
  if (tenderedCents < totalCents) return null;
  return tenderedCents - totalCents;
}

/** Loyalty points the cashier may redeem: clamped to 0..available, whole points. */
export function clampRedeemPoints(value: number, available: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.max(0, Math.min(Math.floor(value), Math.max(0, Math.floor(available))));
}

export type RedeemCheck = 'ok' | 'minimumPointsError' | 'insufficientPointsError';

export function checkRedeem(points: number, available: number): RedeemCheck {
  if (!(points > 0)) return 'minimumPointsError';
  if (points > available) return 'insufficientPointsError';
  return 'ok';
}

export interface SalePayloadInput {
  lines: readonly CartLine[];
  discount: OrderDiscount;
  totals: Totals;
  customerId: string | null;
  currency: 'USD' | 'IQD';
  exchangeRate: number;
  tenderedCents: number;
  register: string;
  loyaltyPointsRedeemed: number;
  now: Date;
}

/** The body of POST /api/transactions (spec part 1 §3), money as dollars with 2 decimals. */
export function buildSalePayload(input: SalePayloadInput) {
  const { lines, discount, totals } = input;
  return {
    ...(input.customerId ? { customer: input.customerId } : {}),
    items: lines.map((line) => ({
      product: line.productId,
      productSnapshot: { name: line.name.en, sku: line.sku, price: centsToDollars(line.unitCents) },
      quantity: line.quantity,
      unitPrice: centsToDollars(line.unitCents),
      subtotal: centsToDollars(lineSubtotalCents(line)),
      discount: clampPercent(line.discountPercent),
      discountType: 'percentage' as const,
    })),
    subtotal: centsToDollars(totals.subtotalCents),
    discountType: discount.type,
    discountValue: discount.type === 'percentage' ? clampPercent(discount.value) : centsToDollars(discount.value),
    discountAmount: centsToDollars(totals.discountCents),
    loyaltyDiscount: centsToDollars(totals.loyaltyCents),
    ...(input.loyaltyPointsRedeemed > 0 ? { loyaltyPointsRedeemed: input.loyaltyPointsRedeemed } : {}),
    total: centsToDollars(totals.totalCents),
    currency: input.currency,
    exchangeRate: input.exchangeRate,
    paymentMethod: 'cash' as const,
    paymentDetails: {
      amountTendered: centsToDollars(input.tenderedCents),
      change: centsToDollars(input.tenderedCents - totals.totalCents),
    },
    paymentStatus: 'paid' as const,
    register: input.register,
    invoiceNumber: `INV-${input.now.getTime()}`,
    createdAt: input.now.toISOString(),
  };
}

export type SalePayload = ReturnType<typeof buildSalePayload>;
