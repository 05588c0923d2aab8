// Pricing rules of a sale (spec part 1 §5, ARCHITECTURE §7): pure functions on integer USD cents.
import { clampDiscountPercent, usdCentsToIqd, type Currency } from '@dukan/contracts';

export type DiscountType = 'percentage' | 'fixed';

export interface LineInput {
  priceCents: number; // list price of one unit (the replica's price)
  quantity: number; // whole units, > 0
  discountPercent: number; // the product's own discount, clamped to 0-100
}

export interface PricedLine {
  grossCents: number; // price x quantity
  discountCents: number; // gross - subtotal
  subtotalCents: number; // gross x (1 - discount %), rounded to the cent once per line
}

export interface SaleInput {
  lines: LineInput[];
  /** Cart discount: a percent (0-100 after clamping) or a fixed amount in cents (at most the subtotal). */
  discount: { type: DiscountType; value: number } | null;
  /** Value of the redeemed points, as quoted by loyalty; capped by what is left after the cart discount. */
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

/** A non-negative decimal (percent, at most a few decimals) as an exact fraction units / 10^scale. */
function decimal(value: number): { units: bigint; scale: bigint } {
  const text = value.toFixed(6).replace(/0+$/, '').replace(/\.$/, '');
  const [int = '0', frac = ''] = text.split('.');
  return { units: BigInt(int + frac), scale: 10n ** BigInt(frac.length) };
}

/** num / den rounded half away from zero, for num >= 0, den > 0. */
function divRound(num: bigint, den: bigint): bigint {
  return (num * 2n + den) / (den * 2n);
}

/** `cents` x `percent` / 100, rounded half up to the cent, exactly (no float products). */
export function percentOfCents(cents: number, percent: number): number {
  const p = decimal(clampDiscountPercent(percent));
  return Number(divRound(BigInt(cents) * p.units, 100n * p.scale));
}

/** A line: gross x (1 - product discount %), rounded to the cent once per line (as the till does). */
export function priceLine(line: LineInput): PricedLine {
  const grossCents = line.priceCents * line.quantity;
  // The amount paid is what gets rounded (half up), as the till rounds it; the discount is what is left.
  const subtotalCents = percentOfCents(grossCents, 100 - clampDiscountPercent(line.discountPercent));
  return { grossCents, discountCents: grossCents - subtotalCents, subtotalCents };
}

/** Cart discount: percent clamped to 0-100; fixed never negative and never above the subtotal. */
export function cartDiscountCents(subtotalCents: number, discount: SaleInput['discount']): number {
  if (!discount) return 0;
  if (discount.type === 'percentage') return percentOfCents(subtotalCents, discount.value);
  return Math.min(subtotalCents, Math.max(0, Math.round(discount.value)));
}

/** The tax contained in a tax-inclusive amount: amount x rate / (1 + rate), half up. */
export function includedTaxCents(amountCents: number, rateBasisPoints: number): number {
  if (rateBasisPoints <= 0 || amountCents <= 0) return 0;
  return Number(divRound(BigInt(amountCents) * BigInt(rateBasisPoints), 10_000n + BigInt(rateBasisPoints)));
}

/**
 * Spreads `total` over lines in proportion to their subtotals (largest remainder, ties to the earlier line),
 * so the parts are whole cents and add up to the total exactly.
 */
export function allocate(totalCents: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? totalCents : 0));
  const exact = weights.map((w) => (BigInt(totalCents) * BigInt(w)));
  const parts = exact.map((e) => Number(e / BigInt(sum)));
  let left = totalCents - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => ({ i, rem: e % BigInt(sum) }))
    .sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
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
  const loyaltyDiscountCents = Math.min(Math.max(0, input.loyaltyDiscountCents), totalBeforeLoyaltyCents);
  const totalCents = Math.max(0, totalBeforeLoyaltyCents - loyaltyDiscountCents);
  return {
    lines,
    subtotalCents,
    discountCents,
    totalBeforeLoyaltyCents,
    loyaltyDiscountCents,
    taxCents: includedTaxCents(totalCents, input.taxRateBasisPoints),
    totalCents,
    lineNetCents: allocate(totalCents, lines.map((l) => l.subtotalCents)),
  };
}

export type TenderCheck = { ok: true; changeCents: number } | { ok: false; shortByCents: number };

/** Tender must be at least the total; change = tender - total. */
export function checkTender(tenderedCents: number, totalCents: number): TenderCheck {
  if (tenderedCents < totalCents) return { ok: false, shortByCents: totalCents - tenderedCents };
  return { ok: true, changeCents: tenderedCents - totalCents };
}

/** An amount in the sale's currency for display: dollars (2 decimals) for USD, whole dinars for IQD. */
export function inSaleCurrency(cents: number, currency: Currency, exchangeRate: number): number {
  return currency === 'IQD' ? usdCentsToIqd(cents, exchangeRate) : cents / 100;
}

/**
 * Part of a line refunded, computed cumulatively so repeated partial refunds never drift:
 * the last units take whatever is left of the line's net amount.
 */
export function refundShareCents(lineNetCents: number, quantity: number, refundedBefore: number, refundNow: number, refundedCentsBefore: number): number {
  const after = refundedBefore + refundNow;
  if (after >= quantity) return lineNetCents - refundedCentsBefore;
  return Number(divRound(BigInt(lineNetCents) * BigInt(after), BigInt(quantity))) - refundedCentsBefore;
}

/** Points given back by a refund, proportional to the share of the sale refunded so far; all of them at the end. */
export function refundPoints(points: number, weightRefundedBefore: number, weightRefundedAfter: number, weightTotal: number): number {
  if (points <= 0) return 0;
  if (weightTotal <= 0 || weightRefundedAfter >= weightTotal) return points - Math.floor((points * weightRefundedBefore) / Math.max(1, weightTotal));
  const before = Math.floor((points * weightRefundedBefore) / weightTotal);
  const after = Math.floor((points * weightRefundedAfter) / weightTotal);
  return after - before;
}
