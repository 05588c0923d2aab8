// The one permission table of Dukan (spec part 1 §6, part 2 §3 and §6, ARCHITECTURE §5).
// Read by the gateway, every service guard and the frontend: pure data and pure functions.

export const PERMISSION_MODULES = [
  'dashboard',
  'pos',
  'products',
  'categories',
  'customers',
  'staff',
  'reports',
  'transactions',
  'settings',
  'expenses',
  'purchases',
] as const;
export type PermissionModule = (typeof PERMISSION_MODULES)[number];

const CRUD = ['view', 'create', 'edit', 'delete'] as const;

/** Every action each module knows, in display order (spec part 2 §3; expenses from ARCHITECTURE §5). */
export const MODULE_ACTIONS = deepFreeze({
  dashboard: ['view'],
  pos: ['use', 'refund', 'discount', 'close'],
  products: CRUD,
  categories: CRUD,
  // credit: let a customer owe beyond their limit, and set the limit (issue 31).
  customers: [...CRUD, 'credit'],
  staff: CRUD,
  reports: ['view', 'export'],
  transactions: ['view', 'refund'],
  settings: ['view', 'edit'],
  expenses: ['view', 'create', 'edit', 'delete', 'approve'],
  purchases: ['view', 'create', 'receive', 'pay'],
} as const satisfies Record<PermissionModule, readonly string[]>);

export type ActionOf<M extends PermissionModule> = (typeof MODULE_ACTIONS)[M][number];
export type PermissionAction = ActionOf<PermissionModule>;

/** A module and one of its own actions; `permission('pos', 'use')` is checked by the compiler. */
export interface PermissionRef {
  module: PermissionModule;
  action: PermissionAction;
}

export function permission<M extends PermissionModule>(module: M, action: ActionOf<M>): PermissionRef {
  return { module, action };
}

