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

/**
 * Stored periods whose sums make up a range: all time, whole months, single days; or, where that reads fewer rows,
 * all time less the months and days outside the range (`less`).
 */
export interface Periods {
  all: boolean;
  months: string[]; // first day of each month
  days: string[];
  /**
   * Taken off all time: the range is all time less these (set only with `all`), with the range's own periods and
   * whether it reaches the last day holding figures (a latest-purchase time is all time's then).
   */
  less?: { months: string[]; days: string[]; inside: { months: string[]; days: string[] }; toLast: boolean };
}

/** The range's own periods, never all time less others (for what cannot be taken off: a latest time). */
export function withoutLess(p: Periods): Periods {
  return p.less ? { all: false, ...p.less.inside } : p;
}

export const NO_PERIODS: Periods = Object.freeze({ all: false, months: [], days: [] }) as Periods;

/**
 * What a period costs to read, in a day's rows: a month holds about ten days' worth of products (most sell in any
 * month; fewer on any one day), all time a little more than a month.
 */
const COST = { day: 1, month: 10, all: 12 };
const costOf = (p: { months: string[]; days: string[] }) => p.months.length * COST.month + p.days.length * COST.day;

/** Whole months and single days making up [s, e] within [first, last] (a month is whole when [s, e] holds every day of it that can hold figures). */
function pieces(s: string, e: string, first: string, last: string): { months: string[]; days: string[] } {
  const out = { months: [] as string[], days: [] as string[] };
  if (s > e) return out;
  for (let m = monthStart(s); m <= e; m = addDays(monthEnd(m), 1)) {
    const from = max(m, first);
    const to = min(monthEnd(m), last);
    if (s <= from && to <= e) out.months.push(m);
    else for (let d = max(m, s); d <= min(monthEnd(m), e); d = addDays(d, 1)) out.days.push(d);
  }
  return out;
}

/**
 * The cheapest stored periods that sum to the range [start, end] (null: open), given the first and last day that hold
 * any figures. Outside [first, last] nothing is stored, so a range reaching past both is the all-time sum; a range
 * covering most of the history is all time less what lies outside it (two years of 1 M sales: 21 months and 20 days
 * read as all time less 2 months and 40 days, a third of the rows).
 */
export function periodsOf(start: string | null, end: string | null, first: string | null, last: string | null): Periods {
  if (!first || !last) return NO_PERIODS;
  const s = max(start ?? first, first);
  const e = min(end ?? last, last);
  if (s > e) return NO_PERIODS;
  if (s === first && e === last) return { all: true, months: [], days: [] };
  const inside = pieces(s, e, first, last);
  const before = pieces(first, addDays(s, -1), first, last);
  const after = pieces(addDays(e, 1), last, first, last);
  const outside = { months: [...before.months, ...after.months], days: [...before.days, ...after.days] };
  if (COST.all + costOf(outside) < costOf(inside))
    return { all: true, months: [], days: [], less: { ...outside, inside, toLast: e === last } };
  return { all: false, ...inside };
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
