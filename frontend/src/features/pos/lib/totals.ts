import { clampPercent, priceLine, priceSale, type CartDiscount, type DiscountType, type LineInput } from '@dukan/contracts';
import { centsToDollars } from '../../../lib/money.js';

export { clampPercent, type DiscountType };

export interface CartLine {
  productId: string;
  sku: string;
  barcode: string | null;
  name: { en: string; ku?: string };
  /** List price of one unit, USD cents. */
  unitCents: number;
  /** The product's own discount, percent 0–100. */
  discountPercent: number;
  quantity: number;
  /** Units in stock when the product list was loaded. */
  stock: number;
}

/** Percent (0–100) for 'percentage'; USD cents for 'fixed'. */
export type OrderDiscount = CartDiscount;

export interface Totals {
  subtotalCents: number;
  discountCents: number;
  loyaltyCents: number;
  totalCents: number;
}

/** A cart line as the shared pricing rules read it. */
function asLineInput(line: Pick<CartLine, 'unitCents' | 'quantity' | 'discountPercent'>): LineInput {
  return { priceCents: line.unitCents, quantity: line.quantity, discountPercent: line.discountPercent };
}

/** A line's amount after the product's own discount (shared pricing rules: half up at the cent, once per line). */
export function lineSubtotalCents(line: Pick<CartLine, 'unitCents' | 'quantity' | 'discountPercent'>): number {
  return priceLine(asLineInput(line)).subtotalCents;
}

/** The cart's totals, priced by the same module the server prices the sale with. */
export function computeTotals(lines: readonly CartLine[], discount: OrderDiscount, loyaltyCents: number): Totals {
  const priced = priceSale({ lines: lines.map(asLineInput), discount, loyaltyDiscountCents: loyaltyCents, taxRateBasisPoints: 0 });
  return {
    subtotalCents: priced.subtotalCents,
    discountCents: priced.discountCents,
    loyaltyCents: priced.loyaltyDiscountCents,
    totalCents: priced.totalCents,
  };
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
