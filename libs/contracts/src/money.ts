// Money is an integer in minor units: USD cents, whole Iraqi dinars. Prices are kept in USD.
// Conversions work on the decimal digits of a number (exact BigInt arithmetic), never on float products.

export const CURRENCIES = ['USD', 'IQD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const BASE_CURRENCY: Currency = 'USD';

/** IQD per 1 USD when no rate is set (spec part 1 §9). */
export const DEFAULT_EXCHANGE_RATE = 1450;
/** Lower bound of an exchange rate (spec part 2 §5: lower values are clamped to 1). */
export const MIN_EXCHANGE_RATE = 1;

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** A finite number as an exact decimal: value = units / 10^scale, from its shortest round-trip digits. */
function toDecimal(x: number): { units: bigint; scale: number } {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(x));
  if (!match) throw new RangeError(`Not a finite number: ${x}`);
  const [, sign, int = '0', frac = '', exp = '0'] = match;
  let units = BigInt(int + frac);
  let scale = frac.length - Number(exp);
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: sign ? -units : units, scale };
}

/** num / den rounded half away from zero; den > 0. */
function divRound(num: bigint, den: bigint): bigint {
  const quotient = num / den; // truncates toward zero
  const remainder = num % den;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice >= den) return quotient + (num < 0n ? -1n : 1n);
  return quotient;
}

function toSafeNumber(value: bigint, what: string): number {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) throw new RangeError(`${what} is out of range`);
  return result === 0 ? 0 : result; // never -0
}

function assertFinite(x: number, what: string): void {
  if (typeof x !== 'number' || !Number.isFinite(x)) throw new RangeError(`${what} must be a finite number, got ${x}`);
}

function assertMinor(x: number, what: string): void {
  if (!Number.isSafeInteger(x)) throw new RangeError(`${what} must be an integer amount in minor units, got ${x}`);
}

function assertRate(rate: number): void {
  assertFinite(rate, 'Exchange rate');
  if (rate <= 0) throw new RangeError(`Exchange rate must be positive, got ${rate}`);
}

/** Dollars (e.g. 12.345 typed by a user) to cents, half away from zero: 1.005 -> 101, -1.005 -> -101. */
export function toCents(amount: number): number {
  assertFinite(amount, 'Amount');
  const { units, scale } = toDecimal(amount);
  return toSafeNumber(divRound(units * 100n, 10n ** BigInt(scale)), 'Amount');
}

/** Cents to dollars, for display or for APIs that speak in dollars. */
export function fromCents(cents: number): number {
  assertMinor(cents, 'Cents');
  return cents / 100;
}

/** USD cents to whole dinars at `rate` IQD per USD, half away from zero (so half a dinar rounds up). */
export function usdCentsToIqd(cents: number, rate: number): number {
  assertMinor(cents, 'Cents');
  assertRate(rate);
  const r = toDecimal(rate);
  return toSafeNumber(divRound(BigInt(cents) * r.units, 100n * 10n ** BigInt(r.scale)), 'Dinars');
}

/** Whole dinars to USD cents at `rate` IQD per USD, half away from zero. */
export function iqdToUsdCents(iqd: number, rate: number): number {
  assertMinor(iqd, 'Dinars');
  assertRate(rate);
  const r = toDecimal(rate);
  return toSafeNumber(divRound(BigInt(iqd) * 100n * 10n ** BigInt(r.scale), r.units), 'Cents');
}

/** An amount typed in major units of a currency (dollars or dinars) to its minor units. */
export function toMinor(amount: number, currency: Currency): number {
  if (currency === 'USD') return toCents(amount);
  assertFinite(amount, 'Amount');
  const { units, scale } = toDecimal(amount);
  return toSafeNumber(divRound(units, 10n ** BigInt(scale)), 'Dinars');
}

const INTL_LOCALES: Record<string, string[]> = {
  en: ['en-US'],
  ku: ['ckb-IQ', 'ckb', 'ar-IQ'], // Sorani where the runtime has its data
};

/**
 * Formats an amount in minor units (USD cents, or whole dinars for IQD) with Intl:
 * USD with 2 decimals, IQD with none. `locale` is 'en', 'ku' or any BCP 47 tag.
 */
export function formatMoney(amountMinor: number, currency: Currency, locale: string = 'en'): string {
  assertMinor(amountMinor, 'Amount');
  const digits = currency === 'USD' ? 2 : 0;
  const value = currency === 'USD' ? amountMinor / 100 : amountMinor;
  const options: Intl.NumberFormatOptions = {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  };
  const locales = Object.prototype.hasOwnProperty.call(INTL_LOCALES, locale) ? INTL_LOCALES[locale]! : [locale, 'en-US'];
  try {
    return new Intl.NumberFormat(locales, options).format(value);
  } catch {
    return new Intl.NumberFormat('en-US', options).format(value); // a malformed locale tag
  }
}
