// The pricing rules of a sale (spec part 1 §5, ARCHITECTURE §7), the one copy used by the server, the till, the
// tests and the benchmarks. Pure functions on integer minor units: USD cents; whole dinars for IQD.
//
// Rounding, decided once:
// - A percentage is applied on the exact decimal digits of the percent (BigInt, no float product) and rounded
//   half up at the cent, once per figure: a line's amount is gross x (100 - discount) % rounded half up (12.25 at
//   10 % off is 11.025, so 11.03), and its discount is what is left (gross - amount). The cart's percent discount
//   is subtotal x percent % rounded half up.
// - A fixed discount is whole cents, never negative, never above what it is taken off.
// - The tax included in a total is total x rate / (1 + rate), half up.
// - IQD is whole dinars: cents x rate / 100, half up (usdCentsToIqd). In a dinar sale the total shown, the tender
//   and the change are whole dinars, and change = tender - total in dinars, as the cashier counts it.
// - Loyalty points are worth points x redemptionRate, floored to the cent (nobody is paid a part of a cent).
import { clampDiscountPercent } from './constants.js';
import { iqdToUsdCents, usdCentsToIqd, type Currency } from './money.js';

export type DiscountType = 'percentage' | 'fixed';

export interface LineInput {
  /** List price of one unit, cents. */
  priceCents: number;
  /** Whole units, > 0. */
  quantity: number;
  /** The product's own discount, percent (clamped to 0-100). */
  discountPercent: number;
}

export interface PricedLine {
  /** price x quantity */
  grossCents: number;
  /** gross - subtotal */
  discountCents: number;
  /** gross x (100 - discount) %, half up */
  subtotalCents: number;
}

export interface CartDiscount {
  type: DiscountType;
  /** Percent for 'percentage'; cents for 'fixed'. */
  value: number;
}

export interface SaleInput {
  lines: readonly LineInput[];
  discount: CartDiscount | null;
  /** Value of the redeemed points; capped by what is left after the cart discount. */
  loyaltyDiscountCents: number;
  /** Tax included in prices, basis points (100 = 1 %). */
  taxRateBasisPoints: number;
}

export interface PricedSale {
  lines: PricedLine[];
  subtotalCents: number;
  discountCents: number;
  totalBeforeLoyaltyCents: number;
  loyaltyDiscountCents: number;
  taxCents: number;
  totalCents: number;
  /** Net amount of each line after the cart and loyalty discounts; sums to the total (used for partial refunds). */
  lineNetCents: number[];
}

/** A non-negative number as an exact decimal units / 10^scale (percents and rates: a few decimals). */
function decimal(value: number): { units: bigint; scale: bigint } {
  const text = value.toFixed(6).replace(/0+$/, '').replace(/\.$/, '');
  const [int = '0', frac = ''] = text.split('.');
  return { units: BigInt(int + frac), scale: 10n ** BigInt(frac.length) };
}

/** num / den rounded half up, for num >= 0, den > 0. */
function divRound(num: bigint, den: bigint): bigint {
  return (num * 2n + den) / (den * 2n);
}

/** A percent as the rules read it: 0-100, NaN as 0. */
export function clampPercent(percent: number): number {
  return clampDiscountPercent(percent);
}

/** `cents` x `percent` / 100, half up at the cent, exactly. */
export function percentOfCents(cents: number, percent: number): number {
  const p = decimal(clampPercent(percent));
  return Number(divRound(BigInt(Math.round(cents)) * p.units, 100n * p.scale));
}

/** `cents` x part / whole, half up at the cent (a share of an amount, e.g. units refunded of a line). */
export function shareOfCents(cents: number, part: number, whole: number): number {
  return Number(divRound(BigInt(cents) * BigInt(part), BigInt(whole)));
}

