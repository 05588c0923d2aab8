import { isActionOf, isPermissionModule, type PermissionSubject, type Role } from './permissions.js';
import {
  ROUTES,
  SERVICES,
  decideAccess,
  isAllowed,
  matchRoute,
  routeExistsForOtherMethod,
  routesOf,
  type RouteAccess,
} from './routes.js';

// The route table as the brief states it: "METHOD path owner access", access being public, authenticated,
// admin, or module:action alternatives joined by '|'.
const EXPECTED = `
POST /api/auth/login identity public
POST /api/auth/refresh identity signed
GET /api/auth/me identity authenticated
PUT /api/auth/me/preferences identity authenticated
POST /api/auth/logout identity authenticated
GET /api/auth/users identity staff:view
GET /api/auth/users/:id identity staff:view
POST /api/auth/register identity staff:create
PUT /api/auth/users/:id identity staff:edit
DELETE /api/auth/users/:id identity staff:delete
PUT /api/auth/users/:id/reset-password identity staff:edit
GET /api/auth/permissions identity admin
PUT /api/auth/users/:id/permissions identity admin
POST /api/auth/permissions/apply-role identity admin
GET /api/products catalog products:view|pos:use
POST /api/products catalog products:create
POST /api/products/import catalog products:create
GET /api/products/import/:id catalog products:create
GET /api/products/generate-barcode catalog products:create|products:edit
GET /api/products/export-barcodes catalog reports:export
POST /api/products/export-barcodes catalog reports:export
GET /api/products/search/:term catalog products:view|pos:use
GET /api/products/:id catalog products:view|pos:use
PUT /api/products/:id catalog products:edit
DELETE /api/products/:id catalog products:delete
PATCH /api/products/:id/quantity catalog products:create|products:edit
GET /api/products/:id/stock-movements catalog products:view
GET /api/categories catalog categories:view|products:view|pos:use
GET /api/categories/tree catalog categories:view|products:view|pos:use
GET /api/categories/:id catalog categories:view
POST /api/categories catalog categories:create
PUT /api/categories/:id catalog categories:edit
DELETE /api/categories/:id catalog categories:delete
POST /api/transactions sales pos:use
GET /api/transactions sales transactions:view
GET /api/transactions/:id sales transactions:view
DELETE /api/transactions/:id sales admin
POST /api/transactions/:id/refund sales pos:refund|transactions:refund
POST /api/transactions/redeem loyalty pos:use
GET /api/customers loyalty customers:view|pos:use
POST /api/customers loyalty customers:create
GET /api/customers/:id loyalty customers:view|pos:use
PUT /api/customers/:id loyalty customers:edit
DELETE /api/customers/:id loyalty customers:delete
GET /api/loyalty/settings loyalty authenticated
PUT /api/loyalty/settings loyalty settings:edit
GET /api/settings/exchange-rate settings authenticated
GET /api/settings/general settings authenticated
PUT /api/settings/general settings authenticated
GET /api/settings/branches settings authenticated
POST /api/settings/branches settings admin
PUT /api/settings/branches/:id settings admin
PUT /api/settings/branches/:id/registers settings admin
GET /api/dashboard reporting dashboard:view
GET /api/reports/sales reporting reports:view
GET /api/reports/inventory reporting reports:view
GET /api/reports/staff reporting reports:view
GET /api/reports/customers reporting reports:view
GET /api/reports/:type/export/pdf reporting reports:export
GET /api/reports/:type/export/csv reporting reports:export
GET /api/reports/:type/export/xlsx reporting reports:export
GET /api/reports/exports/:id reporting reports:export
GET /api/reports/inventory/products reporting reports:view
GET /api/expenses expenses expenses:view
GET /api/expenses/summary expenses expenses:view
GET /api/expenses/:id expenses expenses:view
POST /api/expenses expenses expenses:create
PUT /api/expenses/:id expenses expenses:edit
DELETE /api/expenses/:id expenses expenses:delete
PUT /api/expenses/:id/approve expenses expenses:approve
PUT /api/expenses/:id/reject expenses expenses:approve
PUT /api/expenses/:id/paid expenses expenses:approve
GET /api/health gateway public
GET /api/docs gateway public
GET /api/docs/openapi.json gateway public
`
  .trim()
  .split('\n');

