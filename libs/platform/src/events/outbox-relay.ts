import pg from 'pg';
import type { DataSource } from 'typeorm';
import type { EventEnvelope, EventLane } from '@dukan/contracts';
import { logger } from '../logging/logger.js';
import { Periodic } from '../scheduling/periodic.js';
import { MAX_RETRY_DELAY_MS, retryDelayMs, type EventBus } from './event-bus.js';
import { outboxChannel } from './outbox.js';

export interface RelayOptions {
  pollIntervalMs?: number;
  /** Rows published per batch in the live lane. */
  batchSize?: number;
  /** Rows published per batch in the bulk lane (seed, import, mass price change). */
  bulkBatchSize?: number;
  /** Bulk batches published at once (each claims its own rows), so the database and NATS work overlap. */
  bulkConcurrency?: number;
  /** Sent outbox rows and inbox (processed_events) rows older than this are deleted. Default 7 days. */
  retentionMs?: number;
  /** How often the pruning runs. Default every 10 minutes (and once a minute after start). */
  pruneIntervalMs?: number;
  /** Rows deleted per statement while pruning, so that no statement holds many locks for long. */
  pruneBatchSize?: number;
  /** The cap of the backoff between two tries of a row (or of the LISTEN connection). Default 30 s. */
  maxRetryDelayMs?: number;
}

export const DEFAULT_RETENTION_MS = 7 * 24 * 3600_000;

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
 * Woken by LISTEN/NOTIFY on commit, and by a slow poll as a safety net; the LISTEN connection is opened
 * again whenever it is lost (a PostgreSQL restart). A row that cannot be published is tried again, with
 * capped backoff and jitter, for as long as it takes: nothing is ever given up.
 */
export class OutboxRelay {
  private listener: pg.Client | null = null;
  private databaseUrl = '';
  private listenAttempts = 0;
  private listenTimer: NodeJS.Timeout | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Each lane drains in its own loop, so a bulk backlog never waits in front of a live event. */
  private readonly lanes: Record<EventLane, { running: Promise<void> | null; again: boolean; batchSize: number; concurrency: number }>;
  private readonly pruner: Periodic;
  private stopped = true;
  /** Set by stop(): a long prune ends at its next batch. */
  private stopping = false;
  private readonly pollIntervalMs: number;
  private readonly retentionMs: number;
  private readonly pruneIntervalMs: number;
  private readonly pruneBatchSize: number;
  private readonly maxRetryDelayMs: number;

  constructor(
    private readonly service: string,
    private readonly ds: DataSource,
    private readonly bus: EventBus,
    options: RelayOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.lanes = {
      live: { running: null, again: false, batchSize: options.batchSize ?? 100, concurrency: 1 },
      bulk: { running: null, again: false, batchSize: options.bulkBatchSize ?? 2000, concurrency: options.bulkConcurrency ?? 1 },
    };
    this.retentionMs = options.retentionMs ?? DEFAULT_RETENTION_MS;
    this.pruneIntervalMs = options.pruneIntervalMs ?? 10 * 60_000;
    this.pruneBatchSize = options.pruneBatchSize ?? 5000;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? MAX_RETRY_DELAY_MS;
    this.pruner = new Periodic(`${service}: pruning old outbox and inbox rows`, this.pruneIntervalMs, () => this.prune());
  }

