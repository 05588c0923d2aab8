// Numbers as typed on the product form (prices, quantities, pack units), in Western or Kurdish and Arabic digits.
import { toWesternDigits } from '../../../lib/money.js';

/** Western digits for Arabic-Indic and Persian ones (Kurdish keyboards type either), trimmed; an Arabic comma is left as typed. */
export function westernDigits(text: string): string {
  return text.trim().replace(/[٠-٩۰-۹٫]/g, (c) => toWesternDigits(c));
}

const DECIMAL = /^\d+(\.\d*)?$|^\.\d+$/;

/** A typed non-negative decimal, or null when it is not one (empty, words, minus sign, exponent). */
export function parseDecimal(text: string): number | null {
  const t = westernDigits(text);
  if (!DECIMAL.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** A typed non-negative whole number, or null. */
export function parseWhole(text: string): number | null {
  const t = westernDigits(text);
  return /^\d+$/.test(t) ? Number(t) : null;
}
