import {
  MODULE_ACTIONS,
  canManageRole,
  PAGE_ACCESS,
  PERMISSION_MODULES,
  ROLE_DEFAULT_PERMISSIONS,
  ROLES,
  can,
  canAccessPage,
  effectivePermissions,
  pageKeyForPath,
  sanitizePermissions,
  type PermissionAction,
  type PermissionModule,
  type PermissionSubject,
  type Role,
} from './permissions.js';

// Copied verbatim from spec part 1 §6, so a typo in either the spec copy or the code fails a test.
const SPEC_ROLE_TABLE = `
| Module | admin | manager | cashier |
|---|---|---|---|
| dashboard | view | view | view |
| pos | use, refund, discount, close | use, refund, discount, close | use |
| products | view, create, edit, delete | view, create, edit, delete | view |
| categories | view, create, edit, delete | view, create, edit | view |
| customers | view, create, edit, delete | view, create, edit | view, create, edit |
| staff | view, create, edit, delete | view | none |
| reports | view, export | view, export | none |
| transactions | view, refund | view, refund | view |
| settings | view, edit | view | none |
`;
// ARCHITECTURE §5: "Expenses get a module of their own: view, create, edit, delete, approve
// (admin all; manager all but delete; cashier view and create)."
const EXPENSES_ROW = '| expenses | view, create, edit, delete, approve | view, create, edit, approve | view, create |';
// Issue 29: suppliers, orders, receiving and payables; managers all but pay, cashiers none.
const PURCHASES_ROW = '| purchases | view, create, receive, pay | view, create, receive | none |';
// Issue 31: a customer's credit (limit and owing beyond it); managers by default.
const CREDIT = { admin: ['credit'], manager: ['credit'], cashier: [] as string[] };

// Spec part 2 §3 "Permission modules and actions"; pos close (accepting a shift's difference) from issue 27.
const SPEC_MODULE_ACTIONS =
  'dashboard [view]; pos [use, refund, discount, close]; products, categories, customers, staff [view, create, edit, delete]; reports [view, export]; transactions [view, refund]; settings [view, edit]';

// Spec part 1 §6 page access map, with the spec's names mapped to page keys; expenses from ARCHITECTURE §5.
const SPEC_PAGE_MAP: Array<[page: string, module: string, action: string]> = [
  ['dashboard', 'dashboard', 'view'],
  ['pos', 'pos', 'use'],
  ['products', 'products', 'view'],
  ['products/add', 'products', 'create'],
  ['products/edit', 'products', 'edit'],
  ['categories', 'categories', 'view'],
  ['categories/add', 'categories', 'create'],
  ['customers', 'customers', 'view'],
  ['staff', 'staff', 'view'],
  ['reports', 'reports', 'view'],
  ['transactions', 'transactions', 'view'],
  ['settings', 'settings', 'view'],
  ['settings/users', 'staff', 'edit'],
  ['expenses', 'expenses', 'view'],
  ['purchases', 'purchases', 'view'],
  ['stocktakes', 'products', 'view'],
  ['shifts', 'reports', 'view'],
];

function parseRoleTable(text: string): Record<Role, Record<string, string[]>> {
  const lines = text.trim().split('\n');
  const roles = lines[0]!
    .split('|')
    .map((c) => c.trim())
    .filter(Boolean)
    .slice(1) as Role[];
  const table = Object.fromEntries(roles.map((r) => [r, {} as Record<string, string[]>])) as Record<Role, Record<string, string[]>>;
  for (const line of lines.slice(2)) {
    const [module, ...cells] = line
      .split('|')
      .map((c) => c.trim())
      .filter(Boolean);
    cells.forEach((cell, i) => {
      table[roles[i]!][module!] = cell === 'none' ? [] : cell.split(',').map((a) => a.trim());
    });
  }
  return table;
}

const SPEC = parseRoleTable(`${SPEC_ROLE_TABLE.trim()}\n${EXPENSES_ROW}\n${PURCHASES_ROW}`);
for (const role of ROLES) SPEC[role].customers = [...SPEC[role].customers!, ...CREDIT[role]];
const user = (role: Role, permissions?: PermissionSubject['permissions']): PermissionSubject => ({ role, permissions });

describe('module actions', () => {
  it('are the modules and actions of spec part 2 §3, plus expenses and purchases', () => {
    const expected: Record<string, string[]> = {};
    for (const group of SPEC_MODULE_ACTIONS.split(';')) {
      const [, modules, actions] = /^\s*([^[]+)\[([^\]]+)\]/.exec(group)!;
      for (const m of modules!.split(',')) expected[m.trim()] = actions!.split(',').map((a) => a.trim());
    }
    expected.expenses = ['view', 'create', 'edit', 'delete', 'approve'];
    expected.purchases = ['view', 'create', 'receive', 'pay'];
    expected.customers = [...expected.customers!, 'credit'];
    expect(Object.fromEntries(Object.entries(MODULE_ACTIONS).map(([m, a]) => [m, [...a]]))).toEqual(expected);
    expect([...PERMISSION_MODULES].sort()).toEqual(Object.keys(expected).sort());
  });
});

