// The pricing rules of a sale (spec part 1 §5, ARCHITECTURE §7), the one copy used by the server, the till, the
// tests and the benchmarks. Pure functions on integer minor units: USD cents; whole dinars for IQD.
//
// Rounding, decided once:
// - A percentage is applied on the exact decimal digits of the percent (BigInt, no float product) and rounded
//   half up at the cent, once per figure: a line's amount is gross x (100 - discount) % rounded half up (12.25 at
//   10 % off is 11.025, so 11.03), and its discount is what is left (gross - amount). The cart's percent discount
//   is subtotal x percent % rounded half up.
// - A fixed discount is whole cents, never negative, never above what it is taken off.
// - Tax is none by default (rate 0). A shop's one rate is either included in its prices (the tax contained in the
//   total is total x rate / (1 + rate), half up; the total is unchanged) or added to them (tax = the amount left after
//   the discounts and loyalty x rate, half up, in the sale's minor unit, and the total is that amount plus its tax).
//   Cash rounding applies to the total after tax.
// - A weighed line (price per kg, quantity in grams): gross = price x grams / 1000, half up in the minor unit, once
//   per line; its discount, the cart's, tax and cash rounding then apply as to any line.
// - A price is kept in the currency it was set in (USD cents or whole dinars). A sale is priced in its own currency:
//   each unit price in the other currency is converted ONCE at the sale's rate, half up (cents x rate / 100, or
//   dinars x 100 / rate), and every figure after that is exact in the sale's minor unit.
// - Cash rounding (a dinar sale paid in cash): the cash still due is rounded once to the shop's step (250 dinars;
//   nearest, half up); change given in dinars is rounded to the same step. The difference between what was paid
//   (tenders less change) and the total is the sale's cash rounding, a figure of its own. Card, transfer and account
//   tenders are never rounded.
// - Loyalty points are worth points x redemptionRate, floored to the cent (nobody is paid a part of a cent).
import { clampDiscountPercent } from './constants.js';
import { iqdToUsdCents, usdCentsToIqd, type Currency } from './money.js';
import type { CurrencyAmounts, SaleChange, SaleTender, ValuedTender } from './tenders.js';
import { isValidAmount } from './validation.js';

export type DiscountType = 'percentage' | 'fixed';

/** How the shop's tax rate applies: contained in its prices, or added on top of them. */
export const TAX_MODES = ['included', 'added'] as const;
export type TaxMode = (typeof TAX_MODES)[number];
export const DEFAULT_TAX_MODE: TaxMode = 'included';

export function isTaxMode(value: unknown): value is TaxMode {
  return typeof value === 'string' && (TAX_MODES as readonly string[]).includes(value);
}

export interface LineInput {
  /** List price of one unit, cents. */
  priceCents: number;
  /** Whole units, > 0 (grams for a weighed line). */
  quantity: number;
  /** The product's own discount, percent (clamped to 0-100). */
  discountPercent: number;
  /** A weighed line: the price is per kilogram and the quantity is in grams. */
  weighed?: boolean;
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
  /** The shop's tax rate, basis points (100 = 1 %; 0: no tax). */
  taxRateBasisPoints: number;
  /** Whether the rate is included in the prices or added to them; absent: included. */
  taxMode?: TaxMode;
}

