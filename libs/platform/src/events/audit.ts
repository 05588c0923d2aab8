import type { EntityManager } from 'typeorm';
import type { RequestContext } from '../context/request-context.js';

/** Voids, refunds, price changes and permission edits, written in the same transaction as the change. */
export async function audit(
  manager: EntityManager,
  ctx: RequestContext,
  action: string,
  target: { type: string; id: string | null },
  details: Record<string, unknown> = {},
): Promise<void> {
  await auditAll(manager, [{ ctx, action, target, details }]);
}

export interface AuditEntry {
  ctx: RequestContext;
  action: string;
  target: { type: string; id: string | null };
  details?: Record<string, unknown>;
}

/** Several audit entries (a batch of changes), each with its own context, in one statement. */
export async function auditAll(manager: EntityManager, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await manager.query(
    `INSERT INTO audit_log (actor_id, action, target_type, target_id, details, correlation_id)
     SELECT actor_id, action, target_type, target_id, details, correlation_id
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::jsonb[], $6::text[]) WITH ORDINALITY
         AS e(actor_id, action, target_type, target_id, details, correlation_id, n)
      ORDER BY n`,
    [
      entries.map((e) => e.ctx.actorId),
      entries.map((e) => e.action),
      entries.map((e) => e.target.type),
      entries.map((e) => e.target.id),
      entries.map((e) => JSON.stringify(e.details ?? {})),
      entries.map((e) => e.ctx.correlationId),
    ],
  );
}
