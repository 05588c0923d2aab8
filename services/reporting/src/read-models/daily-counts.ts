import type { EntityManager } from 'typeorm';
import { one } from '@dukan/platform';
import { inBranches, worksIn } from '../reports/report-scope.js';

export interface Counts {
  products: number;
  lowStock: number;
  activeUsers: number;
}

/**
 * Live products; live products whose stock (the branches given together; null: all) is at or below their reorder
 * level; active users who are not deleted and work in one of the branches.
 */
export async function currentCounts(m: EntityManager, branches: readonly string[] | null = null): Promise<Counts> {
  const row = await one<{ products: number; low_stock: number; active_users: number }>(
    m,
    `SELECT
       (SELECT count(*)::int FROM products WHERE deleted_at IS NULL) AS products,
       (SELECT count(*)::int FROM products p
          WHERE p.deleted_at IS NULL
            AND coalesce((SELECT sum(s.quantity) FROM stock s WHERE s.product_id = p.product_id AND ${inBranches(branches, 's.branch_id')}), 0)
                <= p.reorder_level) AS low_stock,
       (SELECT count(*)::int FROM users u WHERE u.active AND u.deleted_at IS NULL AND ${worksIn(branches, 'u')}) AS active_users`,
  );
  return { products: row?.products ?? 0, lowStock: row?.low_stock ?? 0, activeUsers: row?.active_users ?? 0 };
}

/** A state a product (kind 'p') or its stock in a branch ('s') was left in by a change at `at`. */
export type CountState =
  | { kind: 'p'; id: string; at: string; version: number; live: boolean; reorderLevel: number }
  | { kind: 's'; id: string; branchId: string; at: string; quantity: number };

/** How long states are kept: the start of today is never further back than this (the last state before it stays too). */
const KEEP = `interval '2 days'`;

/**
 * Records every state an event left (all of a batch, not only the newest, so a day's last state is there whatever
 * order the events came in), then drops the states of those keys that an older-than-KEEP state has replaced.
 * Users' states are recorded by a trigger on the users replica.
 */
export async function recordStates(m: EntityManager, states: readonly CountState[]): Promise<void> {
  if (states.length === 0) return;
  const col = <T>(f: (s: CountState) => T) => states.map(f);
  await m.query(
    `INSERT INTO count_history (kind, id, branch_id, at, version, live, reorder_level, quantity)
     SELECT * FROM unnest($1::"char"[], $2::text[], $3::text[], $4::timestamptz[], $5::int[], $6::boolean[], $7::int[], $8::int[])
     ON CONFLICT DO NOTHING`,
    [
      col((s) => s.kind),
      col((s) => s.id),
      col((s) => (s.kind === 's' ? s.branchId : '')),
      col((s) => s.at),
      col((s) => (s.kind === 'p' ? s.version : 0)),
      col((s) => (s.kind === 'p' ? s.live : true)),
      col((s) => (s.kind === 'p' ? s.reorderLevel : 0)),
      col((s) => (s.kind === 's' ? s.quantity : 0)),
    ],
  );
  await m.query(
    `DELETE FROM count_history h
      USING (SELECT kind, id, branch_id, max(at) AS kept FROM count_history
              WHERE id = ANY($1::text[]) AND kind IN ('p', 's') AND at < now() - ${KEEP} GROUP BY kind, id, branch_id) old
      WHERE h.kind = old.kind AND h.id = old.id AND h.branch_id = old.branch_id AND h.at < old.kept`,
    [[...new Set(states.map((s) => s.id))].sort()],
  );
}

/**
 * The counts as they stood at the start of today (shop time), given the counts now: only what changed since is
 * looked at. For each product or user with a state recorded today, its contribution at the start of today (its
 * newest state before then) replaces its contribution now (its newest state). The states are the same set whatever
 * order their events arrived in, so the answer is too. Users count in the branches they work in now.
 */
export async function dayStartCounts(
  m: EntityManager,
  timeZone: string,
  now: Counts,
  branches: readonly string[] | null = null,
): Promise<Counts> {
  const row = await one<{ products: number; low_stock: number; active_users: number }>(
    m,
    `WITH start AS (SELECT ((now() AT TIME ZONE $1)::date::timestamp AT TIME ZONE $1) AS t),
     changed AS (SELECT DISTINCT kind = 'u' AS is_user, id FROM count_history, start WHERE at >= start.t),
     bounds (bound, sign) AS (SELECT t, 1 FROM start UNION ALL SELECT 'infinity'::timestamptz, -1),
     products AS (
       SELECT b.sign, coalesce(p.live, false) AS live,
              coalesce(p.live, false) AND coalesce(q.quantity, 0) <= p.reorder_level AS low
         FROM changed c CROSS JOIN bounds b
         LEFT JOIN LATERAL (SELECT live, reorder_level FROM count_history h
                             WHERE h.kind = 'p' AND h.id = c.id AND h.at < b.bound ORDER BY h.version DESC, h.at DESC LIMIT 1) p ON true
         LEFT JOIN LATERAL (SELECT sum(s.quantity) AS quantity FROM (
                              SELECT DISTINCT ON (h.branch_id) h.quantity FROM count_history h
                               WHERE h.kind = 's' AND h.id = c.id AND h.at < b.bound AND ${inBranches(branches, 'h.branch_id')}
                               ORDER BY h.branch_id, h.at DESC) s) q ON true
        WHERE NOT c.is_user),
     users AS (
       SELECT b.sign, coalesce(u.live, false) AS live
         FROM changed c CROSS JOIN bounds b
         JOIN users w ON w.user_id = c.id AND ${worksIn(branches, 'w')}
         LEFT JOIN LATERAL (SELECT live FROM count_history h
                             WHERE h.kind = 'u' AND h.id = c.id AND h.at < b.bound ORDER BY h.at DESC, h.live LIMIT 1) u ON true
        WHERE c.is_user)
     SELECT (SELECT coalesce(sum(sign * live::int), 0)::int FROM products) AS products,
            (SELECT coalesce(sum(sign * low::int), 0)::int FROM products) AS low_stock,
            (SELECT coalesce(sum(sign * live::int), 0)::int FROM users) AS active_users`,
    [timeZone],
  );
  return {
    products: now.products + (row?.products ?? 0),
    lowStock: now.lowStock + (row?.low_stock ?? 0),
    activeUsers: now.activeUsers + (row?.active_users ?? 0),
  };
}