function describeAccess(access: RouteAccess): string {
  return access.kind === 'permission' ? access.anyOf.map((p) => `${p.module}:${p.action}`).join('|') : access.kind;
}

const as = (role: Role, permissions?: PermissionSubject['permissions']): PermissionSubject => ({ role, permissions });

describe('route table', () => {
  it('is exactly the agreed list of routes, owners and access rules', () => {
    const actual = ROUTES.map((r) => `${r.method} ${r.path} ${r.owner} ${describeAccess(r.access)}`);
    expect([...actual].sort()).toEqual([...EXPECTED].sort());
  });

  it('gives every route a known owner, a valid access rule and a summary', () => {
    for (const r of ROUTES) {
      expect([...SERVICES, 'gateway']).toContain(r.owner);
      expect(['public', 'authenticated', 'signed', 'admin', 'permission']).toContain(r.access.kind);
      if (r.access.kind === 'permission') {
        expect(r.access.anyOf.length).toBeGreaterThan(0);
        for (const p of r.access.anyOf) {
          expect(isPermissionModule(p.module)).toBe(true);
          expect(isActionOf(p.module, p.action)).toBe(true);
        }
      }
      expect(r.summary.length).toBeGreaterThan(3);
      expect(r.path).toMatch(/^\/api(\/(:[a-zA-Z]+|[a-z0-9.-]+))+$/);
    }
  });

  it('has no two routes with the same method and pattern (parameter names ignored)', () => {
    const keys = ROUTES.map((r) => `${r.method} ${r.path.replace(/:[^/]+/g, ':')}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has routes for every service', () => {
    for (const service of SERVICES) expect(routesOf(service).length).toBeGreaterThan(0);
    expect(routesOf('gateway').map((r) => r.path)).toEqual(['/api/health', '/api/docs', '/api/docs/openapi.json']);
  });

  it('serves every call the spec lists', () => {
    const calls = [
      'POST /api/auth/login', 'GET /api/auth/me', 'POST /api/auth/logout', 'GET /api/dashboard', 'GET /api/products',
      'POST /api/products', 'GET /api/products/p1', 'PUT /api/products/p1', 'DELETE /api/products/p1',
      'PATCH /api/products/p1/quantity', 'GET /api/products/search/cola', 'GET /api/products?active=true',
      'GET /api/products/generate-barcode', 'GET /api/products/export-barcodes?ids=a,b', 'GET /api/categories',
      'GET /api/categories/tree', 'POST /api/categories', 'GET /api/customers', 'POST /api/customers',
      'GET /api/customers/c1', 'PUT /api/customers/c1', 'DELETE /api/customers/c1', 'POST /api/transactions',
      'POST /api/transactions/redeem', 'GET /api/settings/exchange-rate', 'GET /api/auth/users?page=2&role=cashier',
      'GET /api/auth/users/u1', 'POST /api/auth/register', 'PUT /api/auth/users/u1', 'DELETE /api/auth/users/u1',
      'PUT /api/auth/users/u1/reset-password', 'GET /api/reports/sales?startDate=2026-01-01&endDate=2026-01-07',
      'GET /api/reports/inventory', 'GET /api/reports/staff', 'GET /api/reports/customers',
      'GET /api/reports/sales/export/pdf', 'GET /api/reports/customers/export/csv', 'GET /api/settings/general',
      'PUT /api/settings/general', 'GET /api/loyalty/settings', 'PUT /api/loyalty/settings',
      'GET /api/transactions?limit=1000', 'GET /api/transactions/t1', 'DELETE /api/transactions/t1',
      'GET /api/expenses?page=1&limit=20', 'GET /api/expenses/e1', 'POST /api/expenses', 'PUT /api/expenses/e1',
      'DELETE /api/expenses/e1', 'PUT /api/expenses/e1/approve', 'PUT /api/expenses/e1/reject', 'PUT /api/expenses/e1/paid',
      'GET /api/expenses/summary?startDate=2026-01-01',
    ];
    const unmatched = calls.filter((call) => {
      const [method, path] = call.split(' ');
      return matchRoute(method!, path!) === null;
    });
    expect(unmatched).toEqual([]);
  });
});

describe('matchRoute', () => {
  const match = (method: string, path: string) => {
    const m = matchRoute(method, path);
    return m && { route: `${m.route.method} ${m.route.path}`, owner: m.route.owner, params: m.params };
  };

  it('extracts parameters', () => {
    expect(match('PUT', '/api/auth/users/u42/reset-password')).toEqual({
      route: 'PUT /api/auth/users/:id/reset-password',
      owner: 'identity',
      params: { id: 'u42' },
    });
    expect(match('GET', '/api/reports/staff/export/csv')?.params).toEqual({ type: 'staff' });
  });

  it('prefers a static segment to a parameter at the same position', () => {
    expect(match('GET', '/api/products/generate-barcode')?.route).toBe('GET /api/products/generate-barcode');
    expect(match('GET', '/api/products/export-barcodes')?.route).toBe('GET /api/products/export-barcodes');
    expect(match('GET', '/api/products/search/milk')).toEqual({
      route: 'GET /api/products/search/:term',
      owner: 'catalog',
      params: { term: 'milk' },
    });
    expect(match('GET', '/api/products/abc123')?.route).toBe('GET /api/products/:id');
    expect(match('GET', '/api/categories/tree')?.route).toBe('GET /api/categories/tree');
    expect(match('GET', '/api/expenses/summary')?.route).toBe('GET /api/expenses/summary');
    expect(match('GET', '/api/expenses/summary2')?.route).toBe('GET /api/expenses/:id');
    expect(match('GET', '/api/reports/sales')?.route).toBe('GET /api/reports/sales');
  });

  it('sends POST /api/transactions/redeem to loyalty and other transaction ids to sales', () => {
    expect(match('POST', '/api/transactions/redeem')).toEqual({ route: 'POST /api/transactions/redeem', owner: 'loyalty', params: {} });
    expect(match('POST', '/api/transactions/t9/refund')?.owner).toBe('sales');
    expect(match('GET', '/api/transactions/redeem')).toEqual({
      route: 'GET /api/transactions/:id',
      owner: 'sales',
      params: { id: 'redeem' },
    });
  });

  it('ignores the query string, the hash and a trailing slash', () => {
    expect(match('GET', '/api/products?active=true')?.route).toBe('GET /api/products');
    expect(match('GET', '/api/products/?active=true')?.route).toBe('GET /api/products');
    expect(match('GET', '/api/products/p1/')?.params).toEqual({ id: 'p1' });
    expect(match('GET', '/api/products/search/a?b=c#d')?.params).toEqual({ term: 'a' });
  });

  it('decodes parameters but keeps encoded slashes inside one segment', () => {
    expect(match('GET', '/api/products/search/caf%C3%A9')?.params).toEqual({ term: 'café' });
    expect(match('GET', '/api/products/search/a%2Fb')?.params).toEqual({ term: 'a/b' });
  });

  it('refuses a path whose percent-encoding is broken rather than guessing', () => {
    expect(matchRoute('GET', '/api/products/search/100%')).toBeNull();
    expect(matchRoute('GET', '/api/products/search/%E0%A4%A')).toBeNull();
  });

  it('reads every spelling of a path as the one route, and gives its single spelling', () => {
    const spellings = [
      '/api/auth/users', '/API/AUTH/USERS', '/Api/aUtH/Users', '//api//auth//users', '/api/auth/users/',
      '/%61pi/%61uth/users', '/api/./auth/./users', '/api/auth/x/../users', '/x/../api/auth/users', '/api/auth/%2E/users',
    ];
    for (const spelling of spellings) {
      expect({ spelling, route: matchRoute('GET', spelling)?.route.path, path: matchRoute('GET', spelling)?.path }).toEqual({
        spelling,
        route: '/api/auth/users',
        path: '/api/auth/users',
      });
    }
    expect(matchRoute('PUT', '/API/Auth/Users/Ab%20c/Reset-Password')).toMatchObject({ params: { id: 'Ab c' }, path: '/api/auth/users/Ab%20c/reset-password' });
    expect(matchRoute('GET', '/api/products/search/a%2Fb')?.path).toBe('/api/products/search/a%2Fb');
  });

  it('keeps an encoded slash inside its segment, so it never splits a path into another route', () => {
    expect(matchRoute('GET', '/api/auth%2Fusers')).toBeNull();
    expect(matchRoute('GET', '/api%2Fauth%2Fusers')).toBeNull();
  });

  it('matches static segments and methods without regard to case, as Express does', () => {
    expect(match('get', '/API/Products/Generate-Barcode')?.route).toBe('GET /api/products/generate-barcode');
    expect(match('GET', '/api/products/ABC')?.params).toEqual({ id: 'ABC' });
  });

  it('answers HEAD with the GET route', () => {
    expect(match('HEAD', '/api/health')?.route).toBe('GET /api/health');
  });

  it('finds nothing for unknown paths, methods or malformed paths', () => {
    for (const [method, path] of [
      ['GET', '/api/nothing'],
      ['GET', '/api'],
      ['GET', '/'],
      ['GET', ''],
      ['GET', 'api/products'],
      ['GET', '/api/products/a/b/c'],
      ['GET', '/api/products/..'],
      ['GET', '/internal/auth/sessions/u1'],
      ['PATCH', '/api/products'],
      ['OPTIONS', '/api/products'],
      ['POST', '/api/health'],
      ['GET', '/api/auth/login'],
      ['GET', '/api/reports/sales/export/docx'],
    ] as const) {
      expect(matchRoute(method, path)).toBeNull();
    }
  });

  it('tells a wrong method from an unknown path', () => {
    expect(routeExistsForOtherMethod('GET', '/api/auth/login')).toBe(true);
    expect(routeExistsForOtherMethod('PATCH', '/api/expenses/e1')).toBe(true);
    expect(routeExistsForOtherMethod('GET', '/api/nothing')).toBe(false);
    expect(routeExistsForOtherMethod('GET', '/api/products/p1')).toBe(true); // PUT and DELETE exist too
    expect(routeExistsForOtherMethod('GET', '/api/health')).toBe(false);
  });
});

describe('isAllowed and decideAccess', () => {
  const access = (method: string, path: string) => matchRoute(method, path)!.route.access;

  it('lets anyone through public routes and only signed-in users through authenticated ones', () => {
    expect(isAllowed(null, access('POST', '/api/auth/login'))).toBe(true);
    expect(isAllowed(null, access('GET', '/api/auth/me'))).toBe(false);
    expect(isAllowed(as('cashier', { dashboard: [], pos: [] }), access('GET', '/api/auth/me'))).toBe(true);
  });

  it('keeps admin routes for admins whatever permissions a manager holds', () => {
    const loadedManager = as('manager', { staff: ['view', 'create', 'edit', 'delete'], settings: ['view', 'edit'] });
    expect(isAllowed(loadedManager, access('GET', '/api/auth/permissions'))).toBe(false);
    expect(isAllowed(loadedManager, access('DELETE', '/api/transactions/t1'))).toBe(false);
    expect(isAllowed(as('admin'), access('DELETE', '/api/transactions/t1'))).toBe(true);
  });

  const matrix: Array<[string, string, Record<Role, boolean>]> = [
    ['GET', '/api/products', { admin: true, manager: true, cashier: true }],
    ['POST', '/api/products', { admin: true, manager: true, cashier: false }],
    ['GET', '/api/products/generate-barcode', { admin: true, manager: true, cashier: false }],
    ['GET', '/api/products/export-barcodes', { admin: true, manager: true, cashier: false }],
    ['DELETE', '/api/categories/c1', { admin: true, manager: false, cashier: false }],
    ['GET', '/api/auth/users', { admin: true, manager: true, cashier: false }],
    ['POST', '/api/auth/register', { admin: true, manager: false, cashier: false }],
    ['GET', '/api/reports/sales', { admin: true, manager: true, cashier: false }],
    ['GET', '/api/reports/sales/export/pdf', { admin: true, manager: true, cashier: false }],
    ['POST', '/api/transactions', { admin: true, manager: true, cashier: true }],
    ['POST', '/api/transactions/t1/refund', { admin: true, manager: true, cashier: false }],
    ['POST', '/api/transactions/redeem', { admin: true, manager: true, cashier: true }],
    ['DELETE', '/api/customers/c1', { admin: true, manager: false, cashier: false }],
    ['PUT', '/api/loyalty/settings', { admin: true, manager: false, cashier: false }],
    ['GET', '/api/expenses', { admin: true, manager: true, cashier: true }],
    ['POST', '/api/expenses', { admin: true, manager: true, cashier: true }],
    ['PUT', '/api/expenses/e1', { admin: true, manager: true, cashier: false }],
    ['PUT', '/api/expenses/e1/approve', { admin: true, manager: true, cashier: false }],
    ['DELETE', '/api/expenses/e1', { admin: true, manager: false, cashier: false }],
    ['POST', '/api/auth/permissions/apply-role', { admin: true, manager: false, cashier: false }],
  ];
  it.each(matrix.flatMap(([method, path, roles]) => (Object.keys(roles) as Role[]).map((role) => ({ method, path, role, allowed: roles[role] }))))(
    '$role $method $path -> $allowed',
    ({ method, path, role, allowed }) => {
      expect(isAllowed(as(role), access(method, path))).toBe(allowed);
    },
  );

  it('accepts any one of several permissions and follows overrides', () => {
    const stockClerk = as('cashier', { pos: [], products: ['view'] });
    expect(isAllowed(stockClerk, access('GET', '/api/products'))).toBe(true);
    const nobody = as('cashier', { pos: [], products: [], categories: [] });
    expect(isAllowed(nobody, access('GET', '/api/products'))).toBe(false);
    expect(isAllowed(nobody, access('GET', '/api/categories'))).toBe(false);
    const refunder = as('cashier', { transactions: ['view', 'refund'] });
    expect(isAllowed(refunder, access('POST', '/api/transactions/t1/refund'))).toBe(true);
  });

  it('decides 404, 401, 403 or allowed for a request', () => {
    expect(decideAccess(null, 'GET', '/api/nothing')).toEqual({ outcome: 'not-found', methodMismatch: false });
    expect(decideAccess(null, 'DELETE', '/api/auth/login')).toEqual({ outcome: 'not-found', methodMismatch: true });
    expect(decideAccess(null, 'GET', '/api/products').outcome).toBe('unauthenticated');
    expect(decideAccess(as('cashier'), 'GET', '/api/auth/permissions')).toMatchObject({ outcome: 'forbidden', messageKey: 'auth.adminOnly' });
    expect(decideAccess(as('cashier'), 'GET', '/api/reports/sales')).toMatchObject({ outcome: 'forbidden', messageKey: 'auth.forbidden' });
    expect(decideAccess(as('cashier'), 'GET', '/api/products/p7')).toMatchObject({ outcome: 'allowed', params: { id: 'p7' } });
    expect(decideAccess(null, 'POST', '/api/auth/login').outcome).toBe('allowed');
  });
});
