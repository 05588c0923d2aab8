import type { DataSource, EntityManager } from 'typeorm';
import type { EventEnvelope } from '@dukan/contracts';
import { DomainError } from '../errors/domain-error.js';
import { logger } from '../logging/logger.js';
import { failureMessage, MalformedEventError, parseEnvelope } from './event-bus.js';

/**
 * SQLSTATEs that the same event meets every time it is applied: invalid data (class 22), a missing required
 * value (23502), a failed check (23514). Unique and foreign-key violations are not among them: they can come
 * from a race or from an event that arrived before the one it depends on, and succeed on a later try.
 */
const DETERMINISTIC_SQLSTATE = /^(22[0-9A-Z]{3}|23502|23514)$/;

/**
 * True when applying the event failed for a reason that trying again cannot change: the message is not an
 * event, a handler refused it (a domain or validation error), its data does not have the shape the handler
 * reads (a TypeError), or the database refused its values. Everything else (a connection lost, a timeout,
 * a handler's "not yet, retry later") is a transport failure, retried for as long as it takes.
 */
export function isRefusal(e: unknown): boolean {
  if (e instanceof MalformedEventError || e instanceof DomainError || e instanceof TypeError || e instanceof RangeError) return true;
  const code =
    (e as { code?: unknown; driverError?: { code?: unknown } } | null)?.code ??
    (e as { driverError?: { code?: unknown } } | null)?.driverError?.code;
  return typeof code === 'string' && DETERMINISTIC_SQLSTATE.test(code);
}

export interface ParkedEvent {
  id: string;
  consumer: string;
  eventId: string | null;
  eventType: string;
  payload: string;
  error: string;
  attempts: number;
  parkedAt: string;
  redriveRequestedAt: string | null;
}

interface ParkedRow {
  id: string;
  consumer: string;
  event_id: string | null;
  event_type: string;
  payload: string;
  error: string;
  attempts: number;
  parked_at: Date;
  redrive_requested_at: Date | null;
}

const toParked = (r: ParkedRow): ParkedEvent => ({
  id: String(r.id),
  consumer: r.consumer,
  eventId: r.event_id,
  eventType: r.event_type,
  payload: r.payload,
  error: r.error,
  attempts: r.attempts,
  parkedAt: new Date(r.parked_at).toISOString(),
  redriveRequestedAt: r.redrive_requested_at ? new Date(r.redrive_requested_at).toISOString() : null,
});

/** Applies a batch of events for one consumer; throws if it could not (see applyOnce). */
export type ConsumerApply = (events: readonly EventEnvelope[]) => Promise<unknown>;

/**
 * A service's parked events: those one of its consumers refused deterministically. Kept with their error in
 * the service's `parked_events` table, acknowledged on the bus (so the rest of the subject flows on), counted
 * in health, and applied again on request (`npm run events -- redrive`), which sets `redrive_requested_at`.
 */
export class ParkedEvents {
  constructor(
    private readonly service: string,
    private readonly ds: DataSource,
  ) {}

  /** Parks one event (or an unreadable message) for a consumer; a second refusal of the same event counts up. */
  async park(
    consumer: string,
    entry: { eventId: string | null; eventType: string; payload: string; error: unknown },
    manager: EntityManager = this.ds.manager,
  ): Promise<void> {
    const error = failureMessage(entry.error).slice(0, 4000);
    await manager.query(
      `INSERT INTO parked_events (consumer, event_id, event_type, payload, error)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (consumer, event_id) WHERE event_id IS NOT NULL
       DO UPDATE SET error = EXCLUDED.error, attempts = parked_events.attempts + 1, parked_at = now(), redrive_requested_at = NULL`,
      [consumer, entry.eventId, entry.eventType, entry.payload, error],
    );
    logger().error(
      { service: this.service, consumer, eventId: entry.eventId, type: entry.eventType, error },
      'event parked: refused by its consumer; see `npm run events -- parked`',
    );
  }

  async count(): Promise<number> {
    const [{ n }] = (await this.ds.query(`SELECT count(*)::int AS n FROM parked_events`)) as [{ n: number }];
    return n;
  }

  async list(): Promise<ParkedEvent[]> {
    return ((await this.ds.query(`SELECT * FROM parked_events ORDER BY id`)) as ParkedRow[]).map(toParked);
  }

  /**
   * Applies again every parked event whose redrive was requested, one at a time, through its consumer:
   * applied, it leaves the table; refused again, it stays with the new error; a transport failure leaves the
   * request standing for the next pass. Rows are claimed with SKIP LOCKED, so replicas share the work.
   * Returns how many were applied.
   */
  async redriveRequested(consumers: ReadonlyMap<string, ConsumerApply>): Promise<number> {
    let applied = 0;
    for (;;) {
      const done = await this.ds.transaction(async (m) => {
        const [row] = (await m.query(
          `SELECT * FROM parked_events
            WHERE redrive_requested_at IS NOT NULL AND consumer = ANY($1::text[])
            ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [[...consumers.keys()]],
        )) as ParkedRow[];
        if (!row) return null;
        const apply = consumers.get(row.consumer)!;
        try {
          const event = parseEnvelope(row.event_type, row.payload);
          await apply([event]);
          await m.query(`DELETE FROM parked_events WHERE id = $1`, [row.id]);
          logger().info({ service: this.service, consumer: row.consumer, eventId: row.event_id }, 'parked event applied on redrive');
          return 'applied' as const;
        } catch (e) {
          if (!isRefusal(e)) throw e;
          await m.query(`UPDATE parked_events SET error = $2, attempts = attempts + 1, redrive_requested_at = NULL WHERE id = $1`, [
            row.id,
            failureMessage(e).slice(0, 4000),
          ]);
          logger().error(
            { service: this.service, consumer: row.consumer, eventId: row.event_id, error: failureMessage(e) },
            'parked event refused again on redrive',
          );
          return 'refused' as const;
        }
      });
      if (done === null) return applied;
      if (done === 'applied') applied++;
    }
  }
}
