import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The outbox, inbox and audit log every service keeps in its own schema; the first migration of each service. */
export class PlatformTables1767225600000 implements MigrationInterface {
  name = 'PlatformTables1767225600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE outbox (
        seq bigserial PRIMARY KEY,
        id uuid NOT NULL UNIQUE,
        type text NOT NULL,
        occurred_at timestamptz NOT NULL DEFAULT now(),
        branch_id text NOT NULL,
        actor_id text,
        correlation_id text,
        data jsonb NOT NULL,
        published_at timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        dead_at timestamptz
      )`);
    await q.query(`CREATE INDEX outbox_pending ON outbox (next_attempt_at, seq) WHERE published_at IS NULL AND dead_at IS NULL`);
    await q.query(`
      CREATE TABLE processed_events (
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        event_type text NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      )`);
    await q.query(`
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        actor_id text,
        action text NOT NULL,
        target_type text NOT NULL,
        target_id text,
        details jsonb NOT NULL DEFAULT '{}',
        correlation_id text
      )`);
    await q.query(`CREATE INDEX audit_log_target ON audit_log (target_type, target_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_log`);
    await q.query(`DROP TABLE processed_events`);
    await q.query(`DROP TABLE outbox`);
  }
}
