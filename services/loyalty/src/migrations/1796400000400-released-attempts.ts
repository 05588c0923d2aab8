import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A sale that failed releases its hold at once: each hold remembers the attempt that made it, and a released
 * attempt is remembered, so its reserve arriving late (after sales gave up) holds nothing.
 */
export class ReleasedAttempts1796400000400 implements MigrationInterface {
  name = 'ReleasedAttempts1796400000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE reservations ADD COLUMN attempt text`);
    await q.query(`
      CREATE TABLE released_attempts (
        sale_id text NOT NULL,
        attempt text NOT NULL,
        released_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (sale_id, attempt)
      )`);
    await q.query(`CREATE INDEX released_attempts_age ON released_attempts (released_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE released_attempts`);
    await q.query(`ALTER TABLE reservations DROP COLUMN attempt`);
  }
}
