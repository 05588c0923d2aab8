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
  /** Set instead of all the above: the anchored cumulative pieces that sum to the range (see planOf). */
  terms?: Term[];
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

/**
 * Anchored cumulative rollups. On the 1st, 11th and 21st of each month (an anchor) the product and customer rollups
 * hold, per branch, each one's sums over every day before it (grain 'c'), from a branch's first anchor to its last.
 * The figures up to any day are then one anchor's rows plus or minus the few days (at most five) between it and that
 * day, so any range is two such prefixes: two lookups and the partial days at its ends.
 */
export const anchorOnOrBefore = (day: string) => {
  const d = Number(day.slice(8, 10));
  return `${day.slice(0, 8)}${d >= 21 ? '21' : d >= 11 ? '11' : '01'}`;
};
export const nextAnchor = (anchor: string) =>
  anchor.endsWith('-01') ? `${anchor.slice(0, 8)}11` : anchor.endsWith('-11') ? `${anchor.slice(0, 8)}21` : addDays(monthEnd(anchor), 1);

/** The anchors a branch's cumulative rows are held at: every one from `first` to `last`. */
export interface HeldAnchors {
  first: string;
  last: string;
}

/**
 * A weighted piece of a rollup: all-time rows ('a'), one anchor's cumulative rows ('c', from = to), or a run of
 * days ('d', from..to inclusive), of some branches (null: every one), counted `coef` times.
 */
export interface Term {
  grain: 'a' | 'c' | 'd';
  from: string;
  to: string;
  coef: number;
  branches: readonly string[] | null;
}

type Prefix = { c?: string; a?: boolean; days: [string, string, 1 | -1][]; cost: number };

/**
 * The cheapest pieces summing to everything up to and including day `e` in a branch holding `w` (figures between
 * `first` and `last`). `forward`: only added pieces (so a latest time among them is the latest up to `e`).
 */
function prefixOf(e: string, first: string, last: string, w: HeldAnchors | undefined, forward: boolean): Prefix {
  const span = (from: string, to: string) => Math.max(0, daysBetween(max(from, first), min(to, last)) + 1);
  if (e < first) return { days: [], cost: 0 };
  if (e >= last) return { a: true, days: [], cost: COST.all };
  const options: Prefix[] = [{ days: [[first, e, 1]], cost: span(first, e) }];
  options.push({ a: true, days: [[addDays(e, 1), last, -1]], cost: COST.all + span(addDays(e, 1), last) });
  if (w) {
    const x1 = min(anchorOnOrBefore(addDays(e, 1)), w.last);
    if (x1 >= w.first) options.push({ c: x1, days: [[x1, e, 1]], cost: COST.all + span(x1, e) });
    const x2 = nextAnchor(anchorOnOrBefore(addDays(e, 1)));
    if (!forward && x2 <= w.last && x2 >= w.first)
      options.push({ c: x2, days: [[addDays(e, 1), addDays(x2, -1), -1]], cost: COST.all + span(addDays(e, 1), addDays(x2, -1)) });
  }
  const allowed = forward ? options.filter((o) => o.days.every(([, , sign]) => sign === 1) && !(o.a && o.days.length > 0)) : options;
  return allowed.reduce((best, o) => (o.cost < best.cost ? o : best));
}

/**
 * The range [start, end] of a group of branches holding the same anchors (or none) as the difference of two
 * prefixes, with its cost in a day's rows; null when the range is empty.
 */
function cumulativeTerms(
  s: string,
  e: string,
  first: string,
  last: string,
  w: HeldAnchors | undefined,
  branches: readonly string[] | null,
  forwardEnd: boolean,
): { terms: Term[]; cost: number } {
  const upper = prefixOf(e, first, last, w, forwardEnd);
  const lower = prefixOf(addDays(s, -1), first, last, w, false);
  const terms: Term[] = [];
  const whole = new Map<string, number>(); // 'a' or an anchor
  const add = (key: string, coef: number) => whole.set(key, (whole.get(key) ?? 0) + coef);
  const days = new Map<string, number>();
  for (const [p, sign] of [
    [upper, 1],
    [lower, -1],
  ] as const) {
    if (p.a) add('a', sign);
    if (p.c) add(p.c, sign);
    for (const [from, to, k] of p.days)
      for (let d = max(from, first); d <= min(to, last); d = addDays(d, 1)) days.set(d, (days.get(d) ?? 0) + sign * k);
  }
  for (const [key, coef] of whole)
    if (coef !== 0)
      terms.push(
        key === 'a' ? { grain: 'a', from: ALL_DAY, to: ALL_DAY, coef, branches } : { grain: 'c', from: key, to: key, coef, branches },
      );
  // Runs of days counted alike, as ranges.
  const sorted = [...days.entries()].filter(([, k]) => k !== 0).sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [day, coef] of sorted) {
    const run = terms.at(-1);
    if (run && run.grain === 'd' && run.coef === coef && addDays(run.to, 1) === day) run.to = day;
    else terms.push({ grain: 'd', from: day, to: day, coef, branches });
  }
  return { terms, cost: upper.cost + lower.cost };
}

const ALL_DAY = '2000-01-01';

/**
 * The range's pieces: its own months and days when they are few; else, per group of branches holding the same
 * anchors, the figures up to its end less those before its start (`terms`). `forwardEnd`: the end's prefix only
 * adds (a customer's latest purchase in the range is the latest among the added pieces).
 */
export function planOf(
  start: string | null,
  end: string | null,
  first: string | null,
  last: string | null,
  anchors: Readonly<Record<string, HeldAnchors>>,
  branches: readonly string[],
  every: boolean,
  forwardEnd = false,
): Periods {
  if (!first || !last) return NO_PERIODS;
  const s = max(start ?? first, first);
  const e = min(end ?? last, last);
  if (s > e) return NO_PERIODS;
  if (s === first && e === last) return { all: true, months: [], days: [] };
  const inside = pieces(s, e, first, last);
  // Branches grouped by the anchors they hold (one group in a chain whose branches all sell).
  const groups = new Map<string, { w: HeldAnchors | undefined; branches: string[] }>();
  for (const b of branches) {
    const w = anchors[b];
    const key = w ? `${w.first}|${w.last}` : '';
    if (!groups.has(key)) groups.set(key, { w, branches: [] });
    groups.get(key)!.branches.push(b);
  }
  const one = groups.size <= 1 && every;
  const parts = [...groups.values()].map((g) => cumulativeTerms(s, e, first, last, g.w, one ? null : g.branches, forwardEnd));
  const cost = parts.length ? Math.max(...parts.map((p) => p.cost)) : 0;
  if (costOf(inside) <= cost || parts.length === 0) return { all: false, ...inside };
  return { all: false, months: [], days: [], terms: parts.flatMap((p) => p.terms) };
}
