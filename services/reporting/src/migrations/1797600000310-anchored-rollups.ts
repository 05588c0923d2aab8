import type { MigrationInterface, QueryRunner } from 'typeorm';

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const anchorOnOrBefore = (day: string) => {
  const d = Number(day.slice(8, 10));
  return `${day.slice(0, 8)}${d >= 21 ? '21' : d >= 11 ? '11' : '01'}`;
};
const nextAnchor = (a: string) =>
  a.endsWith('-01') ? `${a.slice(0, 8)}11` : a.endsWith('-11') ? `${a.slice(0, 8)}21` : `${addDays(`${a.slice(0, 8)}28`, 7).slice(0, 8)}01`;

/**
 * Anchored cumulative rollups, so a report over any range reads two prefixes and the few days at its ends. On the
 * 1st, 11th and 21st of each month (an anchor) the product and customer rollups hold, per branch, each product's and
 * customer's sums over every day before it (grain 'c'; a customer's latest purchase before it). `rollup_anchors`
 * says which anchors a branch holds: every one from `first_anchor` to `last_anchor` (the latest anchor on or before its
 * latest figures). `roll_rollups_forward` makes the next anchor's rows from the one before and the days between; the
 * read model calls it as a branch's figures reach a new anchor, and here it builds the anchors of the figures held.
 */
export class AnchoredRollups1797600000310 implements MigrationInterface {
  name = 'AnchoredRollups1797600000310';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE rollup_anchors (
      branch_id text PRIMARY KEY,
      first_anchor date NOT NULL,
      last_anchor date NOT NULL CHECK (last_anchor >= first_anchor)
    )`);
    await q.query(`
      CREATE FUNCTION roll_rollups_forward(b text, prev date, x date) RETURNS void LANGUAGE sql AS $$
        INSERT INTO product_sales (grain, period, branch_id, product_id, quantity, revenue_cents, cost_cents, revenue_iqd, cost_iqd)
        SELECT 'c', x, b, product_id, sum(quantity), sum(revenue_cents), sum(cost_cents), sum(revenue_iqd), sum(cost_iqd)
          FROM product_sales
         WHERE branch_id = b AND ((grain = 'c' AND period = prev) OR (grain = 'd' AND period < x AND (prev IS NULL OR period >= prev)))
         GROUP BY product_id;
        INSERT INTO customer_sales (grain, period, branch_id, customer_id, spent_cents, purchases, last_purchase_at)
        SELECT 'c', x, b, customer_id, sum(spent_cents), sum(purchases), max(last_purchase_at)
          FROM customer_sales
         WHERE branch_id = b AND ((grain = 'c' AND period = prev) OR (grain = 'd' AND period < x AND (prev IS NULL OR period >= prev)))
         GROUP BY customer_id;
      $$`);
    const held = (await q.query(
      `SELECT branch_id, min(day)::text AS first, max(day)::text AS last FROM branch_sales_daily GROUP BY branch_id ORDER BY branch_id`,
    )) as { branch_id: string; first: string; last: string }[];
    for (const b of held) {
      // The first anchor is on or before the first figures: nothing lies before it.
      const first = anchorOnOrBefore(b.first);
      const last = anchorOnOrBefore(b.last);
      for (let prev = first, x = nextAnchor(first); x <= last; prev = x, x = nextAnchor(x))
        await q.query(`SELECT roll_rollups_forward($1, $2::date, $3::date)`, [b.branch_id, prev, x]);
      await q.query(`INSERT INTO rollup_anchors (branch_id, first_anchor, last_anchor) VALUES ($1, $2, $3)`, [b.branch_id, first, last]);
    }
    // The planner learns of the new rows at once (else it reads an anchor's 50,000 rows as if there were one).
    await q.query(`ANALYZE product_sales`);
    await q.query(`ANALYZE customer_sales`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM product_sales WHERE grain = 'c'`);
    await q.query(`DELETE FROM customer_sales WHERE grain = 'c'`);
    await q.query(`DROP FUNCTION roll_rollups_forward(text, date, date)`);
    await q.query(`DROP TABLE rollup_anchors`);
  }
}
