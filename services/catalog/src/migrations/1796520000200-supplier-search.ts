import type { MigrationInterface, QueryRunner } from 'typeorm';
import { trigramOps } from '@dukan/platform';

/**
 * Suppliers are searched on a folded, indexed text (names in both languages and phone), as products, customers and
 * staff are: what an Arabic keyboard types finds what a Sorani keyboard typed.
 */
export class SupplierSearch1796520000200 implements MigrationInterface {
  name = 'SupplierSearch1796520000200';

  async up(q: QueryRunner): Promise<void> {
    const ops = await trigramOps(q);
    await q.query(`
      ALTER TABLE suppliers ADD COLUMN search_text text
        GENERATED ALWAYS AS (search_norm(name_en || ' ' || name_ku || ' ' || coalesce(phone, ''))) STORED`);
    await q.query(`CREATE INDEX suppliers_search ON suppliers USING gin (search_text ${ops})`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX suppliers_search`);
    await q.query(`ALTER TABLE suppliers DROP COLUMN search_text`);
  }
}
