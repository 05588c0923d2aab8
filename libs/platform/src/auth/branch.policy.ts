// The branch a request acts in (issue 17): pure rules, tested in branch.policy.spec.ts.
import type { AuthUser } from '../context/request-context.js';

/** Carries the branch a request acts in: sent by the app, set by the gateway on every call it forwards. */
export const BRANCH_HEADER = 'x-dukan-branch';

const CODE = /^[\p{L}\p{N}._-]{1,40}$/u;

export type BranchDecision = { branchId: string } | { refused: true };

/** The branch a user works in when a request names none. */
export function homeBranchOf(user: Pick<AuthUser, 'homeBranch'>, defaultBranch: string): string {
  return user.homeBranch || defaultBranch;
}

/** Whether a user may work in a branch: admins anywhere, others in their list (none: their home branch only). */
export function mayUseBranch(user: Pick<AuthUser, 'role' | 'homeBranch' | 'branches'>, branchId: string, defaultBranch: string): boolean {
  if (user.role === 'admin') return true;
  return (user.branches && user.branches.length > 0 ? user.branches : [homeBranchOf(user, defaultBranch)]).includes(branchId);
}

/**
 * The branch of a request: the one it names when its user may use it, else refused; the user's home branch
 * when it names none. A call without a user (sign-in, a service's internal call) acts in the branch a trusted
 * caller named, else the installation's default.
 */
export function requestBranch(
  user: Pick<AuthUser, 'role' | 'homeBranch' | 'branches'> | null,
  requested: string | undefined,
  defaultBranch: string,
  trusted: boolean,
): BranchDecision {
  const named = requested?.trim() || undefined;
  if (named !== undefined && !CODE.test(named)) return { refused: true };
  if (!user) return { branchId: (trusted && named) || defaultBranch };
  if (named === undefined) return { branchId: homeBranchOf(user, defaultBranch) };
  return mayUseBranch(user, named, defaultBranch) ? { branchId: named } : { refused: true };
}

/** The query parameter naming the branch a chain-wide view reads; `all` (or none): every branch the user may see. */
export const VIEW_BRANCH_PARAM = 'branch';
export const ALL_BRANCHES = 'all';

export type ViewScope = { branches: string[] | null } | { refused: true };

/**
 * The branches a view (dashboard, reports) reads: the one named when the user may use it, else refused; every
 * branch the user may see when it names none or `all` (admins: null, every branch; others their list). A call
 * without a user (a trusted internal one) reads every branch.
 */
export function viewScope(
  user: Pick<AuthUser, 'role' | 'homeBranch' | 'branches'> | null,
  requested: string | undefined,
  defaultBranch: string,
): ViewScope {
  const named = requested?.trim() || ALL_BRANCHES;
  if (named !== ALL_BRANCHES && !CODE.test(named)) return { refused: true };
  if (!user) return { branches: named === ALL_BRANCHES ? null : [named] };
  if (named !== ALL_BRANCHES) return mayUseBranch(user, named, defaultBranch) ? { branches: [named] } : { refused: true };
  if (user.role === 'admin') return { branches: null };
  return { branches: user.branches && user.branches.length > 0 ? [...user.branches] : [homeBranchOf(user, defaultBranch)] };
}
