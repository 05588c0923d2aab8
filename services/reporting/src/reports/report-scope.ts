import type { EntityManager } from 'typeorm';
import type { Currency, ReportMetaDto } from '@dukan/contracts';
import type { HeldAnchors, Periods, Term } from './report-range.policy.js';

/** What one report is built from: the transaction it reads in, the range and how money is shown. */
export interface ReportScope {
  m: EntityManager;
  start: string | null;
  end: string | null;
  periods: Periods;
  timeZone: string;
  money: (cents: number | string | null) => number;
  meta: ReportMetaDto;
  currency: Currency;
  /** The branches the report reads (the gate checked them); null: every branch. */
  branches: readonly string[] | null;
  /** The branches that have any sales figures at all (a single shop: one). */
  heldBranches: readonly string[];
  /** The first and last days holding figures, and the anchors each branch's cumulative rollups are held at. */
  held: { first: string | null; last: string | null; anchors: Readonly<Record<string, HeldAnchors>> };
}

/**
 * The rows of `sql`, read through a cursor `size` at a time in the scope's transaction: an export of every product
 * holds one batch in memory, not 50,000 rows. The cursor is closed when the reader stops early.
 */
export async function* cursorBatches<R>(m: EntityManager, name: string, sql: string, size: number): AsyncGenerator<R[]> {
  await m.query(`DECLARE ${name} NO SCROLL CURSOR FOR ${sql}`);
  try {
    for (;;) {
      const batch: R[] = await m.query(`FETCH ${Math.floor(size)} FROM ${name}`);
      if (batch.length === 0) return;
      yield batch;
    }
  } finally {
    await m.query(`CLOSE ${name}`).catch(() => undefined);
  }
}

/** SQL condition on a date column for the scope's range; parameters $1 (start) and $2 (end), each null when open. */
export const IN_RANGE = (column: string) => `($1::date IS NULL OR ${column} >= $1::date) AND ($2::date IS NULL OR ${column} <= $2::date)`;

/**
 * SQL condition picking a rollup's stored periods. The days come from checked yyyy-MM-dd dates and the rollups, so
 * they are written into the statement as date literals: the planner then sees exactly which periods it reads.
 */
export function inPeriods(p: Periods): string {
  if (p.terms) return p.terms.length ? `(${p.terms.map(termCondition).join(' OR ')})` : 'false';
  const dates = (days: string[]) => `ARRAY[${days.map((d) => `'${assertDay(d)}'`).join(',')}]::date[]`;
  const months = [...p.months, ...(p.less?.months ?? [])];
  const days = [...p.days, ...(p.less?.days ?? [])];
  const parts = [
    ...(p.all ? [`grain = 'a'`] : []),
    ...(months.length ? [`(grain = 'm' AND period = ANY(${dates(months)}))`] : []),
    ...(days.length ? [`(grain = 'd' AND period = ANY(${dates(days)}))`] : []),
  ];
  return parts.length ? `(${parts.join(' OR ')})` : 'false';
}

/**
 * A rollup column as it counts towards the range: as stored, or, when the range is all time less the periods outside
 * it, negated on those periods' rows (so `sum(signed(p, 'quantity'))` is the range's quantity).
 */
export function signed(p: Periods, column: string): string {
  if (p.terms) {
    if (p.terms.every((t) => t.coef === 1)) return column;
    // Most ranges: pieces added or taken off once; only those taken off are tested for.
    if (p.terms.every((t) => t.coef === 1 || t.coef === -1))
      return `(CASE WHEN ${p.terms
        .filter((t) => t.coef === -1)
        .map(termCondition)
        .join(' OR ')} THEN -${column} ELSE ${column} END)`;
    return `(CASE ${p.terms.map((t) => `WHEN ${termCondition(t)} THEN ${t.coef === 1 ? column : `${t.coef} * ${column}`}`).join(' ')} END)`;
  }
  return p.less ? `(CASE WHEN grain = 'a' THEN ${column} ELSE -${column} END)` : column;
}

/** SQL condition picking the rows of one anchored piece (see planOf). */
export function termCondition(t: Term): string {
  const branch = t.branches ? ` AND ${inBranches(t.branches, 'branch_id')}` : '';
  if (t.grain === 'a') return `(grain = 'a'${branch})`;
  if (t.grain === 'c') return `(grain = 'c' AND period = '${assertDay(t.from)}'::date${branch})`;
  return `(grain = 'd' AND period BETWEEN '${assertDay(t.from)}'::date AND '${assertDay(t.to)}'::date${branch})`;
}

/** SQL condition on the rows of the pieces added (not taken off) of an anchored range; for other ranges, every row. */
export function addedPieces(p: Periods): string {
  if (!p.terms) return 'true';
  const added = p.terms.filter((t) => t.coef > 0);
  return added.length ? `(${added.map(termCondition).join(' OR ')})` : 'false';
}

/** True when the range is one stored period: its rows need no summing, and an index gives them in order. */
export const isSinglePeriod = (p: Periods) =>
  p.terms
    ? p.terms.length === 1 && p.terms[0]!.coef === 1 && p.terms[0]!.from === p.terms[0]!.to
    : Number(p.all) + p.months.length + p.days.length + (p.less ? p.less.months.length + p.less.days.length : 0) === 1;

/**
 * SQL condition on a branch column for the branches a view reads (true for every branch). The codes come from the
 * gate, which lets through letters, digits, '.', '_' and '-' only; they are checked again before being written in.
 */
export function inBranches(branches: readonly string[] | null, column: string): string {
  if (branches === null) return 'true';
  return `${column} = ANY(ARRAY[${branches.map((b) => `'${assertBranch(b)}'`).join(',')}]::text[])`;
}

/** SQL condition on a users row (`alias`): the user works in one of the branches a view reads (NULL branches: every one). */
export function worksIn(branches: readonly string[] | null, alias: string): string {
  if (branches === null) return 'true';
  return `(${alias}.branches IS NULL OR ${alias}.branches && ARRAY[${branches.map((b) => `'${assertBranch(b)}'`).join(',')}]::text[])`;
}

/** One stored period of at most one branch holding figures: its rows are read as they are, in index order. */
export function isSingleRead(s: Pick<ReportScope, 'periods' | 'branches' | 'heldBranches'>): boolean {
  const read = s.branches === null ? s.heldBranches : s.heldBranches.filter((b) => s.branches!.includes(b));
  return isSinglePeriod(s.periods) && read.length <= 1;
}

function assertBranch(b: string): string {
  if (!/^[\p{L}\p{N}._-]{1,40}$/u.test(b)) throw new Error(`not a branch: ${b}`);
  return b;
}

function assertDay(d: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) throw new Error(`not a day: ${d}`);
  return d;
}

/** A subquery's rows as one JSON array (a report is one statement: one round trip to the database). */
export const jsonRows = (sql: string, order = '') =>
  `(SELECT coalesce(json_agg(x${order ? ` ORDER BY ${order}` : ''}), '[]') FROM (${sql}) x)`;

export const dayText = (d: Date | string) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));
