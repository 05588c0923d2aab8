import type { Currency, Locale } from '@dukan/contracts';

/**
 * What a table cell holds, and how it is shown (the writers format each kind their own way). 'money' is in the
 * report's currency; 'usd' and 'iqd' are money in that currency whatever the report's (dollars, whole dinars); 'kg'
 * a weight in kilograms, always with 3 decimals (whole grams).
 */
export type CellKind = 'text' | 'money' | 'usd' | 'iqd' | 'number' | 'kg' | 'hours' | 'date' | 'datetime';
export type Cell = string | number | null;

/** The currency a money cell is shown in (null: not money). */
export function moneyCurrency(kind: CellKind, reportCurrency: Currency): Currency | null {
  if (kind === 'usd') return 'USD';
  if (kind === 'iqd') return 'IQD';
  return kind === 'money' ? reportCurrency : null;
}

/** Wall-clock parts of an instant in a time zone. */
export function wallClock(iso: string, timeZone: string): { y: number; mo: number; d: number; h: number; mi: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { y: n('year'), mo: n('month'), d: n('day'), h: n('hour'), mi: n('minute') };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as plain machine-readable text (CSV): numbers with a dot, money with the currency's decimals, dates ISO, times in the shop's zone. */
export function plainCell(value: Cell, kind: CellKind, currency: Currency, timeZone: string): string | number | null {
  if (value === null || value === '') return null;
  const money = moneyCurrency(kind, currency);
  if (money && typeof value === 'number') return money === 'USD' ? value.toFixed(2) : value.toFixed(0);
  if (kind === 'kg' && typeof value === 'number') return value.toFixed(3);
  if (kind === 'datetime' && typeof value === 'string') {
    const w = wallClock(value, timeZone);
    return `${w.y}-${pad(w.mo)}-${pad(w.d)} ${pad(w.h)}:${pad(w.mi)}`;
  }
  return value;
}

const INTL: Record<Locale, string[]> = { en: ['en-US'], ku: ['ckb-IQ', 'ar-IQ'] };

/** A cell as a person reads it (PDF): Intl numbers, money and dates of the language. */
export function displayCell(value: Cell, kind: CellKind, currency: Currency, locale: Locale, timeZone: string): string {
  if (value === null || value === '') return '';
  const loc = INTL[locale];
  if (typeof value === 'number') {
    const money = moneyCurrency(kind, currency);
    if (money) {
      const digits = money === 'USD' ? 2 : 0;
      return new Intl.NumberFormat(loc, {
        style: 'currency',
        currency: money,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(value);
    }
    if (kind === 'kg') return new Intl.NumberFormat(loc, { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(value);
    return new Intl.NumberFormat(loc, { maximumFractionDigits: kind === 'hours' ? 1 : 2 }).format(value);
  }
  if (kind === 'date')
    return new Intl.DateTimeFormat(loc, { year: 'numeric', month: 'short', day: '2-digit', timeZone: 'UTC' }).format(
      new Date(`${value}T00:00:00Z`),
    );
  if (kind === 'datetime') {
    return new Intl.DateTimeFormat(loc, {
      year: 'numeric',
      month: 'short',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    }).format(new Date(value));
  }
  return value;
}
