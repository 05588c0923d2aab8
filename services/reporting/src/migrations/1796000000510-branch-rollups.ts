import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reports of a chain: the cashier, product and customer rollups and the paid expenses are kept per branch too
 * (the branch rollup already was), so a report reads one branch, several, or the whole chain. Figures recorded
 * before are put in the branch most sales were made in ('main' in a one-shop install, where they all were).
 */
export class BranchRollups1796000000510 implements MigrationInterface {
  name = 'BranchRollups1796000000510';

  async up(q: QueryRunner): Promise<void> {
    const [{ branch }] = await q.query(
      `SELECT coalesce((SELECT branch_id FROM sales GROUP BY branch_id ORDER BY count(*) DESC, branch_id LIMIT 1), 'main') AS branch`,
    );
    for (const [table, key] of [
      ['cashier_sales_daily', 'day, branch_id, cashier_id'],
      ['product_sales', 'grain, period, branch_id, product_id'],
      ['customer_sales', 'grain, period, branch_id, customer_id'],
    ] as const) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN branch_id text NOT NULL DEFAULT '${String(branch).replaceAll("'", "''")}'`);
      await q.query(`ALTER TABLE ${table} ALTER COLUMN branch_id DROP DEFAULT`);
      await q.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey, ADD PRIMARY KEY (${key})`);
    }
    // One branch's single period in order without summing; the chain's is summed per product or customer.
    await q.query(`DROP INDEX product_sales_top`);
    await q.query(`CREATE INDEX product_sales_top ON product_sales (grain, period, branch_id, revenue_cents DESC, product_id)`);
    await q.query(`DROP INDEX customer_sales_top`);
    await q.query(`CREATE INDEX customer_sales_top ON customer_sales (grain, period, branch_id, spent_cents DESC, customer_id)`);
    await q.query(`ALTER TABLE expenses ADD COLUMN branch_id text NOT NULL DEFAULT 'main'`);
    await q.query(`CREATE INDEX stock_branch ON stock (branch_id, product_id)`);
  }

  /** Back to one set of figures for the shop: only while they are of one branch (a chain's would need summing). */
  async down(q: QueryRunner): Promise<void> {
    const [{ n }] = await q.query(`SELECT count(DISTINCT branch_id)::int AS n FROM product_sales`);
    if (n > 1) throw new Error('the rollups hold several branches: they cannot be folded back into one');
    await q.query(`DROP INDEX stock_branch`);
    await q.query(`ALTER TABLE expenses DROP COLUMN branch_id`);
    for (const [table, key] of [
      ['cashier_sales_daily', 'day, cashier_id'],
      ['product_sales', 'grain, period, product_id'],
      ['customer_sales', 'grain, period, customer_id'],
    ] as const) {
      await q.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey, ADD PRIMARY KEY (${key})`);
      await q.query(`ALTER TABLE ${table} DROP COLUMN branch_id`);
    }
    await q.query(`CREATE INDEX product_sales_top ON product_sales (grain, period, revenue_cents DESC, product_id)`);
    await q.query(`CREATE INDEX customer_sales_top ON customer_sales (grain, period, spent_cents DESC, customer_id)`);
  }
}