export const ROLES = ['admin', 'manager', 'cashier'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'cashier';

/** JSON shape of a user's permissions: module -> list of actions. A missing module means "not set". */
export type Permissions = Partial<{ [M in PermissionModule]: ActionOf<M>[] }>;

/**
 * Role defaults: spec part 1 §6 table, plus expenses (admin all; manager all but delete; cashier view, create) and
 * purchases (admin all; manager all but pay; cashier none); customers credit (issue 31: admin and manager).
 */
export const ROLE_DEFAULT_PERMISSIONS: Record<Role, Permissions> = deepFreeze({
  admin: {
    dashboard: ['view'],
    pos: ['use', 'refund', 'discount', 'close'],
    products: ['view', 'create', 'edit', 'delete'],
    categories: ['view', 'create', 'edit', 'delete'],
    customers: ['view', 'create', 'edit', 'delete', 'credit'],
    staff: ['view', 'create', 'edit', 'delete'],
    reports: ['view', 'export'],
    transactions: ['view', 'refund'],
    settings: ['view', 'edit'],
    expenses: ['view', 'create', 'edit', 'delete', 'approve'],
    purchases: ['view', 'create', 'receive', 'pay'],
  },
  manager: {
    dashboard: ['view'],
    pos: ['use', 'refund', 'discount', 'close'],
    products: ['view', 'create', 'edit', 'delete'],
    categories: ['view', 'create', 'edit'],
    customers: ['view', 'create', 'edit', 'credit'],
    staff: ['view'],
    reports: ['view', 'export'],
    transactions: ['view', 'refund'],
    settings: ['view'],
    expenses: ['view', 'create', 'edit', 'approve'],
    purchases: ['view', 'create', 'receive'],
  },
  cashier: {
    dashboard: ['view'],
    pos: ['use'],
    products: ['view'],
    categories: ['view'],
    customers: ['view', 'create', 'edit'],
    staff: [],
    reports: [],
    transactions: ['view'],
    settings: [],
    expenses: ['view', 'create'],
    purchases: [],
  },
} satisfies Record<Role, Required<Permissions>>) as Record<Role, Permissions>;

export interface PermissionSubject {
  role: Role;
  /** The user's own overrides; a module present here replaces the role default for that module. */
  permissions?: Permissions | null;
}

export function isPermissionModule(value: unknown): value is PermissionModule {
  return typeof value === 'string' && (PERMISSION_MODULES as readonly string[]).includes(value);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

const ROLE_RANK: Readonly<Record<Role, number>> = Object.freeze({ cashier: 1, manager: 2, admin: 3 });

/**
 * Staff administration follows the ladder of roles: an admin manages everyone; anyone else given staff rights
 * manages only users of a lower role (a manager creates, edits, resets and deletes cashiers, never managers
 * or admins). The server enforces it; the staff page offers only what it allows.
 */
export function canManageRole(actor: Role, target: Role): boolean {
  return actor === 'admin' || ROLE_RANK[target] < ROLE_RANK[actor];
}

export function isActionOf<M extends PermissionModule>(module: M, action: unknown): action is ActionOf<M> {
  return typeof action === 'string' && (MODULE_ACTIONS[module] as readonly string[]).includes(action);
}

/** Known actions of `module` from an untrusted list, without duplicates, in the table's order. */
function cleanActions<M extends PermissionModule>(module: M, list: readonly unknown[]): ActionOf<M>[] {
  return (MODULE_ACTIONS[module] as readonly ActionOf<M>[]).filter((action) => list.includes(action));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function ownList(source: unknown, module: PermissionModule): readonly unknown[] | undefined {
  if (!isPlainObject(source) || !Object.prototype.hasOwnProperty.call(source, module)) return undefined;
  const list = source[module];
  return Array.isArray(list) ? list : undefined;
}

/** The actions a (non-admin) user holds in one module: own list if that module is set, else the role default. */
function actionsFor<M extends PermissionModule>(user: PermissionSubject, module: M): ActionOf<M>[] {
  const own = ownList(user.permissions, module);
  if (own) return cleanActions(module, own);
  const defaults = isRole(user.role) ? ROLE_DEFAULT_PERMISSIONS[user.role] : undefined;
  return cleanActions(module, ownList(defaults, module) ?? []);
}

/**
 * Every module with the actions the user holds. Admin holds every action; otherwise, per module, the user's
 * own list when the module key is present (even an empty one), else the role default. Unknown actions are dropped.
 */
export function effectivePermissions(user: PermissionSubject): Required<Permissions> {
  const admin = user.role === 'admin';
  const result = {} as Record<PermissionModule, string[]>;
  for (const module of PERMISSION_MODULES) {
    result[module] = admin ? [...MODULE_ACTIONS[module]] : actionsFor(user, module);
  }
  return result as Required<Permissions>;
}

/** Whether the user may do `action` in `module`. Admin passes every check; no user passes none. */
export function can(user: PermissionSubject | null | undefined, module: PermissionModule, action: PermissionAction): boolean {
  if (!user) return false;
  if (user.role === 'admin') return true;
  if (!isPermissionModule(module)) return false;
  return (actionsFor(user, module) as readonly string[]).includes(action);
}

/** True when the user holds at least one of the given permissions. */
export function canAny(user: PermissionSubject | null | undefined, refs: readonly PermissionRef[]): boolean {
  return refs.some((ref) => can(user, ref.module, ref.action));
}

/**
 * Keeps only known modules and their known actions from untrusted input (a saved override).
 * A module given as an empty list is kept: it means "none" and overrides the role default.
 */
export function sanitizePermissions(input: unknown): Permissions {
  const result: Record<string, string[]> = {};
  if (!isPlainObject(input)) return result as Permissions;
  for (const module of PERMISSION_MODULES) {
    const list = ownList(input, module);
    if (list) result[module] = cleanActions(module, list);
  }
  return result as Permissions;
}

// ---------------------------------------------------------------------------------------------
// Pages (spec part 1 §6 page access map; 'expenses' added: ARCHITECTURE §5 calls the open page a hole)

export const PAGE_ACCESS: Record<string, PermissionRef> = deepFreeze({
  dashboard: permission('dashboard', 'view'),
  pos: permission('pos', 'use'),
  products: permission('products', 'view'),
  'products/add': permission('products', 'create'),
  'products/edit': permission('products', 'edit'),
  categories: permission('categories', 'view'),
  'categories/add': permission('categories', 'create'),
  customers: permission('customers', 'view'),
  staff: permission('staff', 'view'),
  reports: permission('reports', 'view'),
  transactions: permission('transactions', 'view'),
  settings: permission('settings', 'view'),
  'settings/users': permission('staff', 'edit'),
  expenses: permission('expenses', 'view'),
  purchases: permission('purchases', 'view'),
  stocktakes: permission('products', 'view'),
  shifts: permission('reports', 'view'),
});

/** Page keys not in PAGE_ACCESS are allowed (spec); no user sees no page. */
export function canAccessPage(user: PermissionSubject | null | undefined, page: string): boolean {
  if (!user) return false;
  if (!Object.prototype.hasOwnProperty.call(PAGE_ACCESS, page)) return true;
  const required = PAGE_ACCESS[page]!;
  return can(user, required.module, required.action);
}

// Frontend routes (spec part 2 §2) -> page key; ':' marks a parameter segment, '*' any further segments.
const PAGE_ROUTES: ReadonlyArray<readonly [pattern: string, page: string]> = [
  ['/', 'dashboard'],
  ['/pos', 'pos'],
  ['/inventory', 'products'],
  ['/inventory/products', 'products'],
  ['/inventory/products/add', 'products/add'],
  ['/inventory/products/edit/:id', 'products/edit'],
  ['/inventory/categories', 'categories'],
  ['/inventory/categories/add', 'categories/add'],
  ['/inventory/transfers', 'products'],
  ['/inventory/stocktakes', 'stocktakes'],
  ['/inventory/stocktakes/*', 'stocktakes'],
  ['/purchases', 'purchases'],
  ['/purchases/*', 'purchases'],
  ['/customers', 'customers'],
  ['/staff', 'staff'],
  ['/reports', 'reports'],
  ['/expenses', 'expenses'],
  ['/expenses/*', 'expenses'],
  ['/shifts', 'shifts'],
  ['/transactions', 'transactions'],
  ['/transactions/:id', 'transactions'],
  ['/settings', 'settings'],
  ['/settings/users', 'settings/users'],
  ['/settings/*', 'settings'],
];

function splitPath(pathname: string): string[] {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  return path.split('/').filter((segment, index, all) => !(segment === '' && (index === 0 || index === all.length - 1)));
}

/**
 * The page key guarding a frontend route, or null for routes with no page (login, the 404 page).
 * Ignores query, hash, a trailing slash and letter case (react-router matches case-insensitively).
 */
export function pageKeyForPath(pathname: string): string | null {
  const segments = splitPath(pathname.toLowerCase());
  if (segments.some((segment) => segment === '')) return null;
  for (const [pattern, page] of PAGE_ROUTES) {
    const parts = pattern === '/' ? [] : pattern.slice(1).split('/');
    const wildcard = parts[parts.length - 1] === '*';
    const fixed = wildcard ? parts.slice(0, -1) : parts;
    if (wildcard ? segments.length <= fixed.length : segments.length !== fixed.length) continue;
    if (fixed.every((part, i) => part.startsWith(':') || part === segments[i])) return page;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
