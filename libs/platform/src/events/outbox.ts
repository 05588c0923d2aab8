import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope, EventPayloads, EventSubject } from '@dukan/contracts';
import type { RequestContext } from '../context/request-context.js';

/** Writes an event in the caller's transaction; it leaves the service only if that transaction commits. */
export class Outbox {
  constructor(private readonly service: string) {}

  async add<S extends EventSubject>(
    manager: EntityManager,
    ctx: RequestContext,
    type: S,
    data: EventPayloads[S],
  ): Promise<EventEnvelope<EventPayloads[S]>> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error(`Outbox.add(${type}) must run inside the transaction that makes the change`);
    }
    const event: EventEnvelope<EventPayloads[S]> = {
      id: randomUUID(),
      type,
      occurredAt: new Date().toISOString(),
      branchId: ctx.branchId,
      actorId: ctx.actorId,
      correlationId: ctx.correlationId,
      data,
    };
    // Row and notification in one round trip; the relay's LISTEN hears it only when the transaction commits.
    await manager.query(
      `WITH added AS (
         INSERT INTO outbox (id, type, occurred_at, branch_id, actor_id, correlation_id, data) VALUES ($1, $2, $3, $4, $5, $6, $7)
         RETURNING 1
       )
       SELECT pg_notify($8, '') FROM added`,
      [event.id, event.type, event.occurredAt, event.branchId, event.actorId, event.correlationId, JSON.stringify(data), outboxChannel(this.service)],
    );
    return event;
  }
}

export function outboxChannel(service: string): string {
  return `dukan_outbox_${service}`;
}
