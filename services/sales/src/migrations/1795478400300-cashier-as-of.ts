import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Cashier names keep the stamp of the change they came from, so an older event arriving late changes nothing. */
export class CashierAsOf1795478400300 implements MigrationInterface {
  name = 'CashierAsOf1795478400300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cashiers ADD COLUMN as_of timestamptz NOT NULL DEFAULT '-infinity'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cashiers DROP COLUMN as_of`);
  }
}
