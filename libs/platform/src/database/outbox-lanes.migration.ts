import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Outbox rows in two lanes, live and bulk, each drained by its own loop in order of seq. */
export class OutboxLanes1795478400100 implements MigrationInterface {
  name = 'OutboxLanes1795478400100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox ADD COLUMN lane text NOT NULL DEFAULT 'live' CHECK (lane IN ('live', 'bulk'))`);
    await q.query(`DROP INDEX outbox_pending`);
    await q.query(`CREATE INDEX outbox_pending ON outbox (lane, seq) WHERE published_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX outbox_pending`);
    await q.query(`CREATE INDEX outbox_pending ON outbox (next_attempt_at, seq) WHERE published_at IS NULL AND dead_at IS NULL`);
    await q.query(`ALTER TABLE outbox DROP COLUMN lane`);
  }
}
