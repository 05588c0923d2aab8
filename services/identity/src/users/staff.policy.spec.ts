import {
  nextBranches,
  refuseCreate,
  unusableBranch,
  refuseDelete,
  refuseEdit,
  refuseReset,
  type StaffActor,
  type StaffEdit,
} from './staff.policy.js';

const admin: StaffActor = { id: 'a', role: 'admin', branches: null };
const manager: StaffActor = { id: 'm', role: 'manager', branches: ['main'] };
// A manager whom an admin gave every staff right: still not above their rank, still no permission editing.
const loadedManager: StaffActor = {
  id: 'm2',
  role: 'manager',
  permissions: { staff: ['view', 'create', 'edit', 'delete'], settings: ['view', 'edit'] },
  branches: ['main'],
};
const staffCashier: StaffActor = {
  id: 'c',
  role: 'cashier',
  permissions: { staff: ['view', 'create', 'edit', 'delete'] },
  branches: ['main'],
};
const user = (id: string, role: 'admin' | 'manager' | 'cashier', branches: string[] = ['main']) => ({ id, role, branches });
const edit = (e: Partial<StaffEdit> = {}): StaffEdit => ({ withPermissions: false, ...e });
const key = (r: { key: string } | null) => r?.key ?? 'allowed';

describe('creating a user', () => {
  it.each([
    [admin, 'admin', false, 'allowed'],
    [admin, 'cashier', true, 'allowed'],
    [loadedManager, 'cashier', false, 'allowed'],
    [loadedManager, 'cashier', true, 'users.permissionsAdminOnly'],
    [loadedManager, 'manager', false, 'users.lowerRoleOnly'],
    [loadedManager, 'admin', false, 'users.lowerRoleOnly'],
    [staffCashier, 'cashier', false, 'users.lowerRoleOnly'],
  ] as const)('%j makes a %s (own permissions: %s): %s', (actor, role, withPermissions, expected) => {
    expect(key(refuseCreate(actor, role, withPermissions))).toBe(expected);
  });
});

describe('editing a user', () => {
  it.each([
    ['admin edits a manager', admin, user('x', 'manager'), edit({ role: 'cashier', withPermissions: true }), 'allowed'],
    ['admin promotes a cashier to admin', admin, user('x', 'cashier'), edit({ role: 'admin' }), 'allowed'],
    ['admin renames themselves', admin, user('a', 'admin'), edit(), 'allowed'],
    ['admin keeps their own role as sent by a form', admin, user('a', 'admin'), edit({ role: 'admin', active: true }), 'allowed'],
    ['admin demotes themselves', admin, user('a', 'admin'), edit({ role: 'manager' }), 'users.cannotChangeOwnRole'],
    ['admin deactivates themselves', admin, user('a', 'admin'), edit({ active: false }), 'users.cannotDeactivateSelf'],
    ['manager edits a cashier', loadedManager, user('x', 'cashier'), edit({ active: false }), 'allowed'],
    ['manager sends permissions', loadedManager, user('x', 'cashier'), edit({ withPermissions: true }), 'users.permissionsAdminOnly'],
    [
      'manager sends their own permissions',
      loadedManager,
      user('m2', 'manager'),
      edit({ withPermissions: true }),
      'users.permissionsAdminOnly',
    ],
    ['manager promotes a cashier', loadedManager, user('x', 'cashier'), edit({ role: 'manager' }), 'users.lowerRoleOnly'],
    ['manager edits another manager', loadedManager, user('y', 'manager'), edit(), 'users.lowerRoleOnly'],
    ['manager edits an admin', loadedManager, user('a', 'admin'), edit({ active: false }), 'users.lowerRoleOnly'],
    ['manager promotes themselves', loadedManager, user('m2', 'manager'), edit({ role: 'admin' }), 'users.lowerRoleOnly'],
    ['cashier with staff rights edits a cashier', staffCashier, user('x', 'cashier'), edit(), 'users.lowerRoleOnly'],
    ['manager of main edits a cashier of B', loadedManager, user('x', 'cashier', ['b']), edit(), 'users.otherBranches'],
    [
      'manager of main deactivates a cashier of main and B',
      loadedManager,
      user('x', 'cashier', ['main', 'b']),
      edit({ active: false }),
      'users.otherBranches',
    ],
    [
      'manager of main and B edits a cashier of B',
      { ...loadedManager, branches: ['main', 'b'] },
      user('x', 'cashier', ['b']),
      edit(),
      'allowed',
    ],
    ['admin edits a cashier of B', admin, user('x', 'cashier', ['b']), edit(), 'allowed'],
  ] as const)('%s: %s', (_label, actor, target, change, expected) => {
    expect(key(refuseEdit(actor, target, change))).toBe(expected);
  });
});

