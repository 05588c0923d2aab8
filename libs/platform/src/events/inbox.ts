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
 * Applies events at most once per consumer: the processed_events rows and the effects commit together,
 * in one transaction for the whole batch, so a redelivered or duplicated event changes nothing and a
 * failing one undoes the batch. Each effect runs in its event's context (correlation, branch, actor).
 * Returns how many events were applied (the rest were duplicates).
 */
export async function applyOnce<E extends EventEnvelope>(
  ds: DataSource,
  consumer: string,
  events: readonly E[],
  effect: (event: E, manager: EntityManager) => Promise<void>,
): Promise<number> {
  if (events.length === 0) return 0;
  return ds.transaction(async (m) => {
    const claimed: { event_id: string }[] = await m.query(
      `INSERT INTO processed_events (consumer, event_id, event_type)
       SELECT $1, id, type FROM unnest($2::uuid[], $3::text[]) AS e(id, type)
       ON CONFLICT DO NOTHING RETURNING event_id`,
      [consumer, events.map((e) => e.id), events.map((e) => e.type)],
    );
    const pending = new Set(claimed.map((r) => r.event_id));
    for (const event of events) {
      if (!pending.delete(event.id.toLowerCase())) continue; // a duplicate, or the same event twice in this batch
      const ctx = systemContext({ correlationId: event.correlationId ?? event.id, branchId: event.branchId, actorId: event.actorId });
      await runWithContext(ctx, () => effect(event, m));
    }
    return claimed.length;
  });
}
