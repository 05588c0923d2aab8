import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Blocks of invoice numbers reserved for a register in advance, so its till can number sales while the server
 * cannot be reached. Reserving moves the register's counter past the block: no other sale takes those numbers.
 */
export class InvoiceBlocks1796100000300 implements MigrationInterface {
  name = 'InvoiceBlocks1796100000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE invoice_blocks (
        branch_id text NOT NULL,
        register text NOT NULL,
        first_number bigint NOT NULL,
        last_number bigint NOT NULL CHECK (last_number >= first_number),
        reserved_by uuid,
        reserved_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (branch_id, register, first_number),
        FOREIGN KEY (branch_id, register) REFERENCES invoice_counters (branch_id, register)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE invoice_blocks`);
  }
}
