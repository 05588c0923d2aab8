import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The currency the till starts the change in: dinars, as Kurdistan shops give it (the cashier may pick dollars). */
export class ChangeCurrency1797100100700 implements MigrationInterface {
  name = 'ChangeCurrency1797100100700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE general_settings ADD COLUMN change_currency text NOT NULL DEFAULT 'IQD' CHECK (change_currency IN ('USD', 'IQD'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE general_settings DROP COLUMN change_currency`);
  }
}
