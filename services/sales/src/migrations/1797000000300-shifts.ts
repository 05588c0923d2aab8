import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Register shifts and their book: the float, each sale's tenders and change, refunds, voids, cash in and out. */
export class Shifts1797000000300 implements MigrationInterface {
  name = 'Shifts1797000000300';

  async up(q: QueryRunner): Promise<void> {
    // Settings' shift rules, replicated like the tax rate (defaults as settings' own).
    await q.query(`
      ALTER TABLE shop_settings
        ADD COLUMN sell_without_shift boolean NOT NULL DEFAULT true,
        ADD COLUMN shift_limit_usd_cents bigint NOT NULL DEFAULT 100,
        ADD COLUMN shift_limit_iqd bigint NOT NULL DEFAULT 1000`);
    await q.query(`CREATE SEQUENCE shift_number_seq MINVALUE 1`);
    await q.query(`
      CREATE TABLE shifts (
        id uuid PRIMARY KEY,
        number bigint NOT NULL UNIQUE DEFAULT nextval('shift_number_seq'),
        branch_id text NOT NULL,
        register text NOT NULL,
        cashier_id uuid NOT NULL,
        cashier_username text NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
        float_usd bigint NOT NULL CHECK (float_usd >= 0),
        float_iqd bigint NOT NULL CHECK (float_iqd >= 0),
        opened_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz,
        closed_by uuid,
        closed_by_username text,
        approved_by uuid,
        approved_by_username text,
        expected_usd bigint,
        expected_iqd bigint,
        counted_usd bigint CHECK (counted_usd >= 0),
        counted_iqd bigint CHECK (counted_iqd >= 0),
        note text,
        CHECK ((status = 'open') = (closed_at IS NULL))
      )`);
    // One open shift per register; offline sales find the shift open at the time they were made.
    await q.query(`CREATE UNIQUE INDEX shifts_one_open ON shifts (branch_id, register) WHERE status = 'open'`);
    await q.query(`CREATE INDEX shifts_register_time ON shifts (branch_id, register, opened_at DESC)`);
    await q.query(`CREATE INDEX shifts_branch_list ON shifts (branch_id, opened_at DESC, id DESC)`);
    await q.query(`
      CREATE TABLE shift_entries (
        id bigserial PRIMARY KEY,
        shift_id uuid NOT NULL REFERENCES shifts (id),
        kind text NOT NULL CHECK (kind IN ('sale', 'change', 'refund', 'void', 'cash_in', 'cash_out', 'discount', 'rounding')),
        method text CHECK (method IN ('cash', 'card', 'transfer', 'account')),
        currency text NOT NULL CHECK (currency IN ('USD', 'IQD')),
        amount_minor bigint NOT NULL,
        ref_id uuid,
        reason text,
        as_expense boolean NOT NULL DEFAULT false,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX shift_entries_shift ON shift_entries (shift_id, kind)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE shift_entries`);
    await q.query(`DROP TABLE shifts`);
    await q.query(`DROP SEQUENCE shift_number_seq`);
    await q.query(
      `ALTER TABLE shop_settings DROP COLUMN sell_without_shift, DROP COLUMN shift_limit_usd_cents, DROP COLUMN shift_limit_iqd`,
    );
  }
}
