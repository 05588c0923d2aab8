import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { hasBulkLane, type EventEnvelope, type EventLane, type EventPayloads, type EventSubject } from '@dukan/contracts';
import type { RequestContext } from '../context/request-context.js';
import type { SqlParams } from '../database/sql.js';

/** One event to write: its type and data, and the context (branch, actor, correlation) it was caused in. */
export type OutboxEntry = { [S in EventSubject]: { ctx: RequestContext; type: S; data: EventPayloads[S] } }[EventSubject];

/** Writes events in the caller's transaction; they leave the service only if that transaction commits. */
export class Outbox {
  constructor(private readonly service: string) {}

  async add<S extends EventSubject>(
    manager: EntityManager,
    ctx: RequestContext,
    type: S,
    data: EventPayloads[S],
  ): Promise<EventEnvelope<EventPayloads[S]>> {
    const [event] = await this.addAll(manager, [{ ctx, type, data } as OutboxEntry]);
    return event as EventEnvelope<EventPayloads[S]>;
  }

  /**
   * One event written by the caller's own statement, so that a change and its event take one round trip (a statement
   * run alone is its own transaction: the event is written only if the change is). `cte` is a data-modifying CTE named
   * `name` that inserts the event once for the row of the CTE `from`; `dataSql` turns the placeholder of the event's
   * JSON into the jsonb stored (to put in what the statement itself generates, such as a number). `notify` is an
   * expression the statement's result must read: it tells the relay, on commit, that there is something to publish.
   */
  inStatement<S extends EventSubject>(
    params: SqlParams,
    o: { ctx: RequestContext; type: S; data: EventPayloads[S]; from: string; name?: string; dataSql?: (json: string) => string },
  ): { cte: string; notify: string } {
    const name = o.name ?? 'outbox_added';
    const event: EventEnvelope = {
      id: randomUUID(),
      type: o.type,
      occurredAt: new Date().toISOString(),
      branchId: o.ctx.branchId,
      actorId: o.ctx.actorId,
      correlationId: o.ctx.correlationId,
      data: o.data,
    };
    const p = params.add;
    const json = p(JSON.stringify(o.data), 'jsonb');
    const cte = `${name} AS (
         INSERT INTO outbox (id, type, occurred_at, branch_id, actor_id, correlation_id, data, lane)
         SELECT ${p(event.id, 'uuid')}, ${p(event.type, 'text')}, ${p(event.occurredAt, 'timestamptz')}, ${p(event.branchId, 'text')},
                ${p(event.actorId, 'text')}, ${p(event.correlationId ?? null, 'text')}, ${o.dataSql ? o.dataSql(json) : json}, 'live'
           FROM ${o.from}
         RETURNING 1
       )`;
    const notify = `(SELECT pg_notify(${p(outboxChannel(this.service), 'text')}, 'live') FROM (SELECT 1 FROM ${name} LIMIT 1) AS any_row)`;
    return { cte, notify };
  }

  /**
   * Several events, each with its own context, in one statement; they are published in the order given.
   * A change to many things at once (an import, a price change over many products) passes `lane: 'bulk'`:
   * its events are published in large batches and consumed apart, never holding back the counter's.
   */
  async addAll(manager: EntityManager, entries: readonly OutboxEntry[], options: { lane?: EventLane } = {}): Promise<EventEnvelope[]> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error(`Outbox.add(${entries.map((e) => e.type).join(', ')}) must run inside the transaction that makes the change`);
    }
    if (entries.length === 0) return [];
    const lane = options.lane ?? 'live';
    const laneless = lane === 'bulk' ? entries.find((e) => !hasBulkLane(e.type)) : undefined;
    if (laneless) throw new Error(`${laneless.type} has no bulk lane (see BULK_SUBJECTS)`);
    const occurredAt = new Date().toISOString();
    const events = entries.map(({ ctx, type, data }): EventEnvelope => ({
      id: randomUUID(),
      type,
      occurredAt,
      branchId: ctx.branchId,
      actorId: ctx.actorId,
      correlationId: ctx.correlationId,
      data,
    }));
    // Rows (seq rising in the order given) and one notification in one round trip; the relay's LISTEN hears it on commit.
    await manager.query(
      `WITH added AS (
         INSERT INTO outbox (id, type, occurred_at, branch_id, actor_id, correlation_id, data, lane)
         SELECT id, type, $3::timestamptz, branch_id, actor_id, correlation_id, data, $9
           FROM unnest($1::uuid[], $2::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[]) WITH ORDINALITY
             AS e(id, type, branch_id, actor_id, correlation_id, data, n)
          ORDER BY n
         RETURNING 1
       )
       SELECT pg_notify($8, $9) FROM (SELECT 1 FROM added LIMIT 1) AS any_row`,
      [
        events.map((e) => e.id),
        events.map((e) => e.type),
        occurredAt,
        events.map((e) => e.branchId),
        events.map((e) => e.actorId),
        events.map((e) => e.correlationId ?? null),
        events.map((e) => JSON.stringify(e.data)),
        outboxChannel(this.service),
        lane,
      ],
    );
    return events;
  }
}

/** The channel a service's outbox notifies on commit; the payload names the lane ('' for both). */
export function outboxChannel(service: string): string {
  return `dukan_outbox_${service}`;
}
