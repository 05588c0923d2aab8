// Unsaved permission edits of the /settings/users page: pure functions, so the page and its tests share them.
import {
  MODULE_ACTIONS,
  PERMISSION_MODULES,
  ROLE_DEFAULT_PERMISSIONS,
  effectivePermissions,
  type PermissionAction,
  type PermissionModule,
  type Permissions,
  type Role,
} from '@dukan/contracts';

/** What the page needs of a listed user. */
export interface EditableUser {
  _id: string;
  role: Role;
  /** What the user may do now, as the server answered (overrides merged with the role's defaults). */
  effectivePermissions: Permissions;
}

export type Grants = Required<Permissions>;

export interface Draft {
  role: Role;
  /** The server's permissions when editing began: a cell is changed when the draft differs from this. */
  base: Grants;
  draft: Grants;
}

/** Edited users by id; a user whose draft matches the server again has no entry. */
export type PermissionEdits = Readonly<Record<string, Draft>>;

export interface ChangedCell {
  userId: string;
  module: PermissionModule;
  action: PermissionAction;
}

export const EMPTY_EDITS: PermissionEdits = {};

const actionsOf = (module: PermissionModule) => MODULE_ACTIONS[module] as readonly PermissionAction[];

/** Every module with its actions in the table's order, unknown actions dropped. */
function normalise(perms: Permissions | undefined): Grants {
  const out = {} as Record<PermissionModule, PermissionAction[]>;
  for (const module of PERMISSION_MODULES) {
    const held = (perms?.[module] ?? []) as readonly string[];
    out[module] = actionsOf(module).filter((a) => held.includes(a));
  }
  return out as Grants;
}

function holds(grants: Grants, module: PermissionModule, action: PermissionAction): boolean {
  return (grants[module] as readonly string[]).includes(action);
}

function sameGrants(a: Grants, b: Grants): boolean {
  return PERMISSION_MODULES.every((m) => a[m].length === b[m].length && actionsOf(m).every((x) => holds(a, m, x) === holds(b, m, x)));
}

/** The server's permissions of a user, as grants. */
export function serverGrants(user: EditableUser): Grants {
  return normalise(user.effectivePermissions);
}

/** What the checkboxes of this user show: the unsaved draft, else the server's permissions. */
export function shownGrants(edits: PermissionEdits, user: EditableUser): Grants {
  return edits[user._id]?.draft ?? serverGrants(user);
}

function withDraft(edits: PermissionEdits, user: EditableUser, draft: Grants): PermissionEdits {
  const base = edits[user._id]?.base ?? serverGrants(user);
  const { [user._id]: _dropped, ...rest } = edits;
  void _dropped;
  // Ticking a box back to where it was leaves nothing to save for this user.
  return sameGrants(base, draft) ? rest : { ...rest, [user._id]: { role: user.role, base, draft } };
}

/** Ticks (`on`) or clears one action of one user. */
export function setAction(
  edits: PermissionEdits,
  user: EditableUser,
  module: PermissionModule,
  action: PermissionAction,
  on: boolean,
): PermissionEdits {
  const current = shownGrants(edits, user);
  const held = new Set<string>(current[module]);
  if (on) held.add(action);
  else held.delete(action);
  return withDraft(edits, user, { ...current, [module]: actionsOf(module).filter((a) => held.has(a)) });
}

/** Ticks or clears every action of one module for one user. */
export function setModule(edits: PermissionEdits, user: EditableUser, module: PermissionModule, on: boolean): PermissionEdits {
  const current = shownGrants(edits, user);
  return withDraft(edits, user, { ...current, [module]: on ? [...actionsOf(module)] : [] });
}

/** Puts the user's role defaults in the draft (saved, they replace the user's own list). */
export function setRoleDefaults(edits: PermissionEdits, user: EditableUser): PermissionEdits {
  return withDraft(edits, user, normalise(effectivePermissions({ role: user.role, permissions: null })));
}

/** Whether this one checkbox differs from the server. */
export function isChanged(edits: PermissionEdits, userId: string, module: PermissionModule, action: PermissionAction): boolean {
  const entry = edits[userId];
  return !!entry && holds(entry.base, module, action) !== holds(entry.draft, module, action);
}

/** Every changed checkbox, user by user, in the table's order. */
export function changedCells(edits: PermissionEdits): ChangedCell[] {
  const out: ChangedCell[] = [];
  for (const [userId, entry] of Object.entries(edits)) {
    for (const module of PERMISSION_MODULES) {
      for (const action of actionsOf(module)) {
        if (holds(entry.base, module, action) !== holds(entry.draft, module, action)) out.push({ userId, module, action });
      }
    }
  }
  return out;
}

export function changedUserIds(edits: PermissionEdits): string[] {
  return Object.keys(edits);
}

/** Forgets the drafts of the given users, or of everyone. */
export function discard(edits: PermissionEdits, userIds?: readonly string[]): PermissionEdits {
  if (!userIds) return EMPTY_EDITS;
  return Object.fromEntries(Object.entries(edits).filter(([id]) => !userIds.includes(id)));
}

/**
 * What to send for a user's draft: the modules where it differs from the role's defaults, or null when it
 * matches them entirely (the user simply follows the role again).
 */
export function savePayload(role: Role, draft: Grants): Permissions | null {
  const defaults = normalise(ROLE_DEFAULT_PERMISSIONS[role]);
  const out: Record<string, PermissionAction[]> = {};
  for (const module of PERMISSION_MODULES) {
    const same = draft[module].length === defaults[module].length && draft[module].every((a) => holds(defaults, module, a));
    if (!same) out[module] = [...draft[module]];
  }
  return Object.keys(out).length === 0 ? null : (out as Permissions);
}

/** The saves a Save click sends: one per edited user. */
export function pendingSaves(edits: PermissionEdits): { userId: string; permissions: Permissions | null }[] {
  return Object.entries(edits).map(([userId, entry]) => ({ userId, permissions: savePayload(entry.role, entry.draft) }));
}

// --- selection for Apply Role Permissions

export type SelectionState = 'none' | 'some' | 'all';

/** How much of the visible list is selected (the select-all box is ticked, half-ticked or empty). */
export function selectionState(selected: ReadonlySet<string>, visibleIds: readonly string[]): SelectionState {
  const n = visibleIds.filter((id) => selected.has(id)).length;
  if (n === 0 || visibleIds.length === 0) return 'none';
  return n === visibleIds.length ? 'all' : 'some';
}

/** Select all: selects every visible user, or, when all are already selected, clears them. */
export function toggleAll(selected: ReadonlySet<string>, visibleIds: readonly string[]): Set<string> {
  const next = new Set(selected);
  if (selectionState(selected, visibleIds) === 'all') for (const id of visibleIds) next.delete(id);
  else for (const id of visibleIds) next.add(id);
  return next;
}

export function toggleOne(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