export interface PricedSale {
  lines: PricedLine[];
  subtotalCents: number;
  discountCents: number;
  totalBeforeLoyaltyCents: number;
  loyaltyDiscountCents: number;
  /** The tax it was priced with. */
  taxRateBasisPoints: number;
  taxMode: TaxMode;
  /** The tax in the total: contained in it (included), or added to it. */
  taxCents: number;
  /** The total less its tax. */
  netCents: number;
  /** What the customer is charged (before cash rounding): net + tax. */
  totalCents: number;
  /** Each line's share of the total after the cart and loyalty discounts (and added tax); sums to the total (used for partial refunds). */
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

/**
 * Part of a line returned, exact in one currency's minor unit, computed cumulatively so repeated partial returns never
 * drift: the last units take whatever is left of the line's net amount.
 */
export function refundShareMinor(
  lineNetMinor: number,
  quantity: number,
  returnedBefore: number,
  returnNow: number,
  returnedMinorBefore: number,
): number {
  const after = returnedBefore + returnNow;
  if (after >= quantity) return lineNetMinor - returnedMinorBefore;
  return shareOfCents(lineNetMinor, after, quantity) - returnedMinorBefore;
}

/** A weighed line's gross: the price of a kilogram x grams / 1000, half up in the minor unit (1.255 kg at 1,000 is 1,255). */
export function weighedGross(pricePerKgMinor: number, grams: number): number {
  return Number(divRound(BigInt(Math.round(pricePerKgMinor)) * BigInt(Math.round(grams)), 1000n));
}

/** A line: gross x (100 - product discount) %, half up, once per line; the discount is what is left. */
export function priceLine(line: LineInput): PricedLine {
  const grossCents = line.weighed ? weighedGross(line.priceCents, line.quantity) : line.priceCents * line.quantity;
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

/** Tax added to a taxable amount: amount x rate, half up. */
export function addedTaxCents(amountCents: number, rateBasisPoints: number): number {
  if (rateBasisPoints <= 0 || amountCents <= 0) return 0;
  return Number(divRound(BigInt(amountCents) * BigInt(Math.round(rateBasisPoints)), 10_000n));
}

/** The tax of an amount after its discounts, and the total charged for it, in the given mode. */
export function applyTax(
  amountCents: number,
  rateBasisPoints: number,
  mode: TaxMode = DEFAULT_TAX_MODE,
): { taxCents: number; totalCents: number } {
  if (mode === 'added') {
    const taxCents = addedTaxCents(amountCents, rateBasisPoints);
    return { taxCents, totalCents: amountCents + taxCents };
  }
  return { taxCents: includedTaxCents(amountCents, rateBasisPoints), totalCents: amountCents };
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

/** The whole sale: lines, subtotal, cart discount, loyalty discount, tax (included or added), total never below 0. */
export function priceSale(input: SaleInput): PricedSale {
  const lines = input.lines.map(priceLine);
  const subtotalCents = lines.reduce((sum, l) => sum + l.subtotalCents, 0);
  const discountCents = cartDiscountCents(subtotalCents, input.discount);
  const totalBeforeLoyaltyCents = Math.max(0, subtotalCents - discountCents);
  const loyaltyDiscountCents = Math.min(Math.max(0, Math.round(input.loyaltyDiscountCents)), totalBeforeLoyaltyCents);
  const taxMode = input.taxMode ?? DEFAULT_TAX_MODE;
  const taxRateBasisPoints = Math.max(0, Math.round(input.taxRateBasisPoints));
  const { taxCents, totalCents } = applyTax(Math.max(0, totalBeforeLoyaltyCents - loyaltyDiscountCents), taxRateBasisPoints, taxMode);
  return {
    lines,
    subtotalCents,
    discountCents,
    totalBeforeLoyaltyCents,
    loyaltyDiscountCents,
    taxRateBasisPoints,
    taxMode,
    taxCents,
    netCents: totalCents - taxCents,
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

// --- money in its own currency

/** An amount in minor units of `from` in minor units of `to`: unchanged in its own currency, else converted once, half up. */
export function convertMinor(amountMinor: number, from: Currency, to: Currency, exchangeRate: number): number {
  if (from === to) return amountMinor;
  return from === 'USD' ? usdCentsToIqd(amountMinor, exchangeRate) : iqdToUsdCents(amountMinor, exchangeRate);
}

/**
 * The least amount of `to` that pays `amountMinor` of `from`: converted back (half up) it is never less. What the till
 * offers as "exact dollars" for a dinar amount, so paying it never leaves a dinar short.
 */
export function coveringAmount(amountMinor: number, from: Currency, to: Currency, exchangeRate: number): number {
  if (from === to || amountMinor <= 0) return Math.max(0, amountMinor);
  let out = convertMinor(amountMinor, from, to, exchangeRate);
  while (convertMinor(out, to, from, exchangeRate) < amountMinor) out += 1;
  while (out > 0 && convertMinor(out - 1, to, from, exchangeRate) >= amountMinor) out -= 1;
  return out;
}

/** A unit price set in `priceCurrency`, in the sale's currency: once per unit price, half up. */
export function unitPriceInSaleCurrency(priceMinor: number, priceCurrency: Currency, saleCurrency: Currency, exchangeRate: number): number {
  return convertMinor(priceMinor, priceCurrency, saleCurrency, exchangeRate);
}

/** A new shop's dinar cash-rounding step: the smallest note in use (issue 27). 1 means no rounding. */
export const DEFAULT_IQD_CASH_ROUNDING = 250;

/** The currency a new shop's till gives change in until the cashier picks another (Kurdistan shops: dinars). */
export const DEFAULT_CHANGE_CURRENCY: Currency = 'IQD';

/** The cash-rounding step in force for `currency`: the shop's dinar step for IQD (1 or less: none), none for USD. */
export function cashStep(currency: Currency, iqdCashRounding: number): number {
  return currency === 'IQD' && Number.isSafeInteger(iqdCashRounding) && iqdCashRounding > 1 ? iqdCashRounding : 1;
}

/** `amountMinor` to the nearest multiple of `step`, half up (step 1 or less: unchanged). 52,345 at 250 is 52,250. */
export function roundCash(amountMinor: number, step: number): number {
  if (!(step > 1)) return amountMinor;
  const s = BigInt(step);
  const a = BigInt(amountMinor);
  const down = a >= 0n ? (a / s) * s : -((-a + s - 1n) / s) * s; // floor to the step
  return Number((a - down) * 2n >= s ? down + s : down);
}

export type SettleError = 'noTenders' | 'invalidAmount' | 'accountNeedsCustomer' | 'nonCashOverTotal' | 'short';

export interface SettleInput {
  /** The sale's currency and its total in that currency's minor unit. */
  currency: Currency;
  totalMinor: number;
  exchangeRate: number;
  tenders: readonly SaleTender[];
  /** The currency the cashier gives change in. */
  changeCurrency: Currency;
  /** The shop's dinar cash step (250; 1 or 0: none). */
  iqdCashRounding: number;
  /** Whether the sale has a customer (an account tender needs one). */
  hasCustomer: boolean;
}

export interface Settled {
  ok: true;
  /** Each tender with its value in the sale's currency. */
  tenders: ValuedTender[];
  /** Sum of the tenders' values, sale currency. */
  paidMinor: number;
  /** The change handed back, in its own currency; null when no cash was tendered. */
  change: SaleChange | null;
  /** The change's value in the sale's currency. */
  changeValueMinor: number;
  /** paid - change - total: what cash rounding added (+) or took off (-), sale currency. */
  cashRoundingMinor: number;
  /** What the customer pays in the end: total + cash rounding. */
  dueMinor: number;
}

export interface Unsettled {
  ok: false;
  error: SettleError;
  /** For 'short': what is still to pay, in the sale's currency (cash due rounded) and as the covering amount of each currency. */
  remaining: CurrencyAmounts;
  remainingMinor: number;
}

export type Settlement = Settled | Unsettled;

/**
 * Settles a sale's tenders against its total: each tender valued once in the sale's currency; card, transfer and
 * account together at most the total (no change from them); the cash still due rounded once (dinar sales); change
 * only from cash, never negative, in the chosen currency (dinars rounded to the step, never more than the cash).
 * Always: paid - change value = total + cash rounding, exactly, in the sale's minor unit.
 */
export function settleSale(input: SettleInput): Settlement {
  const { currency: cur, totalMinor, exchangeRate: rate } = input;
  const fail = (error: SettleError, remainingMinor = 0): Unsettled => ({
    ok: false,
    error,
    remainingMinor,
    remaining: remainingIn(remainingMinor, cur, rate),
  });
  const given = input.tenders.filter((t) => t.amountMinor !== 0);
  if (given.some((t) => !isValidAmount(t.amountMinor, 'tender'))) return fail('invalidAmount');
  if (given.some((t) => t.method === 'account') && !input.hasCustomer) return fail('accountNeedsCustomer');
  const tenders: ValuedTender[] = given.map((t) => ({ ...t, valueMinor: convertMinor(t.amountMinor, t.currency, cur, rate) }));
  const nonCash = tenders.filter((t) => t.method !== 'cash').reduce((s, t) => s + t.valueMinor, 0);
  const cash = tenders.filter((t) => t.method === 'cash').reduce((s, t) => s + t.valueMinor, 0);
  if (nonCash > totalMinor) return fail('nonCashOverTotal');
  const hasCash = tenders.some((t) => t.method === 'cash');
  const cashDue = totalMinor - nonCash;
  const roundedDue = roundCash(cashDue, cashStep(cur, input.iqdCashRounding));
  const dueCash = hasCash ? roundedDue : cashDue;
  if (cash < dueCash) {
    // Still to pay: in cash as it would be rounded; by card when rounding leaves nothing for cash to pay.
    const owed = roundedDue - cash > 0 ? roundedDue - cash : cashDue - cash;
    return fail(tenders.length === 0 ? 'noTenders' : 'short', owed);
  }
  let change: SaleChange | null = null;
  let changeValueMinor = 0;
  if (hasCash) {
    const k = input.changeCurrency;
    const step = cashStep(k, input.iqdCashRounding);
    const over = cash - dueCash;
    let amount = roundCash(convertMinor(over, cur, k, rate), step);
    // Never more than the cash handed over.
    while (amount > 0 && convertMinor(amount, k, cur, rate) > cash) amount -= step;
    amount = Math.max(0, amount);
    change = { currency: k, amountMinor: amount };
    changeValueMinor = convertMinor(amount, k, cur, rate);
  }
  const paidMinor = nonCash + cash;
  const cashRoundingMinor = paidMinor - changeValueMinor - totalMinor;
  return { ok: true, tenders, paidMinor, change, changeValueMinor, cashRoundingMinor, dueMinor: totalMinor + cashRoundingMinor };
}

/** An amount still to pay in the sale's currency, as the amount of each currency that covers it. */
export function remainingIn(amountMinor: number, currency: Currency, exchangeRate: number): CurrencyAmounts {
  const other: Currency = currency === 'USD' ? 'IQD' : 'USD';
  const out = { USD: 0, IQD: 0 };
  out[currency] = Math.max(0, amountMinor);
  out[other] = coveringAmount(Math.max(0, amountMinor), currency, other, exchangeRate);
  return out;
}

/**
 * The remaining amount as the till shows it while tenders are added: in the sale's currency (dinars rounded to the
 * cash step, as the rest would be paid in cash) and what covers it in the other currency; 0 once it is paid.
 */
export function remainingToPay(input: Omit<SettleInput, 'hasCustomer' | 'changeCurrency'>): CurrencyAmounts {
  const s = settleSale({ ...input, hasCustomer: true, changeCurrency: input.currency });
  return s.ok ? { USD: 0, IQD: 0 } : s.remaining;
}

/** What a refund hands back on one way of paying: in that tender's own currency, and its value in the sale's. */
export type RefundTender = ValuedTender;

export interface RefundTendersInput {
  /** The sale's currency, rate, tenders and change, as stored. */
  currency: Currency;
  exchangeRate: number;
  tenders: readonly SaleTender[];
  change: SaleChange | null;
  /** What the sale's earlier refunds handed back (their values in the sale's currency count against each tender). */
  before: readonly RefundTender[];
  /** What this refund is worth, exact in the sale's currency (its lines' shares). */
  amountMinor: number;
  /** The shop's dinar cash step (250; 1 or 0: none). */
  iqdCashRounding: number;
}

export interface RefundTenders {
  /** Where the money goes back, in the order handed back; amounts > 0. */
  tenders: RefundTender[];
  /** Cash rounding of the cash handed back in the sale's own currency (dinars to the step), + or -. */
  cashRoundingMinor: number;
}

/**
 * Where a refund's money goes back: to the tenders the sale was paid with. Cash first (the sale's currency, then the
 * other), up to the cash the sale kept: its cash tenders less its change, the change taken off the cash of its own
 * currency first; each currency's cash goes back in that currency. Then card, transfer and account in the order
 * they were paid, up to what each paid. Whatever the sale's earlier refunds gave back counts against each. A refund
 * worth more than all that (a sale whose cash rounding took some off) hands the rest back in cash in the sale's
 * currency. Each part is valued in the sale's currency; a part in the other currency is converted once at the
 * sale's rate. Cash in dinars is rounded to the shop's step (the rounding of cash in the sale's own currency is the
 * refund's cash rounding); card, transfer and account go back exact.
 */
export function refundTenders(input: RefundTendersInput): RefundTenders {
  const { currency: cur, exchangeRate: rate } = input;
  const other: Currency = cur === 'USD' ? 'IQD' : 'USD';
  type Slot = { method: SaleTender['method']; currency: Currency; valueMinor: number };
  const slots: Slot[] = [];
  const slotOf = (method: Slot['method'], currency: Currency) => {
    let s = slots.find((x) => x.method === method && x.currency === currency);
    if (!s) slots.push((s = { method, currency, valueMinor: 0 }));
    return s;
  };
  for (const c of [cur, other]) if (input.tenders.some((t) => t.method === 'cash' && t.currency === c)) slotOf('cash', c);
  for (const t of input.tenders) slotOf(t.method, t.currency).valueMinor += convertMinor(t.amountMinor, t.currency, cur, rate);
  const cashSlots = slots.filter((s) => s.method === 'cash');
  /** Takes `valueMinor` off the given slots in order, never below 0 each. */
  const takeOff = (from: Slot[], valueMinor: number) => {
    let left = valueMinor;
    for (const s of from) {
      const taken = Math.min(left, Math.max(0, s.valueMinor));
      s.valueMinor -= taken;
      left -= taken;
    }
  };
  if (input.change) {
    const k = input.change.currency;
    takeOff(
      [...cashSlots.filter((s) => s.currency === k), ...cashSlots.filter((s) => s.currency !== k)],
      convertMinor(input.change.amountMinor, k, cur, rate),
    );
  }
  for (const b of input.before) {
    const s = slots.find((x) => x.method === b.method && x.currency === b.currency);
    // A refund from before refunds named their tenders went back as cash: off whichever cash the sale kept.
    takeOff(s ? [s] : cashSlots, b.valueMinor);
  }

  const parts: Slot[] = [];
  let left = Math.max(0, input.amountMinor);
  for (const s of slots) {
    const v = Math.min(left, Math.max(0, s.valueMinor));
    if (v > 0) parts.push({ method: s.method, currency: s.currency, valueMinor: v });
    left -= v;
  }
  if (left > 0) {
    const own = parts.find((p) => p.method === 'cash' && p.currency === cur);
    if (own) own.valueMinor += left;
    else parts.push({ method: 'cash', currency: cur, valueMinor: left });
  }

  let cashRoundingMinor = 0;
  const tenders: RefundTender[] = [];
  for (const p of parts) {
    const exact = convertMinor(p.valueMinor, cur, p.currency, rate);
    const amountMinor = p.method === 'cash' ? roundCash(exact, cashStep(p.currency, input.iqdCashRounding)) : exact;
    if (p.method === 'cash' && p.currency === cur) cashRoundingMinor += amountMinor - exact;
    if (amountMinor > 0) tenders.push({ method: p.method, currency: p.currency, amountMinor, valueMinor: p.valueMinor });
  }
  return { tenders, cashRoundingMinor };
}

export interface ExchangeInput {
  /** The new sale's currency: an exchange is made in the currency of the sale it exchanges. */
  currency: Currency;
  exchangeRate: number;
  /** The new sale's total, sale currency. */
  saleTotalMinor: number;
  /** What the returned units are worth (their lines' shares), exact in the sale's currency. */
  returnMinor: number;
  /** The currency the cashier hands a difference back in. */
  changeCurrency: Currency;
  /** The shop's dinar cash step (250; 1 or 0: none). */
  iqdCashRounding: number;
}

export interface ExchangeBalance {
  /** What is left of the new sale for the customer to pay, sale currency (settled as any sale's total); 0 or more. */
  dueMinor: number;
  /** What is left of the return, handed back in cash in the chosen currency (null when nothing is); its value is the sale currency's. */
  back: RefundTender | null;
  /** Cash rounding of a difference handed back in the sale's own currency (dinars to the step), + or -. */
  backRoundingMinor: number;
}

/**
 * An exchange: the returned units' value pays for the new sale first. Whatever the new sale still costs, the customer
 * pays with the usual tenders; whatever the return is worth beyond the new sale goes back in cash in the currency the
 * cashier chose, converted once at the sale's rate, dinars rounded to the shop's step.
 */
export function exchangeBalance(input: ExchangeInput): ExchangeBalance {
  const { currency: cur, changeCurrency: k } = input;
  const net = input.saleTotalMinor - input.returnMinor;
  if (net >= 0) return { dueMinor: net, back: null, backRoundingMinor: 0 };
  const exact = convertMinor(-net, cur, k, input.exchangeRate);
  const amountMinor = roundCash(exact, cashStep(k, input.iqdCashRounding));
  return {
    dueMinor: 0,
    back: amountMinor > 0 ? { method: 'cash', currency: k, amountMinor, valueMinor: -net } : null,
    backRoundingMinor: k === cur ? amountMinor - exact : 0,
  };
}
