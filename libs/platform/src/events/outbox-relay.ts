import pg from 'pg';
import type { DataSource } from 'typeorm';
import type { EventEnvelope } from '@dukan/contracts';
import { logger } from '../logging/logger.js';
import { redeliveryDelayMs, type EventBus } from './event-bus.js';
import { outboxChannel } from './outbox.js';

export interface RelayOptions {
  pollIntervalMs?: number;
  batchSize?: number;
  maxAttempts?: number;
}

interface OutboxRow {
  seq: string;
  id: string;
  type: string;
  occurred_at: Date;
  branch_id: string;
  actor_id: string | null;
  correlation_id: string | null;
  data: unknown;
  attempts: number;
}

/**
 * Publishes a service's outbox rows and marks them sent. Rows are claimed with FOR UPDATE SKIP LOCKED,
 * so two relays (two replicas, or a restart overlapping the old process) never publish one row at once.
 * Woken by LISTEN/NOTIFY on commit, and by a slow poll as a safety net.
 */
export class OutboxRelay {
  private listener: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly maxAttempts: number;

  constructor(
    private readonly service: string,
    private readonly ds: DataSource,
    private readonly bus: EventBus,
    options: RelayOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.batchSize = options.batchSize ?? 100;
    this.maxAttempts = options.maxAttempts ?? 10;
  }

  async start(databaseUrl: string): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    const client = new pg.Client({ connectionString: databaseUrl, application_name: `dukan-${this.service}-relay` });
    client.on('error', (e: Error & { code?: string }) => {
      // 57P01: the server is shutting down (e.g. the embedded database stopping with the app): expected, not a fault.
      if (this.stopped || e.code === '57P01') logger().info({ service: this.service }, 'outbox listener closed: the database is shutting down');
      else logger().warn({ err: e, service: this.service }, 'outbox listener lost its connection');
    });
    client.on('notification', () => this.nudge());
    await client.connect();
    await client.query(`LISTEN ${outboxChannel(this.service)}`);
    this.listener = client;
    this.timer = setInterval(() => this.nudge(), this.pollIntervalMs);
    this.timer.unref();
    this.nudge();
  }

  /** Drain now; if a drain is under way, run once more after it. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          while (!this.stopped && (await this.drainOnce()) === this.batchSize) {
            /* keep draining full batches */
          }
        } catch (e) {
          logger().error({ err: e, service: this.service }, 'outbox relay pass failed');
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
  }

  /** Publishes one batch; returns how many rows it claimed. */
  async drainOnce(): Promise<number> {
    return this.ds.transaction(async (m) => {
      const rows: OutboxRow[] = await m.query(
        `SELECT seq, id, type, occurred_at, branch_id, actor_id, correlation_id, data, attempts
           FROM outbox
          WHERE published_at IS NULL AND dead_at IS NULL AND next_attempt_at <= now()
          ORDER BY seq
          LIMIT $1
          FOR UPDATE SKIP LOCKED`,
        [this.batchSize],
      );
      const events: EventEnvelope[] = rows.map((row) => ({
        id: row.id,
        type: row.type,
        occurredAt: new Date(row.occurred_at).toISOString(),
        branchId: row.branch_id,
        actorId: row.actor_id,
        ...(row.correlation_id ? { correlationId: row.correlation_id } : {}),
        data: row.data,
      }));
      const failed = new Map((await this.bus.publishAll(events)).map((f) => [f.eventId, f.error]));
      const sent = rows.filter((row) => !failed.has(row.id)).map((row) => row.seq);
      for (const row of rows.filter((r) => failed.has(r.id))) {
        const attempts = row.attempts + 1;
        const message = failed.get(row.id)!;
        const dead = attempts >= this.maxAttempts;
        await m.query(
          `UPDATE outbox SET attempts = $2, last_error = $3,
                  next_attempt_at = now() + ($4 || ' milliseconds')::interval,
                  dead_at = CASE WHEN $5 THEN now() ELSE NULL END
            WHERE seq = $1`,
          [row.seq, attempts, message.slice(0, 2000), String(redeliveryDelayMs(attempts)), dead],
        );
        const log = logger();
        if (dead) log.error({ service: this.service, eventId: row.id, type: row.type, error: message }, 'outbox event given up');
        else log.warn({ service: this.service, eventId: row.id, attempts, error: message }, 'outbox publish failed; will retry');
      }
      if (sent.length > 0) await m.query(`UPDATE outbox SET published_at = now() WHERE seq = ANY($1::bigint[])`, [sent]);
      return rows.length;
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
  }
}