describe('resetting a password and deleting', () => {
  it.each([
    [admin, user('x', 'admin'), 'allowed', 'allowed'],
    [admin, user('a', 'admin'), 'allowed', 'users.cannotDeleteSelf'],
    [manager, user('x', 'cashier'), 'allowed', 'allowed'],
    [manager, user('y', 'manager'), 'users.lowerRoleOnly', 'users.lowerRoleOnly'],
    [manager, user('a', 'admin'), 'users.lowerRoleOnly', 'users.lowerRoleOnly'],
    [staffCashier, user('x', 'cashier'), 'users.lowerRoleOnly', 'users.lowerRoleOnly'],
    [manager, user('x', 'cashier', ['b']), 'users.otherBranches', 'users.otherBranches'],
    [admin, user('x', 'cashier', ['b']), 'allowed', 'allowed'],
  ] as const)('%j on %j: reset %s, delete %s', (actor, target, reset, remove) => {
    expect(key(refuseReset(actor, target))).toBe(reset);
    expect(key(refuseDelete(actor, target))).toBe(remove);
  });
});

describe("a user's branches", () => {
  const none = { homeBranch: null, branches: null };
  it.each([
    ['cashier', none, {}, none],
    ['cashier', none, { branches: ['b', 'c', 'b'] }, { homeBranch: 'b', branches: ['b', 'c'] }],
    ['cashier', none, { homeBranch: 'c', branches: ['b', 'c'] }, { homeBranch: 'c', branches: ['b', 'c'] }],
    ['cashier', none, { homeBranch: 'x', branches: ['b', 'c'] }, { refused: 'branches.homeNotAllowed' }],
    ['cashier', { homeBranch: 'b', branches: ['b', 'c'] }, { homeBranch: 'c' }, { homeBranch: 'c', branches: ['b', 'c'] }],
    ['cashier', { homeBranch: 'b', branches: ['b', 'c'] }, { homeBranch: 'a' }, { refused: 'branches.homeNotAllowed' }],
    ['cashier', { homeBranch: 'b', branches: ['b', 'c'] }, { branches: ['c'] }, { homeBranch: 'c', branches: ['c'] }],
    ['cashier', { homeBranch: 'b', branches: ['b', 'c'] }, { branches: null }, { homeBranch: 'b', branches: null }],
    ['manager', none, { homeBranch: 'b' }, { homeBranch: 'b', branches: null }],
    ['admin', none, { homeBranch: 'b', branches: ['c'] }, { homeBranch: 'b', branches: null }],
  ] as const)('%s %o changed by %o -> %o', (role, current, change, expected) => {
    expect(
      nextBranches(role, { ...current, branches: current.branches && [...current.branches] }, JSON.parse(JSON.stringify(change))),
    ).toEqual(expected);
  });
});

describe('the branches a user is given, as settings knows them', () => {
  const states = new Map([
    ['main', 'active'],
    ['b', 'active'],
    ['closed', 'inactive'],
    ['nowhere', 'unknown'],
  ] as const);
  const none = { homeBranch: null, branches: null };
  it.each([
    ['known, active branches', { homeBranch: 'b', branches: ['b', 'main'] }, none, null],
    [
      'a branch settings does not know, in the list',
      { homeBranch: 'b', branches: ['b', 'nowhere'] },
      none,
      { field: 'branches', key: 'branches.unknown' },
    ],
    [
      'a home branch settings does not know',
      { homeBranch: 'nowhere', branches: null },
      none,
      { field: 'homeBranch', key: 'branches.unknown' },
    ],
    [
      'a deactivated branch given anew',
      { homeBranch: 'b', branches: ['b', 'closed'] },
      none,
      { field: 'branches', key: 'branches.inactive' },
    ],
    [
      'a deactivated branch the user kept',
      { homeBranch: 'b', branches: ['b', 'closed'] },
      { homeBranch: 'b', branches: ['b', 'closed'] },
      null,
    ],
    [
      'branches settings was not asked about (unchanged)',
      { homeBranch: 'x', branches: ['x', 'y'] },
      { homeBranch: 'x', branches: ['x', 'y'] },
      null,
    ],
  ] as const)('%s', (_what, next, before, expected) => {
    expect(
      unusableBranch(
        { homeBranch: next.homeBranch, branches: next.branches && [...next.branches] },
        { homeBranch: before.homeBranch, branches: before.branches && [...before.branches] },
        states,
      ),
    ).toEqual(expected);
  });
});
