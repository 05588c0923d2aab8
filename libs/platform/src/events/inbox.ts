import type { DataSource, EntityManager } from 'typeorm';
import type { EventEnvelope, EventOf, EventSubject } from '@dukan/contracts';
import { runWithContext, systemContext } from '../context/request-context.js';

/** A consumer of one event type. The effect runs in the transaction that records the event as processed. */
export interface EventHandler<S extends EventSubject = EventSubject> {
  readonly subject: S;
  /** False for events this consumer has nothing to do with (e.g. loyalty and a guest's sale): acknowledged without a transaction. */
  concerns?(event: EventOf<S>): boolean;
  handle(event: EventOf<S>, manager: EntityManager): Promise<void>;
}

/**
 * Applies an event at most once per consumer: the processed_events row and the effect commit together,
 * so a redelivered or duplicated event changes nothing. Returns false for a duplicate.
 */
export async function applyOnce(
  ds: DataSource,
  consumer: string,
  event: EventEnvelope,
  effect: (manager: EntityManager) => Promise<void>,
): Promise<boolean> {
  const ctx = systemContext({
    correlationId: event.correlationId ?? event.id,
    branchId: event.branchId,
    actorId: event.actorId,
  });
  return runWithContext(ctx, () =>
    ds.transaction(async (m) => {
      const claimed: unknown[] = await m.query(
        `INSERT INTO processed_events (consumer, event_id, event_type) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING event_id`,
        [consumer, event.id, event.type],
      );
      if (claimed.length === 0) return false;
      await effect(m);
      return true;
    }),
  );
}
