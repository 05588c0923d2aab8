// Who may price which branch (issue 17): pure rules, tested in branch-price.policy.spec.ts.
import { mayUseBranch, type AuthUser } from '@dukan/platform';

/** A branch code as branches are named (settings): letters, digits, '.', '_', '-'. */
export const BRANCH_CODE = /^[\p{L}\p{N}._-]{1,40}$/u;

/**
 * Whether a user may set or clear a price in a branch: a well-formed code, and a branch they may work in
 * (an admin any; a manager of A and B not in C).
 */
export function mayPriceBranch(
  user: Pick<AuthUser, 'role' | 'homeBranch' | 'branches'> | null,
  branchId: string,
  defaultBranch: string,
): boolean {
  return !!user && BRANCH_CODE.test(branchId) && mayUseBranch(user, branchId, defaultBranch);
}
