import type { Currency } from '@dukan/contracts';
import type { Formatters } from '../../../i18n/format.js';

/** An amount in its currency's minor unit (cents or dinars), formatted in the reader's language. */
export function money(f: Formatters, minor: number, currency: Currency): string {
  return currency === 'USD' ? f.usd(minor) : f.iqd(minor);
}

/** A minor amount as the number a person types in that currency (dollars with cents, whole dinars). */
export function minorToTyped(minor: number, currency: Currency): string {
  return currency === 'USD' ? (minor / 100).toFixed(2) : String(minor);
}

/** A product's name in the reader's language (Kurdish falls back to English). */
export function nameIn(language: string, name: { en: string; ku: string }): string {
  return language === 'ku' ? name.ku || name.en : name.en;
}
