import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A new shop rounds dinar cash to 250, the smallest note in use (issue 27). A shop whose general settings were ever
 * saved keeps its step as it is (1 = none stays none); only a shop still as installed, which nobody has set up yet,
 * takes the new default, as a new install does.
 */
export class CashRoundingDefault1797100000700 implements MigrationInterface {
  name = 'CashRoundingDefault1797100000700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE general_settings ALTER COLUMN iqd_cash_rounding SET DEFAULT 250`);
    await q.query(`UPDATE general_settings SET iqd_cash_rounding = 250 WHERE updated_at IS NULL AND iqd_cash_rounding = 1`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE general_settings ALTER COLUMN iqd_cash_rounding SET DEFAULT 1`);
  }
}
