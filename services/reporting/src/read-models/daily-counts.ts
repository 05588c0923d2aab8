import type { EntityManager } from 'typeorm';
import { one } from '@dukan/platform';

export interface Counts {
  products: number;
  lowStock: number;
  activeUsers: number;
}

/**
 * Live products; live products whose stock (all branches together) is at or below their reorder level;
 * active users who are not deleted.
 */
export async function currentCounts(m: EntityManager): Promise<Counts> {
  const row = await one<{ products: number; low_stock: number; active_users: number }>(
    m,
    `SELECT
       (SELECT count(*)::int FROM products WHERE deleted_at IS NULL) AS products,
       (SELECT count(*)::int FROM products p
          WHERE p.deleted_at IS NULL
            AND coalesce((SELECT sum(s.quantity) FROM stock s WHERE s.product_id = p.product_id), 0) <= p.reorder_level) AS low_stock,
       (SELECT count(*)::int FROM users WHERE active AND deleted_at IS NULL) AS active_users`,
  );
  return { products: row?.products ?? 0, lowStock: row?.low_stock ?? 0, activeUsers: row?.active_users ?? 0 };
}

/**
 * Called before an event changes products, stock or users: on the first such event of a shop day, records the counts
 * as they stand, i.e. as they stood at the end of the day before. One count per day instead of one per event, so a
 * busy till's stock events cost reporting a primary-key lookup. An event older than the newest recorded day leaves
 * history alone.
 */
export async function recordDayStart(m: EntityManager, occurredAt: string, timeZone: string): Promise<void> {
  const state = await one<{ recorded: boolean }>(
    m,
    `SELECT EXISTS (SELECT 1 FROM daily_counts WHERE day >= ($1::timestamptz AT TIME ZONE $2)::date) AS recorded`,
    [occurredAt, timeZone],
  );
  if (state?.recorded) return;
  const c = await currentCounts(m);
  await m.query(
    `INSERT INTO daily_counts (day, metric, value)
     SELECT ($1::timestamptz AT TIME ZONE $2)::date, metric, value
       FROM (VALUES ('products', $3::int), ('lowStock', $4::int), ('activeUsers', $5::int)) AS v (metric, value)
     ON CONFLICT (day, metric) DO NOTHING`,
    [occurredAt, timeZone, c.products, c.lowStock, c.activeUsers],
  );
}

/**
 * A batch of events in order, cut into runs of consecutive events on one shop day, so that a batch records
 * the day's opening counts (recordDayStart) once per day it touches, right before that day's first change.
 * A time zone JavaScript does not know makes every event its own run: recordDayStart then decides in the database.
 */
export function shopDayRuns<E extends { occurredAt: string }>(events: readonly E[], timeZone: string): E[][] {
  let day: (at: string) => string;
  try {
    const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    day = (at) => format.format(new Date(at));
  } catch {
    return events.map((e) => [e]);
  }
  const runs: E[][] = [];
  events.forEach((e, i) => {
    if (i > 0 && day(e.occurredAt) === day(events[i - 1]!.occurredAt)) runs.at(-1)!.push(e);
    else runs.push([e]);
  });
  return runs;
}
