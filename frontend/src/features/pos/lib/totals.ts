import {
  clampPercent,
  convertMinor,
  priceLine,
  priceSale,
  unitPriceInSaleCurrency,
  type CartDiscount,
  type Currency,
  type DiscountType,
  type LineInput,
  type SaleRequest,
  type SaleTender,
  type TaxMode,
  type TillTaxDto,
} from '@dukan/contracts';

export { clampPercent, type DiscountType };

export interface CartLine {
  productId: string;
  sku: string;
  barcode: string | null;
  name: { en: string; ku?: string };
  /** List price of one unit, USD cents (for a price set in dinars: at the rate when it was set). */
  unitCents: number;
  /** The price as it was set, when in dinars: the sale prices it from this (absent: USD, unitCents). */
  priceCurrency?: Currency;
  priceMinor?: number;
  /** The product's own discount, percent 0–100. */
  discountPercent: number;
  quantity: number;
  /** Units in stock when the product list was loaded. */
  stock: number;
  /** The line's identity in the cart when it is not the product's only line (a pack, a weighed line); absent: productId. */
  key?: string;
  /** A pack line: the pack sold (its price is the line's), each taking `unitsPerQuantity` units. */
  packId?: string;
  unitsPerQuantity?: number;
  /** A weighed line: quantity in grams, the price per kg. */
  weighed?: boolean;
  /** The scale label the line was read from (the server reads it again). */
  scaleLabel?: string;
  /** A short label of what the line is ("Carton × 12"), shown under its name. */
  packName?: { en: string; ku?: string };
}

/** Percent (0–100) for 'percentage'; minor units of the sale's currency for 'fixed'. */
export type OrderDiscount = CartDiscount;

/** The sale's currency and rate: every figure of the cart is exact in that currency (cents, or whole dinars). */
export interface SaleMoney {
  currency: Currency;
  rate: number;
}

/** The shop's tax as the till follows it: a percent (0: none), included in prices or added to them. */
export type ShopTax = TillTaxDto;
export const NO_TAX: ShopTax = { rate: 0, mode: 'included' };

/** The cart's totals in minor units of `currency` (cents, or whole dinars). */
export interface Totals {
  currency: Currency;
  subtotalMinor: number;
  discountMinor: number;
  loyaltyMinor: number;
  /** The shop's tax rate (percent, 0: none) and how it applies; absent on totals kept from before: no tax. */
  taxRate?: number;
  taxMode?: TaxMode;
  /** The tax in the total: contained in it, or added to it. */
  taxMinor?: number;
  totalMinor: number;
}

type PricedLineFields = Pick<CartLine, 'unitCents' | 'quantity' | 'discountPercent' | 'priceCurrency' | 'priceMinor' | 'weighed'>;

/** One unit of a line in the sale's currency: converted once from the currency its price was set in. */
export function unitInSale(line: PricedLineFields, m: SaleMoney): number {
  const [price, from] =
    line.priceCurrency === 'IQD' && line.priceMinor !== undefined ? [line.priceMinor, 'IQD' as const] : [line.unitCents, 'USD' as const];
  return unitPriceInSaleCurrency(price, from, m.currency, m.rate);
}

/** A cart line as the shared pricing rules read it, in the sale's currency. */
function asLineInput(line: PricedLineFields, m: SaleMoney): LineInput {
  return {
    priceCents: unitInSale(line, m),
    quantity: line.quantity,
    discountPercent: line.discountPercent,
    weighed: line.weighed ?? false,
  };
}

const USD: SaleMoney = { currency: 'USD', rate: 1 };

/** A line's amount after the product's own discount (shared pricing rules: half up, once per line), in the sale's currency. */
export function lineSubtotal(line: PricedLineFields, m: SaleMoney = USD): number {
  return priceLine(asLineInput(line, m)).subtotalCents;
}

/** The cart's totals in the sale's currency, priced by the same module the server prices the sale with (the shop's tax too). */
export function computeTotals(
  lines: readonly CartLine[],
  discount: OrderDiscount,
  loyaltyMinor: number,
  m: SaleMoney = USD,
  tax: ShopTax = NO_TAX,
): Totals {
  const priced = priceSale({
    lines: lines.map((l) => asLineInput(l, m)),
    discount,
    loyaltyDiscountCents: loyaltyMinor,
    taxRateBasisPoints: Math.round(tax.rate * 100),
    taxMode: tax.mode,
  });
  return {
    currency: m.currency,
    subtotalMinor: priced.subtotalCents,
    discountMinor: priced.discountCents,
    loyaltyMinor: priced.loyaltyDiscountCents,
    taxRate: priced.taxRateBasisPoints / 100,
    taxMode: priced.taxMode,
    taxMinor: priced.taxCents,
    totalMinor: priced.totalCents,
  };
}

/** Loyalty's value (USD cents) in the sale's currency, converted once as the server does. */
export function loyaltyInSale(cents: number, m: SaleMoney): number {
  return convertMinor(cents, 'USD', m.currency, m.rate);
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
  exchangeRate: number;
  tenders: readonly SaleTender[];
  changeCurrency: Currency;
  register: string;
  loyaltyPointsRedeemed: number;
  now: Date;
}

/**
 * The body of POST /api/transactions with its tenders: every figure in the sale's currency (dollars with 2 decimals,
 * or whole dinars), the tenders each in its own currency's minor unit.
 */
export function buildSalePayload(input: SalePayloadInput): SaleRequest {
  const { lines, discount, totals } = input;
  const m: SaleMoney = { currency: totals.currency, rate: input.exchangeRate };
  const major = (minor: number) => (m.currency === 'USD' ? Math.round(minor) / 100 : minor);
  return {
    ...(input.customerId ? { customer: input.customerId } : {}),
    items: lines.map((line) => ({
      product: line.productId,
      ...(line.packId ? { pack: line.packId } : {}),
      ...(line.scaleLabel ? { scaleLabel: line.scaleLabel } : {}),
      productSnapshot: { name: line.name.en, sku: line.sku, price: line.unitCents / 100 },
      quantity: line.quantity,
      unitPrice: major(unitInSale(line, m)),
      subtotal: major(lineSubtotal(line, m)),
      discount: clampPercent(line.discountPercent),
      discountType: 'percentage',
    })),
    subtotal: major(totals.subtotalMinor),
    discountType: discount.type,
    discountValue: discount.type === 'percentage' ? clampPercent(discount.value) : major(discount.value),
    discountAmount: major(totals.discountMinor),
    loyaltyDiscount: major(totals.loyaltyMinor),
    ...(input.loyaltyPointsRedeemed > 0 ? { loyaltyPointsRedeemed: input.loyaltyPointsRedeemed } : {}),
    // The tax the till priced (the server checks it); a shop with no tax sends none, as before.
    ...(totals.taxRate ? { taxAmount: major(totals.taxMinor ?? 0) } : {}),
    total: major(totals.totalMinor),
    currency: m.currency,
    exchangeRate: input.exchangeRate,
    tenders: input.tenders.map((t) => ({ method: t.method, currency: t.currency, amountMinor: t.amountMinor })),
    changeCurrency: input.changeCurrency,
    paymentStatus: 'paid',
    register: input.register,
    invoiceNumber: `INV-${input.now.getTime()}`,
    createdAt: input.now.toISOString(),
  };
}
