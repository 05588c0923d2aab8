import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Sales' replica of a chain's per-branch prices (catalog's branch-price.changed); a null price is a cleared one. */
export class BranchPrices1795824000300 implements MigrationInterface {
  name = 'BranchPrices1795824000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE branch_prices (
        product_id uuid NOT NULL,
        branch_id text NOT NULL,
        price_cents bigint,
        version integer NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (product_id, branch_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE branch_prices`);
  }
}