describe('role defaults', () => {
  const cells = ROLES.flatMap((role) =>
    PERMISSION_MODULES.flatMap((module) =>
      (MODULE_ACTIONS[module] as readonly string[]).map((action) => ({
        role,
        module,
        action,
        granted: (SPEC[role][module] ?? []).includes(action),
      })),
    ),
  );

  it('covers every cell of the table', () => {
    // 3 roles x 37 actions: 26 in the 9 spec modules, pos close, 5 for expenses, 4 for purchases, customers credit.
    expect(cells).toHaveLength(3 * 37);
  });

  it.each(cells)('$role / $module / $action -> $granted', ({ role, module, action, granted }) => {
    expect(can(user(role), module, action as PermissionAction)).toBe(granted);
  });

  it.each(ROLES)('ROLE_DEFAULT_PERMISSIONS.%s is the spec row by row', (role) => {
    for (const module of PERMISSION_MODULES) {
      expect([...(ROLE_DEFAULT_PERMISSIONS[role][module] ?? [])].sort()).toEqual([...SPEC[role][module]!].sort());
    }
  });

  it('cannot be changed at run time by a careless caller', () => {
    expect(() => (ROLE_DEFAULT_PERMISSIONS.cashier.reports as string[]).push('view')).toThrow();
    expect(can(user('cashier'), 'reports', 'view')).toBe(false);
  });
});

describe('effective permissions', () => {
  it('gives admin every action of every module, whatever the overrides say', () => {
    const admin = user('admin', { products: [], settings: ['view'] });
    const effective = effectivePermissions(admin);
    for (const module of PERMISSION_MODULES) expect(effective[module]).toEqual([...MODULE_ACTIONS[module]]);
    expect(can(admin, 'products', 'delete')).toBe(true);
    expect(can(admin, 'expenses', 'approve')).toBe(true);
  });

  it('uses the user list for a module that is present and the role default for one that is absent', () => {
    const cashier = user('cashier', { reports: ['view'] });
    expect(can(cashier, 'reports', 'view')).toBe(true);
    expect(can(cashier, 'reports', 'export')).toBe(false);
    expect(can(cashier, 'pos', 'use')).toBe(true); // absent: role default
    expect(effectivePermissions(cashier).reports).toEqual(['view']);
    expect(effectivePermissions(cashier).customers).toEqual(['view', 'create', 'edit']);
  });

  it('lets an empty list take a default away', () => {
    const manager = user('manager', { products: [] });
    expect(can(manager, 'products', 'view')).toBe(false);
    expect(effectivePermissions(manager).products).toEqual([]);
    expect(can(manager, 'categories', 'create')).toBe(true);
  });

  it('drops unknown actions and actions of another module, and ignores unknown modules', () => {
    const tampered = {
      products: ['view', 'fly', 'approve', 'view'],
      superpowers: ['all'],
    } as unknown as PermissionSubject['permissions'];
    const cashier = user('cashier', tampered);
    expect(effectivePermissions(cashier).products).toEqual(['view']);
    expect(can(cashier, 'products', 'approve' as PermissionAction)).toBe(false);
    expect(Object.keys(effectivePermissions(cashier)).sort()).toEqual([...PERMISSION_MODULES].sort());
  });

  it('falls back to the role default when a module holds something other than a list', () => {
    const cashier = user('cashier', { pos: 'use' } as unknown as PermissionSubject['permissions']);
    expect(effectivePermissions(cashier).pos).toEqual(['use']);
    expect(can(cashier, 'pos', 'discount')).toBe(false);
  });

  it('treats null or missing overrides as the role defaults', () => {
    expect(effectivePermissions(user('manager', null))).toEqual(effectivePermissions(user('manager')));
    expect(effectivePermissions(user('manager')).categories).toEqual(['view', 'create', 'edit']);
  });

  it('grants nothing to an unknown role or to no user', () => {
    const stranger = { role: 'owner' } as unknown as PermissionSubject;
    expect(PERMISSION_MODULES.every((m) => effectivePermissions(stranger)[m].length === 0)).toBe(true);
    expect(can(stranger, 'dashboard', 'view')).toBe(false);
    expect(can(null, 'dashboard', 'view')).toBe(false);
  });

  it('returns lists the caller may change without touching the defaults', () => {
    const effective = effectivePermissions(user('cashier'));
    effective.reports.push('export');
    expect(can(user('cashier'), 'reports', 'export')).toBe(false);
  });
});

describe('canManageRole', () => {
  it.each([
    ['admin', 'admin', true],
    ['admin', 'manager', true],
    ['admin', 'cashier', true],
    ['manager', 'admin', false],
    ['manager', 'manager', false],
    ['manager', 'cashier', true],
    ['cashier', 'admin', false],
    ['cashier', 'manager', false],
    ['cashier', 'cashier', false],
  ] as const)('%s manages %s: %s', (actor, target, allowed) => {
    expect(canManageRole(actor, target)).toBe(allowed);
  });
});

