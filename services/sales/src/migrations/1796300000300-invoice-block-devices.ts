import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The device that reserved a block, so a till learns that another device sells as the same register. */
export class InvoiceBlockDevices1796300000300 implements MigrationInterface {
  name = 'InvoiceBlockDevices1796300000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE invoice_blocks ADD COLUMN device text`);
    await q.query(`CREATE INDEX invoice_blocks_recent ON invoice_blocks (branch_id, register, reserved_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX invoice_blocks_recent`);
    await q.query(`ALTER TABLE invoice_blocks DROP COLUMN device`);
  }
}
