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
  await manager.query(
    `INSERT INTO audit_log (actor_id, action, target_type, target_id, details, correlation_id) VALUES ($1, $2, $3, $4, $5, $6)`,
    [ctx.actorId, action, target.type, target.id, JSON.stringify(details), ctx.correlationId],
  );
}
