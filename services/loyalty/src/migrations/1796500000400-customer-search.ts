import type { MigrationInterface, QueryRunner } from 'typeorm';
import { SEARCH_NORM_FUNCTION, trigramOps } from '@dukan/platform';

/**
 * Customers are searched on a folded, indexed text (names, phone, email): what an Arabic keyboard types finds what a
 * Sorani keyboard typed, and a picker stays fast with many customers.
 */
export class CustomerSearch1796500000400 implements MigrationInterface {
  name = 'CustomerSearch1796500000400';

  async up(q: QueryRunner): Promise<void> {
    const ops = await trigramOps(q);
    await q.query(SEARCH_NORM_FUNCTION);
    await q.query(`
      ALTER TABLE customers ADD COLUMN search_text text
        GENERATED ALWAYS AS (search_norm(first_name || ' ' || last_name || ' ' || phone || ' ' || coalesce(email, ''))) STORED`);
    await q.query(`CREATE INDEX customers_search ON customers USING gin (search_text ${ops}) WHERE deleted_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX customers_search`);
    await q.query(`ALTER TABLE customers DROP COLUMN search_text`);
    await q.query(`DROP FUNCTION search_norm(text)`);
  }
}
