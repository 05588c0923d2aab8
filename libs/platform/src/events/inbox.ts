import type { Type } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { EventEnvelope, EventOf, EventSubject } from '@dukan/contracts';
import { runWithContext, systemContext, type RequestContext } from '../context/request-context.js';

/** A consumer of one event type. The effect runs in the transaction that records the event as processed. */
export interface EventHandler<S extends EventSubject = EventSubject> {
  readonly subject: S;
  /** False for events this consumer has nothing to do with (e.g. loyalty and a guest's sale): acknowledged without a transaction. */
  appliesTo?(event: EventOf<S>): boolean;
  /** Applies one event, in its context. A handler has this or handleAll. */
  handle?(event: EventOf<S>, manager: EntityManager): Promise<void>;
  /**
   * For a busy subject: applies a batch, in order, with fewer round trips than one handle() per event.
   * Writes that carry the event's actor or correlation (outbox, audit) use eventContext(event).
   */
  handleAll?(events: readonly EventOf<S>[], manager: EntityManager): Promise<void>;
}

/**
 * One consumer of a service: its durable name, the subject it reads and the handler that applies it. The name
 * keys the JetStream durable and the inbox (processed_events), so it never changes once deployed: renaming it
 * would make a new durable that replays the whole stream. Handlers are Nest providers of the service's module.
 */
export type ConsumerDeclaration = {
  [S in EventSubject]: { readonly name: string; readonly subject: S; readonly handler: Type<EventHandler<S>> };
}[EventSubject];

/**
 * A service's consumers, listed once: each name unique and under the service's own prefix ('sales.…').
 * Boot refuses a handler whose subject is not the one declared for it.
 */
export function declareConsumers(service: string, consumers: readonly ConsumerDeclaration[]): readonly ConsumerDeclaration[] {
  const seen = new Set<string>();
  for (const c of consumers) {
    if (!c.name.startsWith(`${service}.`) || !/^[A-Za-z0-9_.-]+$/.test(c.name))
      throw new Error(`consumer ${c.name} must be named ${service}.<name>`);
    if (seen.has(c.name)) throw new Error(`consumer ${c.name} is declared twice`);
    seen.add(c.name);
  }
  return Object.freeze([...consumers]);
}

/** The context an event's effects run in: its correlation, branch and actor. */
export function eventContext(event: EventEnvelope): RequestContext {
  return systemContext({ correlationId: event.correlationId ?? event.id, branchId: event.branchId, actorId: event.actorId });
}

/** A batch applied as one effect per event, in order, each in its event's context. */
export function oneByOne<E extends EventEnvelope>(effect: (event: E, manager: EntityManager) => Promise<void>) {
  return async (events: readonly E[], manager: EntityManager): Promise<void> => {
    for (const event of events) await runWithContext(eventContext(event), () => effect(event, manager));
  };
}

/**
 * Applies events at most once per consumer: the processed_events rows and the effects commit together,
 * in one transaction for the whole batch, so a redelivered or duplicated event changes nothing and a
 * failing one undoes the batch. `apply` gets the events not seen before, in order, each once.
 * Returns how many that was.
 */
export async function applyOnce<E extends EventEnvelope>(
  ds: DataSource,
  consumer: string,
  events: readonly E[],
  apply: (fresh: readonly E[], manager: EntityManager) => Promise<void>,
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
    // Not a duplicate, and not the same event a second time in this batch.
    const fresh = events.filter((event) => pending.delete(event.id.toLowerCase()));
    if (fresh.length > 0) await apply(fresh, m);
    return fresh.length;
  });
}