  async start(databaseUrl: string): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    this.databaseUrl = databaseUrl;
    this.timer = setInterval(() => this.nudge(), this.pollIntervalMs);
    this.timer.unref();
    void this.pruner.start({ firstInMs: Math.min(60_000, this.pruneIntervalMs) });
    this.bus.onReconnect?.(() => void this.retryNow());
    await this.listen().catch((e: unknown) => this.listenLost(e));
    this.nudge();
  }

  /**
   * The transport is back: rows waiting out a backoff go now instead of at their next try (up to 30 s away).
   * Returns how many were waiting.
   */
  async retryNow(): Promise<number> {
    if (this.stopped) return 0;
    try {
      const r = await this.ds.query(`UPDATE outbox SET next_attempt_at = now() WHERE published_at IS NULL AND next_attempt_at > now()`);
      const waiting = (r as [unknown, number])[1] ?? 0;
      if (waiting > 0) logger().info({ service: this.service, waiting }, 'event transport back; publishing what waited');
      this.nudge();
      return waiting;
    } catch (e) {
      logger().warn({ err: e, service: this.service }, 'could not hurry the waiting outbox rows; they go at their next try');
      return 0;
    }
  }

  /** True while the LISTEN connection is open (the poll covers the gaps). */
  get listening(): boolean {
    return this.listener !== null;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: `dukan-${this.service}-relay` });
    let lost = false;
    const onLost = (e?: unknown) => {
      if (lost) return;
      lost = true;
      if (this.listener === client) this.listener = null;
      void client.end().catch(() => undefined);
      if (!this.stopped) this.listenLost(e);
    };
    client.on('error', (e: Error & { code?: string }) => onLost(e));
    client.on('end', () => onLost());
    client.on('notification', (n) => this.nudge(n.payload === 'live' || n.payload === 'bulk' ? n.payload : undefined));
    try {
      await client.connect();
      await client.query(`LISTEN ${outboxChannel(this.service)}`);
    } catch (e) {
      lost = true;
      void client.end().catch(() => undefined);
      throw e;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
    if (this.listenAttempts > 0) logger().info({ service: this.service }, 'outbox listener connected again');
    this.listenAttempts = 0;
    // Whatever was committed while no one listened.
    this.nudge();
  }

  /** The LISTEN connection is gone or could not be opened: try again after a capped, jittered delay. */
  private listenLost(e?: unknown): void {
    if (this.stopped || this.listenTimer) return;
    this.listenAttempts++;
    const code = (e as { code?: string } | undefined)?.code;
    // 57P01: the server is shutting down (e.g. a restart, or the embedded database stopping with the app).
    const log = logger();
    if (this.listenAttempts === 1) {
      if (code === '57P01') log.info({ service: this.service }, 'outbox listener closed: the database is shutting down; reconnecting');
      else log.warn({ err: e, service: this.service }, 'outbox listener lost its connection; reconnecting');
    }
    this.listenTimer = setTimeout(
      () => {
        this.listenTimer = null;
        if (this.stopped) return;
        this.listen().catch((err: unknown) => this.listenLost(err));
      },
      retryDelayMs(this.listenAttempts, Math.random, this.maxRetryDelayMs),
    );
    this.listenTimer.unref();
  }

  /** Drain a lane (both if none is named) now; if a drain is under way, run once more after it. */
  nudge(lane?: EventLane): void {
    if (this.stopped) return;
    if (lane === undefined) {
      this.nudge('live');
      this.nudge('bulk');
      return;
    }
    const state = this.lanes[lane];
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = (async () => {
      do {
        state.again = false;
        try {
          const drain = async () => {
            while (!this.stopped && (await this.drainOnce(lane)) === state.batchSize) {
              /* keep draining full batches */
            }
          };
          await Promise.all(Array.from({ length: state.concurrency }, drain));
        } catch (e) {
          logger().error({ err: e, service: this.service, lane }, 'outbox relay pass failed');
        }
      } while (state.again && !this.stopped);
    })().finally(() => {
      state.running = null;
    });
  }

  /**
   * Publishes one batch; returns how many rows it published (a batch the bus refused in full counts as
   * none, so the drain stops and the rows wait for their next try).
   */
  async drainOnce(lane: EventLane = 'live'): Promise<number> {
    return this.ds.transaction(async (m) => {
      const rows: OutboxRow[] = await m.query(
        `SELECT seq, id, type, occurred_at, branch_id, actor_id, correlation_id, data, attempts
           FROM outbox
          WHERE published_at IS NULL AND lane = $2 AND next_attempt_at <= now()
          ORDER BY seq
          LIMIT $1
          FOR UPDATE SKIP LOCKED`,
        [this.lanes[lane].batchSize, lane],
      );
      if (rows.length === 0) return 0;
      const events: EventEnvelope[] = rows.map((row) => ({
        id: row.id,
        type: row.type,
        occurredAt: new Date(row.occurred_at).toISOString(),
        branchId: row.branch_id,
        actorId: row.actor_id,
        ...(row.correlation_id ? { correlationId: row.correlation_id } : {}),
        data: row.data,
      }));
      const failed = new Map((await this.bus.publishAll(events, { lane })).map((f) => [f.eventId, f.error]));
      const sent = rows.filter((row) => !failed.has(row.id)).map((row) => row.seq);
      const retry = rows.filter((r) => failed.has(r.id));
      if (retry.length > 0) {
        await m.query(
          `UPDATE outbox AS o SET attempts = o.attempts + 1, last_error = f.error,
                  next_attempt_at = now() + (f.delay || ' milliseconds')::interval
             FROM unnest($1::bigint[], $2::text[], $3::text[]) AS f(seq, error, delay)
            WHERE o.seq = f.seq`,
          [
            retry.map((r) => r.seq),
            retry.map((r) => failed.get(r.id)!.slice(0, 2000)),
            retry.map((r) => String(retryDelayMs(r.attempts + 1, Math.random, this.maxRetryDelayMs))),
          ],
        );
        const first = retry[0];
        logger().warn(
          {
            service: this.service,
            lane,
            failed: retry.length,
            eventId: first.id,
            attempts: first.attempts + 1,
            error: failed.get(first.id),
          },
          'outbox publish failed; will retry',
        );
      }
      if (sent.length > 0) await m.query(`UPDATE outbox SET published_at = now() WHERE seq = ANY($1::bigint[])`, [sent]);
      return sent.length;
    });
  }

  /**
   * Deletes sent outbox rows and processed-event rows older than the retention, a batch at a time.
   * Returns how many of each went.
   */
  async prune(now: Date = new Date()): Promise<{ outbox: number; processed: number }> {
    const before = new Date(now.getTime() - this.retentionMs).toISOString();
    const outbox = await this.deleteInBatches(
      `DELETE FROM outbox WHERE seq IN (SELECT seq FROM outbox WHERE published_at IS NOT NULL AND published_at < $1::timestamptz LIMIT $2)`,
      before,
    );
    const processed = await this.deleteInBatches(
      `DELETE FROM processed_events WHERE ctid = ANY(ARRAY(SELECT ctid FROM processed_events WHERE processed_at < $1::timestamptz LIMIT $2))`,
      before,
    );
    if (outbox + processed > 0) logger().info({ service: this.service, outbox, processed }, 'pruned old outbox and inbox rows');
    return { outbox, processed };
  }

  /** Runs `sql` (parameters: the cut-off, the batch size) until it deletes less than a batch, or the relay stops. */
  private async deleteInBatches(sql: string, before: string): Promise<number> {
    let deleted = 0;
    for (;;) {
      const n = ((await this.ds.query(sql, [before, this.pruneBatchSize])) as [unknown, number])[1] ?? 0;
      deleted += n;
      if (n < this.pruneBatchSize || this.stopping) return deleted;
    }
  }

  /** Publishes whatever is pending in both lanes now (tests, shutdown). */
  async drainAll(): Promise<void> {
    while ((await this.drainOnce('live')) + (await this.drainOnce('bulk')) > 0) {
      /* until both are empty */
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    if (this.listenTimer) clearTimeout(this.listenTimer);
    this.timer = null;
    this.listenTimer = null;
    await Promise.all([this.lanes.live.running, this.lanes.bulk.running]);
    await this.pruner.stop();
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
  }
}
