// Pure rules of the reports: which stored periods make up a date range, money in the viewer's currency, hours.
import { usdCentsToIqd, type Currency } from '@dukan/contracts';

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A yyyy-MM-dd that names a real day. */
export function isDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
function monthEnd(day: string): string {
  const d = new Date(`${monthStart(day)}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return addDays(d.toISOString().slice(0, 10), -1);
}
const max = (a: string, b: string) => (a > b ? a : b);
const min = (a: string, b: string) => (a < b ? a : b);

/** Stored periods whose sums make up a range: all time, whole months, single days. */
export interface Periods {
  all: boolean;
  months: string[]; // first day of each month
  days: string[];
}

export const NO_PERIODS: Periods = Object.freeze({ all: false, months: [], days: [] }) as Periods;

/**
 * The fewest stored periods that sum to the range [start, end] (null: open), given the first and last day that hold
 * any figures. Outside [first, last] nothing is stored, so a range reaching past both is the all-time sum, and a
 * month is whole when the range covers every day of it that can hold figures.
 */
export function periodsOf(start: string | null, end: string | null, first: string | null, last: string | null): Periods {
  if (!first || !last) return NO_PERIODS;
  const s = max(start ?? first, first);
  const e = min(end ?? last, last);
  if (s > e) return NO_PERIODS;
  if (s === first && e === last) return { all: true, months: [], days: [] };
  const out: Periods = { all: false, months: [], days: [] };
  for (let m = monthStart(s); m <= e; m = addDays(monthEnd(m), 1)) {
    const from = max(m, first);
    const to = min(monthEnd(m), last);
    if (s <= from && to <= e) out.months.push(m);
    else for (let d = max(m, s); d <= min(monthEnd(m), e); d = addDays(d, 1)) out.days.push(d);
  }
  return out;
}

/** New customers are counted per day up to this many days, per month beyond. */
export const DAILY_SERIES_MAX_DAYS = 92;

/** Amounts in the viewer's currency: dollars with 2 decimals, or whole dinars at the viewer's rate. */
export function moneyIn(currency: Currency, rate: number): (cents: number | string | null) => number {
  return (cents) => {
    const c = Math.round(Number(cents ?? 0));
    return currency === 'USD' ? c / 100 : usdCentsToIqd(c, rate);
  };
}

/** Hours with one decimal, from seconds. */
export const hoursOf = (seconds: number | string | null) => Math.round(Number(seconds ?? 0) / 360) / 10;
