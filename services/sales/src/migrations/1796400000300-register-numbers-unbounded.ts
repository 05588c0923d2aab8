import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Register numbers have no ceiling: the 1,000th register of a chain takes number 1000 (invoice numbers grow a digit). */
export class RegisterNumbersUnbounded1796400000300 implements MigrationInterface {
  name = 'RegisterNumbersUnbounded1796400000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER SEQUENCE register_no_seq NO MAXVALUE`);
    await q.query(`ALTER TABLE invoice_counters DROP CONSTRAINT invoice_counters_register_no_check`);
    await q.query(`ALTER TABLE invoice_counters ADD CONSTRAINT invoice_counters_register_no_check CHECK (register_no >= 1)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE invoice_counters DROP CONSTRAINT invoice_counters_register_no_check`);
    await q.query(`ALTER TABLE invoice_counters ADD CONSTRAINT invoice_counters_register_no_check CHECK (register_no BETWEEN 1 AND 999)`);
    await q.query(`ALTER SEQUENCE register_no_seq MAXVALUE 999`);
  }
}
