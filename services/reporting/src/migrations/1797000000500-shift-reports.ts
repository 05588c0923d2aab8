import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Register shifts as sales announces them: opened, then closed with the Z report's figures. */
export class ShiftReports1797000000500 implements MigrationInterface {
  name = 'ShiftReports1797000000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE shift_reports (
        shift_id uuid PRIMARY KEY,
        number bigint NOT NULL,
        branch_id text NOT NULL,
        register text NOT NULL,
        cashier_id uuid NOT NULL,
        cashier_username text NOT NULL,
        status text NOT NULL CHECK (status IN ('open', 'closed')),
        float jsonb NOT NULL,
        opened_at timestamptz NOT NULL,
        closed_at timestamptz,
        closed_by_username text,
        approved_by uuid,
        figures jsonb
      )`);
    await q.query(`CREATE INDEX shift_reports_branch ON shift_reports (branch_id, opened_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE shift_reports`);
  }
}
