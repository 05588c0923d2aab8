import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Settings' tax mode, replicated like the tax rate, and the mode each sale was priced with (before: included). */
export class TaxMode1797200000300 implements MigrationInterface {
  name = 'TaxMode1797200000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE shop_settings ADD COLUMN tax_mode text NOT NULL DEFAULT 'included' CHECK (tax_mode IN ('included', 'added'))`,
    );
    await q.query(`ALTER TABLE sales ADD COLUMN tax_mode text NOT NULL DEFAULT 'included' CHECK (tax_mode IN ('included', 'added'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sales DROP COLUMN tax_mode`);
    await q.query(`ALTER TABLE shop_settings DROP COLUMN tax_mode`);
  }
}
