// Which branches a user may pick (issue 17): pure rules, tested in branches.spec.ts.
import type { BranchDto } from '@dukan/contracts';
import type { SignedInUser } from './types.js';

/** Whether the user might work in several branches, so the picker is worth asking the server about. */
export function mayHaveSeveralBranches(user: Pick<SignedInUser, 'role' | 'branches'>): boolean {
  return user.role === 'admin' || (user.branches?.length ?? 0) > 1;
}

/** The active branches a user may pick: every one for an admin, else those of their list. */
export function pickableBranches(user: Pick<SignedInUser, 'role' | 'homeBranch' | 'branches'>, all: readonly BranchDto[]): BranchDto[] {
  const active = all.filter((b) => b.active);
  if (user.role === 'admin') return active;
  const mine = user.branches?.length ? user.branches : user.homeBranch ? [user.homeBranch] : [];
  return active.filter((b) => mine.includes(b._id));
}

/**
 * Whether a branch this device is bound to still suits the signed-in user (another user may sign in on the
 * same till): admins may use any; others only one of theirs. Unknown lists (a single shop) keep nothing.
 */
export function deviceBranchFits(user: Pick<SignedInUser, 'role' | 'homeBranch' | 'branches'>, bound: string): boolean {
  if (user.role === 'admin') return true;
  const mine = user.branches?.length ? user.branches : user.homeBranch ? [user.homeBranch] : [];
  return mine.includes(bound);
}

/** The register to keep when moving to a branch: the current one if the branch has it, else its first. */
export function registerFor(branch: Pick<BranchDto, 'registers'>, current: string): string {
  return branch.registers.includes(current) ? current : (branch.registers[0] ?? 'main');
}
