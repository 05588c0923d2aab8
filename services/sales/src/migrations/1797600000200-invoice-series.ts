import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A block keeps the register number its invoice numbers were made with. A restored backup gives each register a new
 * number (a new series, so no number issued since the backup's moment can be issued again); the blocks tills hold
 * from the old series stay valid under the old number.
 */
export class InvoiceSeries1797600000200 implements MigrationInterface {
  name = 'InvoiceSeries1797600000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE invoice_blocks ADD COLUMN register_no integer`);
    await q.query(
      `UPDATE invoice_blocks b SET register_no = c.register_no FROM invoice_counters c WHERE c.branch_id = b.branch_id AND c.register = b.register`,
    );
    await q.query(`ALTER TABLE invoice_blocks ALTER COLUMN register_no SET NOT NULL`);
    await q.query(`ALTER TABLE invoice_blocks DROP CONSTRAINT invoice_blocks_pkey`);
    await q.query(`ALTER TABLE invoice_blocks ADD PRIMARY KEY (branch_id, register, register_no, first_number)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM invoice_blocks b USING invoice_counters c
      WHERE c.branch_id = b.branch_id AND c.register = b.register AND c.register_no <> b.register_no`);
    await q.query(`ALTER TABLE invoice_blocks DROP CONSTRAINT invoice_blocks_pkey`);
    await q.query(`ALTER TABLE invoice_blocks ADD PRIMARY KEY (branch_id, register, first_number)`);
    await q.query(`ALTER TABLE invoice_blocks DROP COLUMN register_no`);
  }
}
