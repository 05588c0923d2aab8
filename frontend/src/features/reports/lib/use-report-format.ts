import { useMemo } from 'react';
import type { Currency } from '@dukan/contracts';
import { intlLocale, useFormat } from '../../../i18n/format.js';

export interface ReportFormat {
  money(amount: number): string;
  number(value: number): string;
  /** Kilograms with 3 decimals (a weighed product's grams), the number only. */
  kg(value: number): string;
  hours(value: number): string;
  /** A yyyy-MM-dd day. */
  day(value: string): string;
  dateTime(value: string | null): string;
  /** A yyyy-MM-dd day shortened for a chart axis. */
  axisDay(value: string): string;
}

/** Numbers, money (in the report's currency: dollars with cents, whole dinars) and dates in the screen's language. */
export function useReportFormat(currency: Currency): ReportFormat {
  const f = useFormat();
  return useMemo(() => {
    const locale = intlLocale(f.language);
    const digits = currency === 'USD' ? 2 : 0;
    const money = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    const hours = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const kg = new Intl.NumberFormat(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
    const axis = new Intl.DateTimeFormat(locale, { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
    const asDay = (v: string) => new Date(`${v}T00:00:00Z`);
    const dayFormat = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: f.language === 'en' ? 'short' : '2-digit',
      day: '2-digit',
      timeZone: 'UTC',
    });
    return {
      money: (v) => money.format(v),
      number: (v) => f.number(v),
      kg: (v) => kg.format(v),
      hours: (v) => hours.format(v),
      day: (v) => dayFormat.format(asDay(v)),
      dateTime: (v) => (v ? f.dateTime(v) : '—'),
      axisDay: (v) => axis.format(asDay(v)),
    };
  }, [f, currency]);
}
