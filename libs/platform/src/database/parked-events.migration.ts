import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events a consumer refused deterministically, kept with their error until re-driven; outbox rows are never
 * given up any more (a transport failure is retried for ever), and old sent rows and inbox rows are pruned by age.
 */
export class ParkedEvents1795478400000 implements MigrationInterface {
  name = 'ParkedEvents1795478400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE parked_events (
        id bigserial PRIMARY KEY,
        consumer text NOT NULL,
        event_id uuid,
        event_type text NOT NULL,
        payload text NOT NULL,
        error text NOT NULL,
        attempts integer NOT NULL DEFAULT 1,
        parked_at timestamptz NOT NULL DEFAULT now(),
        redrive_requested_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX parked_events_consumer_event ON parked_events (consumer, event_id) WHERE event_id IS NOT NULL`);
    // Rows an earlier version gave up on are sent again.
    await q.query(`UPDATE outbox SET dead_at = NULL, next_attempt_at = now() WHERE dead_at IS NOT NULL`);
    await q.query(`CREATE INDEX outbox_published ON outbox (published_at) WHERE published_at IS NOT NULL`);
    await q.query(`CREATE INDEX processed_events_processed_at ON processed_events (processed_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX processed_events_processed_at`);
    await q.query(`DROP INDEX outbox_published`);
    await q.query(`DROP TABLE parked_events`);
  }
}
