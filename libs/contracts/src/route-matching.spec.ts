// Matching a request to its route, and deciding whether a caller may use it.
import type { PermissionSubject, Role } from './permissions.js';
import { decideAccess, isAllowed, matchRoute, routeExistsForOtherMethod } from './routes.js';

const as = (role: Role, permissions?: PermissionSubject['permissions']): PermissionSubject => ({ role, permissions });

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
      '/api/auth/users',
      '/API/AUTH/USERS',
      '/Api/aUtH/Users',
      '//api//auth//users',
      '/api/auth/users/',
      '/%61pi/%61uth/users',
      '/api/./auth/./users',
      '/api/auth/x/../users',
      '/x/../api/auth/users',
      '/api/auth/%2E/users',
    ];
    for (const spelling of spellings) {
      expect({ spelling, route: matchRoute('GET', spelling)?.route.path, path: matchRoute('GET', spelling)?.path }).toEqual({
        spelling,
        route: '/api/auth/users',
        path: '/api/auth/users',
      });
    }
    expect(matchRoute('PUT', '/API/Auth/Users/Ab%20c/Reset-Password')).toMatchObject({
      params: { id: 'Ab c' },
      path: '/api/auth/users/Ab%20c/reset-password',
    });
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
  it.each(
    matrix.flatMap(([method, path, roles]) => (Object.keys(roles) as Role[]).map((role) => ({ method, path, role, allowed: roles[role] }))),
  )('$role $method $path -> $allowed', ({ method, path, role, allowed }) => {
    expect(isAllowed(as(role), access(method, path))).toBe(allowed);
  });

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
    expect(decideAccess(as('cashier'), 'GET', '/api/auth/permissions')).toMatchObject({
      outcome: 'forbidden',
      messageKey: 'auth.adminOnly',
    });
    expect(decideAccess(as('cashier'), 'GET', '/api/reports/sales')).toMatchObject({ outcome: 'forbidden', messageKey: 'auth.forbidden' });
    expect(decideAccess(as('cashier'), 'GET', '/api/products/p7')).toMatchObject({ outcome: 'allowed', params: { id: 'p7' } });
    expect(decideAccess(null, 'POST', '/api/auth/login').outcome).toBe('allowed');
  });
});
