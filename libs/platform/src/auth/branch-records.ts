// Records that belong to a branch (sales, transfers, expenses...): one check for every read or write of one by
// its id, beside the gate's check of the branch a request names. Tested in branch-records.spec.ts.
import type { EntityKey } from '@dukan/contracts';
import type { RequestContext } from '../context/request-context.js';
import { DomainError } from '../errors/domain-error.js';

/**
 * How closely a record's branch must match the caller: 'user' — any branch the user may work in (a sale opened from
 * the chain's dashboard); 'acting' — the branch the request acts in (a branch's own books, such as its expenses).
 */
export type RecordReach = 'user' | 'acting';

/** Whether the request's caller may see and act on a record of one of `branches` (a transfer has two). */
export function mayReachRecord(
  ctx: Pick<RequestContext, 'user' | 'branchId' | 'callerBranches'>,
  branches: readonly string[],
  reach: RecordReach = 'user',
): boolean {
  if (branches.includes(ctx.branchId)) return true;
  if (reach === 'acting') return false;
  if (!ctx.user) return true; // work no user started, or a trusted internal call
  const mine = ctx.callerBranches;
  return mine === null || (mine !== undefined && branches.some((b) => mine.includes(b)));
}

/**
 * The record fetched by id, when the caller may reach its branch; otherwise "not found", exactly as for an id that
 * exists nowhere: a user learns nothing of another branch's records, not even that one exists (404, never 403).
 */
export function recordInCallerBranch<T>(
  ctx: Pick<RequestContext, 'user' | 'branchId' | 'callerBranches'>,
  row: T | null | undefined,
  branchesOf: (row: T) => string | readonly string[],
  entity: EntityKey,
  reach: RecordReach = 'user',
): T {
  if (row === null || row === undefined) throw DomainError.notFound(entity);
  const owned = branchesOf(row);
  if (!mayReachRecord(ctx, typeof owned === 'string' ? [owned] : owned, reach)) throw DomainError.notFound(entity);
  return row;
}
