/** Money at the till: integer USD cents everywhere; IQD only for display and typed input. */
import { DEFAULT_EXCHANGE_RATE, iqdToUsdCents, toCents, toSaleMinor } from '@dukan/contracts';

export const FALLBACK_EXCHANGE_RATE = DEFAULT_EXCHANGE_RATE;

/** Dollars as the API sends them (12.5) to integer cents (1250), immune to float noise. */
export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) return 0;
  // Same decimal rounding as the server (half away from zero on the digits), so totals agree to the cent.
  return toCents(dollars);
}

/** Cents to dollars with at most 2 decimals, as the API expects. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** USD cents to whole dinars at the given rate (shared pricing rules: half up). */
export function centsToIqd(cents: number, rate: number): number {
  return toSaleMinor(cents, 'IQD', rate);
}

/** Whole dinars to USD cents at the given rate. */
export function iqdToCents(iqd: number, rate: number): number {
  if (!(rate > 0) || !Number.isFinite(iqd)) return 0;
  return iqdToUsdCents(Math.round(iqd), rate);
}

/** Arabic-Indic and Persian digits (and their decimal and thousands marks) as Western ones. */
export const EASTERN_DIGITS: Readonly<Record<string, string>> = {
  '٠': '0',
  '١': '1',
  '٢': '2',
  '٣': '3',
  '٤': '4',
  '٥': '5',
  '٦': '6',
  '٧': '7',
  '٨': '8',
  '٩': '9',
  '۰': '0',
  '۱': '1',
  '۲': '2',
  '۳': '3',
  '۴': '4',
  '۵': '5',
  '۶': '6',
  '۷': '7',
  '۸': '8',
  '۹': '9',
  '٫': '.',
  '،': '.',
};

/** Western digits for Arabic-Indic and Persian digits (Kurdish keyboards type either). */
export function toWesternDigits(text: string): string {
  return text.replace(/[٠-٩۰-۹٫،]/g, (c) => EASTERN_DIGITS[c] ?? c);
}

/**
 * What a money field keeps of what was typed: digits and one decimal point (spec part 1 §5).
 * Eastern digits are accepted and turned into Western ones.
 */
export function sanitizeAmountInput(text: string): string {
  const western = toWesternDigits(text).replace(/,/g, '.');
  let out = '';
  let seenPoint = false;
  for (const c of western) {
    if (c >= '0' && c <= '9') out += c;
    else if (c === '.' && !seenPoint) {
      seenPoint = true;
      out += c;
    }
  }
  return out;
}

/** A typed amount in the display currency to USD cents (IQD is divided by the rate). */
export function typedAmountToCents(text: string, currency: 'USD' | 'IQD', rate: number): number {
  const value = Number.parseFloat(sanitizeAmountInput(text));
  if (!Number.isFinite(value) || value < 0) return 0;
  return currency === 'IQD' ? iqdToCents(value, rate) : dollarsToCents(value);
}

/**
 * A typed amount in its currency's minor units: cents for USD, whole dinars (what is typed past a whole dinar is
 * dropped) for IQD; Kurdish and Arabic digits and separators read as Western ones. NaN when nothing is typed.
 */
export function typedMinor(text: string, currency: 'USD' | 'IQD'): number {
  const value = Number.parseFloat(sanitizeAmountInput(text));
  if (!Number.isFinite(value) || value < 0) return Number.NaN;
  return currency === 'IQD' ? Math.floor(value) : dollarsToCents(value);
}

/** A typed amount as `typedMinor` reads it, 0 when nothing is typed (a field filled in as the cashier goes). */
export function typedAmountToMinor(text: string, currency: 'USD' | 'IQD'): number {
  const minor = typedMinor(text, currency);
  return Number.isNaN(minor) ? 0 : minor;
}