describe('sanitizePermissions', () => {
  it('keeps known modules and actions only, once each, in table order', () => {
    expect(
      sanitizePermissions({ products: ['edit', 'view', 'edit', 'launch'], pos: ['discount'], rockets: ['fire'], staff: 'all' }),
    ).toEqual({ products: ['view', 'edit'], pos: ['discount'] });
  });

  it('keeps an empty list, which means "none"', () => {
    expect(sanitizePermissions({ reports: [] })).toEqual({ reports: [] });
  });

  it('returns nothing for input that is not an object', () => {
    for (const input of [null, undefined, 'admin', 42, ['products'], true]) expect(sanitizePermissions(input)).toEqual({});
  });

  it('is not fooled by a __proto__ key in parsed JSON', () => {
    const parsed = JSON.parse('{"__proto__": {"products": ["delete"]}, "products": ["view"]}');
    const clean = sanitizePermissions(parsed);
    expect(clean).toEqual({ products: ['view'] });
    expect(can(user('cashier', clean), 'products', 'delete')).toBe(false);
  });
});

describe('page access', () => {
  it('maps each page key as the spec says (expenses and purchases to their own view, stocktakes to products view)', () => {
    const expected = Object.fromEntries(SPEC_PAGE_MAP.map(([page, module, action]) => [page, { module, action }]));
    expect(PAGE_ACCESS).toEqual(expected);
  });

  const pageCells = ROLES.flatMap((role) =>
    SPEC_PAGE_MAP.map(([page, module, action]) => ({ role, page, allowed: (SPEC[role][module] ?? []).includes(action) })),
  );
  it.each(pageCells)('$role may open $page: $allowed', ({ role, page, allowed }) => {
    expect(canAccessPage(user(role), page)).toBe(allowed);
  });

  it('keeps /settings/users away from managers and cashiers by default', () => {
    expect(canAccessPage(user('manager'), 'settings/users')).toBe(false);
    expect(canAccessPage(user('cashier'), 'settings/users')).toBe(false);
    expect(canAccessPage(user('admin'), 'settings/users')).toBe(true);
  });

  it('closes the expenses page to a user whose expenses list is empty', () => {
    expect(canAccessPage(user('cashier'), 'expenses')).toBe(true);
    expect(canAccessPage(user('cashier', { expenses: [] }), 'expenses')).toBe(false);
  });

  it('allows unknown page keys to a signed-in user, and no page to nobody', () => {
    expect(canAccessPage(user('cashier', { dashboard: [] }), 'settings/receipts')).toBe(true);
    expect(canAccessPage(user('cashier'), 'toString')).toBe(true);
    expect(canAccessPage(null, 'settings/receipts')).toBe(false);
    expect(canAccessPage(undefined, 'dashboard')).toBe(false);
  });

  it('follows overrides', () => {
    expect(canAccessPage(user('cashier', { reports: ['view'] }), 'reports')).toBe(true);
    expect(canAccessPage(user('manager', { staff: ['view', 'edit'] }), 'settings/users')).toBe(true);
  });
});

describe('pageKeyForPath', () => {
  it.each([
    ['/', 'dashboard'],
    ['/pos', 'pos'],
    ['/inventory', 'products'],
    ['/inventory/products', 'products'],
    ['/inventory/products/add', 'products/add'],
    ['/inventory/products/edit/abc', 'products/edit'],
    ['/inventory/categories', 'categories'],
    ['/inventory/categories/add', 'categories/add'],
    ['/customers', 'customers'],
    ['/staff', 'staff'],
    ['/reports', 'reports'],
    ['/expenses', 'expenses'],
    ['/expenses/add', 'expenses'],
    ['/transactions', 'transactions'],
    ['/transactions/123', 'transactions'],
    ['/settings', 'settings'],
    ['/settings/general', 'settings'],
    ['/settings/loyalty', 'settings'],
    ['/settings/payments', 'settings'],
    ['/settings/users', 'settings/users'],
    ['/settings/users/', 'settings/users'],
    ['/Settings/Users', 'settings/users'],
    ['/inventory/products/edit/abc?tab=cost#history', 'products/edit'],
  ])('%s -> %s', (path, key) => {
    expect(pageKeyForPath(path)).toBe(key);
  });

  it.each(['/login', '/nowhere', '/inventory/products/edit', '/inventory/products/edit/a/b', '/transactions/1/2', '//pos', '/pos/extra'])(
    '%s has no page key',
    (path) => {
      expect(pageKeyForPath(path)).toBeNull();
    },
  );

  it('guards the page a route shows, e.g. a cashier cannot edit a product', () => {
    const cashier = user('cashier');
    expect(canAccessPage(cashier, pageKeyForPath('/inventory/products/edit/42')!)).toBe(false);
    expect(canAccessPage(cashier, pageKeyForPath('/inventory/products')!)).toBe(true);
  });
});

// Type-level checks: these lines fail to compile if the action types widen to string.
const typed: PermissionModule = 'expenses';
// @ts-expect-error 'approve' is not an action of products
const wrong: Parameters<typeof effectivePermissions>[0]['permissions'] = { products: ['approve'] };
void typed;
void wrong;
