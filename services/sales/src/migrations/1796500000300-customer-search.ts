import type { MigrationInterface, QueryRunner } from 'typeorm';
import { SEARCH_NORM_FUNCTION, trigramOps } from '@dukan/platform';

/** The transactions list finds a sale by its customer's name as typed on either keyboard, through an index. */
export class CustomerSearch1796500000300 implements MigrationInterface {
  name = 'CustomerSearch1796500000300';

  async up(q: QueryRunner): Promise<void> {
    const ops = await trigramOps(q);
    await q.query(SEARCH_NORM_FUNCTION);
    await q.query(`
      ALTER TABLE customers ADD COLUMN search_text text
        GENERATED ALWAYS AS (search_norm(first_name || ' ' || last_name)) STORED`);
    await q.query(`CREATE INDEX customers_search ON customers USING gin (search_text ${ops})`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX customers_search`);
    await q.query(`ALTER TABLE customers DROP COLUMN search_text`);
    await q.query(`DROP FUNCTION search_norm(text)`);
  }
}
