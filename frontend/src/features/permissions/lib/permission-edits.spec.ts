import { describe, expect, it } from 'vitest';
import { effectivePermissions, type Permissions, type Role } from '@dukan/contracts';
import {
  EMPTY_EDITS,
  changedCells,
  changedUserIds,
  discard,
  isChanged,
  pendingSaves,
  savePayload,
  selectionState,
  setAction,
  setModule,
  setRoleDefaults,
  shownGrants,
  toggleAll,
  toggleOne,
  type EditableUser,
} from './permission-edits.js';

function user(id: string, role: Role, permissions: Permissions | null = null): EditableUser {
  return { _id: id, role, effectivePermissions: effectivePermissions({ role, permissions }) };
}

const rezan = user('u-rezan', 'cashier');
const karwan = user('u-karwan', 'manager');

describe('changed checkboxes', () => {
  it('marks exactly the boxes that differ from the server', () => {
    let edits = setAction(EMPTY_EDITS, rezan, 'customers', 'view', false);
    edits = setAction(edits, rezan, 'reports', 'view', true);
    expect(changedCells(edits)).toEqual([
      { userId: 'u-rezan', module: 'customers', action: 'view' },
      { userId: 'u-rezan', module: 'reports', action: 'view' },
    ]);
    expect(isChanged(edits, 'u-rezan', 'customers', 'view')).toBe(true);
    expect(isChanged(edits, 'u-rezan', 'customers', 'create')).toBe(false);
    expect(isChanged(edits, 'u-karwan', 'customers', 'view')).toBe(false);
    expect(shownGrants(edits, rezan).customers).toEqual(['create', 'edit']);
    expect(shownGrants(edits, rezan).reports).toEqual(['view']);
  });

  it('a box ticked back to its saved value is no longer a change, and the user has nothing left to save', () => {
    let edits = setAction(EMPTY_EDITS, rezan, 'reports', 'export', true);
    edits = setAction(edits, rezan, 'reports', 'export', false);
    expect(changedCells(edits)).toEqual([]);
    expect(changedUserIds(edits)).toEqual([]);
    expect(pendingSaves(edits)).toEqual([]);
  });

  it('ticking a box the user already holds changes nothing', () => {
    expect(changedCells(setAction(EMPTY_EDITS, rezan, 'pos', 'use', true))).toEqual([]);
  });

  it('a whole module at once marks only the actions that actually flip', () => {
    const edits = setModule(EMPTY_EDITS, rezan, 'customers', true);
    expect(changedCells(edits)).toEqual([
      { userId: 'u-rezan', module: 'customers', action: 'delete' },
      { userId: 'u-rezan', module: 'customers', action: 'credit' },
    ]);
    const cleared = setModule(edits, rezan, 'customers', false);
    expect(changedCells(cleared).map((c) => c.action)).toEqual(['view', 'create', 'edit']);
  });

  it('keeps each user apart', () => {
    let edits = setAction(EMPTY_EDITS, rezan, 'staff', 'view', true);
    edits = setAction(edits, karwan, 'products', 'delete', false);
    expect(changedUserIds(edits).sort()).toEqual(['u-karwan', 'u-rezan']);
    expect(changedCells(edits)).toHaveLength(2);
  });

  it('compares with the permissions the server had when editing began, even after the list refreshes', () => {
    const edits = setAction(EMPTY_EDITS, rezan, 'reports', 'view', true);
    // The list is fetched again and now says the user already holds reports view (someone else saved it).
    const refreshed = user('u-rezan', 'cashier', { reports: ['view'] });
    expect(isChanged(edits, 'u-rezan', 'reports', 'view')).toBe(true);
    expect(shownGrants(edits, refreshed).reports).toEqual(['view']);
  });

  it('role defaults put back what the role gives', () => {
    const custom = user('u-custom', 'cashier', { customers: [], reports: ['view', 'export'] });
    const edits = setRoleDefaults(EMPTY_EDITS, custom);
    expect(changedCells(edits).map((c) => `${c.module}.${c.action}`)).toEqual([
      'customers.view',
      'customers.create',
      'customers.edit',
      'reports.view',
      'reports.export',
    ]);
    expect(pendingSaves(edits)).toEqual([{ userId: 'u-custom', permissions: null }]);
  });
});

describe('discard', () => {
  it('drops every unsaved change, so the boxes show the server again', () => {
    let edits = setAction(EMPTY_EDITS, rezan, 'customers', 'view', false);
    edits = setAction(edits, karwan, 'reports', 'export', false);
    const none = discard(edits);
    expect(changedCells(none)).toEqual([]);
    expect(shownGrants(none, rezan).customers).toEqual(['view', 'create', 'edit']);
  });

  it('drops only the given users (those just saved or given a role)', () => {
    let edits = setAction(EMPTY_EDITS, rezan, 'customers', 'view', false);
    edits = setAction(edits, karwan, 'reports', 'export', false);
    expect(changedUserIds(discard(edits, ['u-rezan']))).toEqual(['u-karwan']);
  });
});

describe('what Save sends', () => {
  it('only the modules that differ from the role defaults', () => {
    let edits = setAction(EMPTY_EDITS, rezan, 'customers', 'view', false);
    edits = setAction(edits, rezan, 'reports', 'view', true);
    expect(pendingSaves(edits)).toEqual([{ userId: 'u-rezan', permissions: { customers: ['create', 'edit'], reports: ['view'] } }]);
  });

  it('an empty list for a module the role gives but the user must not have', () => {
    expect(savePayload('cashier', { ...effectivePermissions({ role: 'cashier' }), customers: [] })).toEqual({ customers: [] });
  });

  it('null when the draft equals the role defaults', () => {
    expect(savePayload('manager', effectivePermissions({ role: 'manager' }))).toBeNull();
  });
});

describe('select all', () => {
  const visible = ['a', 'b', 'c'];

  it('selects every visible user, then clears them on a second click', () => {
    const all = toggleAll(new Set(), visible);
    expect([...all].sort()).toEqual(visible);
    expect(selectionState(all, visible)).toBe('all');
    expect(selectionState(toggleAll(all, visible), visible)).toBe('none');
  });

  it('from a partial selection selects the rest, and keeps users hidden by a filter selected', () => {
    const some = toggleOne(new Set(['hidden']), 'b');
    expect(selectionState(some, visible)).toBe('some');
    const all = toggleAll(some, visible);
    expect([...all].sort()).toEqual(['a', 'b', 'c', 'hidden']);
    expect([...toggleAll(all, visible)]).toEqual(['hidden']);
  });

  it('an empty list is never "all selected"', () => {
    expect(selectionState(new Set(['a']), [])).toBe('none');
  });
});
