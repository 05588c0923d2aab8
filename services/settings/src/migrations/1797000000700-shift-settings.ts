import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Shifts: whether a till may sell with no open shift (it may, as before), and the difference a close may show unapproved. */
export class ShiftSettings1797000000700 implements MigrationInterface {
  name = 'ShiftSettings1797000000700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE general_settings ADD COLUMN sell_without_shift boolean NOT NULL DEFAULT true`);
    await q.query(
      `ALTER TABLE general_settings ADD COLUMN shift_limit_usd_cents bigint NOT NULL DEFAULT 100 CHECK (shift_limit_usd_cents >= 0)`,
    );
    await q.query(`ALTER TABLE general_settings ADD COLUMN shift_limit_iqd bigint NOT NULL DEFAULT 1000 CHECK (shift_limit_iqd >= 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE general_settings DROP COLUMN shift_limit_iqd`);
    await q.query(`ALTER TABLE general_settings DROP COLUMN shift_limit_usd_cents`);
    await q.query(`ALTER TABLE general_settings DROP COLUMN sell_without_shift`);
  }
}
