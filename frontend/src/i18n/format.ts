import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from './index.js';

/**
 * Intl locales for each interface language: Sorani Kurdish as used in Iraq. Browsers without Sorani data
 * (Chromium ships a trimmed ICU) fall back to Iraqi Arabic, which writes numbers the same way.
 */
export function intlLocale(language: Language): string[] {
  return language === 'ku' ? ['ckb-IQ', 'ar-IQ'] : ['en-US'];
}

export interface Formatters {
  language: Language;
  number(value: number): string;
  percent(value: number): string;
  /** USD cents shown as dollars with 2 decimals. */
  usd(cents: number): string;
  /** Whole dinars. */
  iqd(dinars: number): string;
  date(value: string | number | Date): string;
  dateTime(value: string | number | Date): string;
  time(value: string | number | Date): string;
}

const cache = new Map<Language, Formatters>();

export function formatters(language: Language): Formatters {
  const hit = cache.get(language);
  if (hit) return hit;
  const locale = intlLocale(language);
  const num = new Intl.NumberFormat(locale);
  const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const usd = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const iqd = new Intl.NumberFormat(locale, { style: 'currency', currency: 'IQD', minimumFractionDigits: 0, maximumFractionDigits: 0 });
  // Month names only where the runtime knows the language's own; numeric dates otherwise (no Arabic month names).
  const ownMonths = language === 'en' || new Intl.DateTimeFormat(locale).resolvedOptions().locale.startsWith('ckb');
  const month = ownMonths ? 'short' : '2-digit';
  const hourCycle = language === 'en' ? undefined : 'h23';
  const date = new Intl.DateTimeFormat(locale, { year: 'numeric', month, day: '2-digit' });
  const dateTime = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month,
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle,
  });
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle });
  const toDate = (v: string | number | Date) => (v instanceof Date ? v : new Date(v));
  const safe = (f: Intl.DateTimeFormat, v: string | number | Date) => {
    const d = toDate(v);
    return Number.isNaN(d.getTime()) ? '—' : f.format(d);
  };
  const made: Formatters = {
    language,
    number: (v) => num.format(v),
    percent: (v) => pct.format(v / 100),
    usd: (cents) => usd.format(cents / 100),
    iqd: (dinars) => iqd.format(dinars),
    date: (v) => safe(date, v),
    dateTime: (v) => safe(dateTime, v),
    time: (v) => safe(time, v),
  };
  cache.set(language, made);
  return made;
}

export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  const lng = isLanguage(i18n.language) ? i18n.language : 'en';
  return useMemo(() => formatters(lng), [lng]);
}
