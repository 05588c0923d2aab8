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
    const [event] = await this.addMany(manager, ctx, type, [data]);
    return event!;
  }

  /** Several events of one type in one statement (e.g. a sale's stock moves), in the order given. */
  async addMany<S extends EventSubject>(
    manager: EntityManager,
    ctx: RequestContext,
    type: S,
    datas: readonly EventPayloads[S][],
  ): Promise<EventEnvelope<EventPayloads[S]>[]> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error(`Outbox.add(${type}) must run inside the transaction that makes the change`);
    }
    if (datas.length === 0) return [];
    const occurredAt = new Date().toISOString();
    const events = datas.map(
      (data): EventEnvelope<EventPayloads[S]> => ({
        id: randomUUID(),
        type,
        occurredAt,
        branchId: ctx.branchId,
        actorId: ctx.actorId,
        correlationId: ctx.correlationId,
        data,
      }),
    );
    // The rows go in with rising seq in the order given; the relay hears of them only when the transaction commits.
    await manager.query(
      `WITH added AS (
         INSERT INTO outbox (id, type, occurred_at, branch_id, actor_id, correlation_id, data)
         SELECT id, $2::text, $3::timestamptz, $4::text, $5::text, $6::text, data FROM unnest($1::uuid[], $7::jsonb[]) WITH ORDINALITY AS e(id, data, n) ORDER BY n
         RETURNING 1
       )
       SELECT pg_notify($8, '') FROM (SELECT 1 FROM added LIMIT 1) AS any_row`,
      [events.map((e) => e.id), type, occurredAt, ctx.branchId, ctx.actorId, ctx.correlationId, datas.map((d) => JSON.stringify(d)), outboxChannel(this.service)],
    );
    return events;
  }
}

export function outboxChannel(service: string): string {
  return `dukan_outbox_${service}`;
}
