import { canManageRole, isAllowed, matchRoute, type MessageKey, type PermissionSubject, type Role } from '@dukan/contracts';
import type { BranchState } from '@dukan/platform';

/** Who is acting: the signed-in user as the token describes them. */
export interface StaffActor extends PermissionSubject {
  id: string;
  role: Role;
  /** The branches the actor works in; null: every branch (an admin). */
  branches: readonly string[] | null;
}

export interface StaffTarget {
  id: string;
  role: Role;
  /** The branches the user works in (their home branch when they have no list). */
  branches: readonly string[];
}

/** Why a staff change is refused: the error code and its message key. */
export interface StaffRefusal {
  code: 'FORBIDDEN' | 'RULE_VIOLATION';
  key: MessageKey;
}

// Sending `permissions` with a user is the dedicated permissions route by another door: the same access rule.
const PERMISSIONS_ROUTE = matchRoute('PUT', '/api/auth/users/_/permissions');
if (!PERMISSIONS_ROUTE) throw new Error('the route table has no PUT /api/auth/users/:id/permissions');
const PERMISSIONS_ACCESS = PERMISSIONS_ROUTE.route.access;

export function mayEditPermissions(actor: StaffActor): boolean {
  return isAllowed(actor, PERMISSIONS_ACCESS);
}

const forbidden = (key: MessageKey): StaffRefusal => ({ code: 'FORBIDDEN', key });
const rule = (key: MessageKey): StaffRefusal => ({ code: 'RULE_VIOLATION', key });
const lowerRoleOnly = forbidden('users.lowerRoleOnly');

/** A user the actor may manage: of a lower role, working in none but the actor's branches. */
function refuseToManage(actor: StaffActor, target: StaffTarget): StaffRefusal | null {
  if (!canManageRole(actor.role, target.role)) return lowerRoleOnly;
  const own = actor.branches;
  if (own !== null && !target.branches.every((b) => own.includes(b))) return forbidden('users.otherBranches');
  return null;
}

/** Creating a user of `role`, with or without permissions of their own. */
export function refuseCreate(actor: StaffActor, role: Role, withPermissions: boolean): StaffRefusal | null {
  if (withPermissions && !mayEditPermissions(actor)) return forbidden('users.permissionsAdminOnly');
  if (!canManageRole(actor.role, role)) return lowerRoleOnly;
  return null;
}

export interface StaffEdit {
  role?: Role | undefined;
  active?: boolean | undefined;
  withPermissions: boolean;
}

/** Editing `target`: nobody raises rights they may not grant, reaches above their rank, or demotes or locks out themselves. */
export function refuseEdit(actor: StaffActor, target: StaffTarget, edit: StaffEdit): StaffRefusal | null {
  if (edit.withPermissions && !mayEditPermissions(actor)) return forbidden('users.permissionsAdminOnly');
  const manage = refuseToManage(actor, target);
  if (manage) return manage;
  if (edit.role !== undefined && !canManageRole(actor.role, edit.role)) return lowerRoleOnly;
  const self = actor.id === target.id;
  if (self && edit.role !== undefined && edit.role !== target.role) return rule('users.cannotChangeOwnRole');
  if (self && edit.active === false) return rule('users.cannotDeactivateSelf');
  return null;
}

/** Resetting `target`'s password. */
export function refuseReset(actor: StaffActor, target: StaffTarget): StaffRefusal | null {
  return refuseToManage(actor, target);
}

/** Deleting `target`. */
export function refuseDelete(actor: StaffActor, target: StaffTarget): StaffRefusal | null {
  if (actor.id === target.id) return rule('users.cannotDeleteSelf');
  return refuseToManage(actor, target);
}

export interface UserBranches {
  homeBranch: string | null;
  branches: string[] | null;
}

/**
 * The branches a user ends with after an edit that may name `homeBranch` and `branches` (undefined: unchanged,
 * null: back to the default). A list without the home branch takes its first entry as home when no home is
 * named; a named home outside the list is refused. Admins work everywhere: their list is always null.
 */
export function nextBranches(
  role: Role,
  current: UserBranches,
  change: { homeBranch?: string | null; branches?: string[] | null },
): UserBranches | { refused: 'branches.homeNotAllowed' } {
  const branches =
    role === 'admin' ? null : change.branches === undefined ? current.branches : change.branches && [...new Set(change.branches)];
  let homeBranch = change.homeBranch === undefined ? current.homeBranch : change.homeBranch;
  if (branches && branches.length > 0 && (homeBranch === null || !branches.includes(homeBranch))) {
    if (change.homeBranch !== undefined && change.homeBranch !== null) return { refused: 'branches.homeNotAllowed' };
    homeBranch = branches[0]!;
  }
  return { homeBranch, branches: branches && branches.length > 0 ? branches : null };
}

/**
 * A branch the user would end with that settings does not know, or a deactivated one the user did not have
 * before (one they keep is left alone: an unrelated edit re-sends the whole list). Branches settings was not
 * asked about (unchanged ones) pass. The field named is the one the branch came from.
 */
export function unusableBranch(
  next: UserBranches,
  before: UserBranches,
  states: ReadonlyMap<string, BranchState>,
): { field: 'homeBranch' | 'branches'; key: 'branches.unknown' | 'branches.inactive' } | null {
  const had = new Set([before.homeBranch, ...(before.branches ?? [])]);
  const named: ['homeBranch' | 'branches', string][] = [
    ...(next.homeBranch ? [['homeBranch', next.homeBranch] as ['homeBranch', string]] : []),
    ...(next.branches ?? []).map((id) => ['branches', id] as ['branches', string]),
  ];
  for (const [field, id] of named) {
    const state = states.get(id);
    if (state === 'unknown') return { field, key: 'branches.unknown' };
    if (state === 'inactive' && !had.has(id)) return { field, key: 'branches.inactive' };
  }
  return null;
}
