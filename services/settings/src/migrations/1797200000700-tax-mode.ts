import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The shop's tax rate is included in its prices (as before) or added to them. */
export class TaxMode1797200000700 implements MigrationInterface {
  name = 'TaxMode1797200000700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE general_settings ADD COLUMN tax_mode text NOT NULL DEFAULT 'included' CHECK (tax_mode IN ('included', 'added'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE general_settings DROP COLUMN tax_mode`);
  }
}