/** A line: gross x (100 - product discount) %, half up, once per line; the discount is what is left. */
export function priceLine(line: LineInput): PricedLine {
  const grossCents = line.priceCents * line.quantity;
  const subtotalCents = percentOfCents(grossCents, 100 - clampPercent(line.discountPercent));
  return { grossCents, discountCents: grossCents - subtotalCents, subtotalCents };
}

/**
 * The line as it is sold, given the discount its client states (a percent, or an amount, as `lineDiscountValue`).
 * The product's own discount is the least the shop charges, not a price it must charge: a line stated with no
 * discount (0) is sold at its full list price, which costs the shop nothing. Any other statement keeps the product's
 * discount, and is checked against it, so a figure below the shop's is still refused.
 */
export function lineAsSold(line: LineInput, statedDiscount: number | undefined): LineInput {
  return statedDiscount === 0 && clampPercent(line.discountPercent) > 0 ? { ...line, discountPercent: 0 } : line;
}

/** A line's discount as a client states it: the percent for 'percentage', the amount in cents for 'fixed'. */
export function lineDiscountValue(line: LineInput, type: DiscountType): number {
  return type === 'percentage' ? clampPercent(line.discountPercent) : priceLine(line).discountCents;
}

/** Cart discount: percent clamped to 0-100; fixed never negative and never above the subtotal. */
export function cartDiscountCents(subtotalCents: number, discount: CartDiscount | null): number {
  if (!discount) return 0;
  if (discount.type === 'percentage') return percentOfCents(subtotalCents, discount.value);
  return Math.min(subtotalCents, Math.max(0, Math.round(discount.value)));
}

/** The tax contained in a tax-inclusive amount: amount x rate / (1 + rate), half up. */
export function includedTaxCents(amountCents: number, rateBasisPoints: number): number {
  if (rateBasisPoints <= 0 || amountCents <= 0) return 0;
  return Number(divRound(BigInt(amountCents) * BigInt(rateBasisPoints), 10_000n + BigInt(rateBasisPoints)));
}

/** A redemption rate (dollars per point, at most 4 decimals) in hundredths of a cent per point. */
function ratePerPoint(redemptionRate: number): bigint {
  return BigInt(Math.round(redemptionRate * 10_000));
}

/** What `points` are worth at `redemptionRate` dollars a point, floored to the cent. */
export function pointsValueCents(points: number, redemptionRate: number): number {
  return Number((BigInt(points) * ratePerPoint(redemptionRate)) / 100n);
}

/**
 * The whole number of points worth exactly `valueCents` (the fewest, when several are), or null when none is:
 * how a loyalty discount sent without its points is read.
 */
export function pointsForValue(valueCents: number, redemptionRate: number): number | null {
  const rate = ratePerPoint(redemptionRate);
  if (!Number.isSafeInteger(valueCents) || valueCents < 0 || rate <= 0n) return null;
  const points = (BigInt(valueCents) * 100n + rate - 1n) / rate; // the fewest points worth at least the value
  return pointsValueCents(Number(points), redemptionRate) === valueCents ? Number(points) : null;
}

/**
 * Spreads `total` over lines in proportion to their subtotals (largest remainder, ties to the earlier line),
 * so the parts are whole cents and add up to the total exactly.
 */
export function allocate(totalCents: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? totalCents : 0));
  const exact = weights.map((w) => BigInt(totalCents) * BigInt(w));
  const parts = exact.map((e) => Number(e / BigInt(sum)));
  let left = totalCents - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, rem: e % BigInt(sum) })).sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

