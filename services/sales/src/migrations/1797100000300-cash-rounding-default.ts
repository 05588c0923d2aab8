import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Settings' dinar cash-rounding step for a new shop is 250 (issue 27): sales' copy starts there too. A copy settings
 * has already announced keeps its step; one sales never heard about (settings still as installed, which takes 250
 * with its own migration) follows the new default.
 */
export class CashRoundingDefault1797100000300 implements MigrationInterface {
  name = 'CashRoundingDefault1797100000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE shop_settings ALTER COLUMN iqd_cash_rounding SET DEFAULT 250`);
    await q.query(`UPDATE shop_settings SET iqd_cash_rounding = 250 WHERE changed_at IS NULL AND iqd_cash_rounding = 1`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE shop_settings ALTER COLUMN iqd_cash_rounding SET DEFAULT 1`);
  }
}