/** The whole sale: lines, subtotal, cart discount, loyalty discount, tax (included), total never below 0. */
export function priceSale(input: SaleInput): PricedSale {
  const lines = input.lines.map(priceLine);
  const subtotalCents = lines.reduce((sum, l) => sum + l.subtotalCents, 0);
  const discountCents = cartDiscountCents(subtotalCents, input.discount);
  const totalBeforeLoyaltyCents = Math.max(0, subtotalCents - discountCents);
  const loyaltyDiscountCents = Math.min(Math.max(0, Math.round(input.loyaltyDiscountCents)), totalBeforeLoyaltyCents);
  const totalCents = Math.max(0, totalBeforeLoyaltyCents - loyaltyDiscountCents);
  return {
    lines,
    subtotalCents,
    discountCents,
    totalBeforeLoyaltyCents,
    loyaltyDiscountCents,
    taxCents: includedTaxCents(totalCents, input.taxRateBasisPoints),
    totalCents,
    lineNetCents: allocate(
      totalCents,
      lines.map((l) => l.subtotalCents),
    ),
  };
}

export type TenderCheck = { ok: true; changeCents: number } | { ok: false; shortByCents: number };

/** Tender must be at least the total; change = tender - total. */
export function checkTender(tenderedCents: number, totalCents: number): TenderCheck {
  if (tenderedCents < totalCents) return { ok: false, shortByCents: totalCents - tenderedCents };
  return { ok: true, changeCents: tenderedCents - totalCents };
}

/** An amount of USD cents in the sale's currency: cents for USD, whole dinars (half up) for IQD. */
export function toSaleMinor(cents: number, currency: Currency, exchangeRate: number): number {
  return currency === 'IQD' ? usdCentsToIqd(Math.round(cents), exchangeRate) : Math.round(cents);
}

/** An amount in the sale's currency for display or the API: dollars (2 decimals) for USD, whole dinars for IQD. */
export function inSaleCurrency(cents: number, currency: Currency, exchangeRate: number): number {
  return currency === 'IQD' ? usdCentsToIqd(Math.round(cents), exchangeRate) : Math.round(cents) / 100;
}

export interface Tender {
  /** The total in the sale's currency (cents, or whole dinars). */
  totalMinor: number;
  /** Whether the tender covers the total as shown. */
  covers: boolean;
  /** Change in the sale's currency: tender - total as shown; null while the tender does not cover the total. */
  changeMinor: number | null;
  /** The tender in USD cents (at least the total when it covers it), as the sale records it. */
  tenderedCents: number;
  /** tenderedCents - total, when it covers it. */
  changeCents: number | null;
}

/**
 * The cash tendered, in the sale's currency (cents, or whole dinars at `exchangeRate`), against the total in cents.
 * A dinar tender that covers the total as shown in dinars covers it, whatever the rounding back to cents.
 */
export function settleTender(totalCents: number, tenderedMinor: number, currency: Currency, exchangeRate: number): Tender {
  const tendered = Math.max(0, Math.round(tenderedMinor));
  const totalMinor = toSaleMinor(totalCents, currency, exchangeRate);
  const covers = tendered >= totalMinor;
  const asCents = currency === 'IQD' ? iqdToUsdCents(tendered, exchangeRate) : tendered;
  const tenderedCents = covers ? Math.max(asCents, totalCents) : asCents;
  return {
    totalMinor,
    covers,
    changeMinor: covers ? tendered - totalMinor : null,
    tenderedCents,
    changeCents: covers ? tenderedCents - totalCents : null,
  };
}

/**
 * Whether a client's money figure (major units as it sent them: dollars, or dinars) agrees with ours (minor units)
 * to within half a cent, or half a dinar: a client computing in floating point is not refused for its last digits.
 */
export function agreesWithin(expectedMinor: number, given: number, currency: Currency = 'USD'): boolean {
  if (!Number.isFinite(given)) return false;
  const d = decimal(Math.abs(given));
  const signed = given < 0 ? -d.units : d.units;
  const minorScale = currency === 'USD' ? 100n : 1n;
  // |given x minorScale - expected| <= 1/2, exactly: |given.units x minorScale - expected x scale| x 2 <= scale
  const diff = signed * minorScale - BigInt(expectedMinor) * d.scale;
  return (diff < 0n ? -diff : diff) * 2n <= d.scale;
}
