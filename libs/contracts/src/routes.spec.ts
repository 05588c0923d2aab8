import { isActionOf, isPermissionModule } from './permissions.js';
import { ROUTES, SERVICES, matchRoute, routesOf, type RouteAccess } from './routes.js';

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
POST /api/products/label-sheets catalog reports:export
GET /api/products/label-sheets/:exportId catalog reports:export
GET /api/products/search/:term catalog products:view|pos:use
GET /api/products/:id catalog products:view|pos:use
PUT /api/products/:id catalog products:edit
DELETE /api/products/:id catalog products:delete
PATCH /api/products/:id/quantity catalog products:create|products:edit
GET /api/products/:id/stock-movements catalog products:view
GET /api/products/:id/branch-prices catalog products:view
PUT /api/products/:id/branch-prices/:branchId catalog products:edit
DELETE /api/products/:id/branch-prices/:branchId catalog products:edit
GET /api/products/transfers catalog products:view
POST /api/products/transfers catalog products:edit
POST /api/products/transfers/:id/receive catalog products:edit
POST /api/products/transfers/:id/cancel catalog products:edit
GET /api/products/negative-stock catalog products:view
POST /api/products/:id/adjust-stock catalog products:edit
GET /api/purchases/suppliers catalog purchases:view
POST /api/purchases/suppliers catalog purchases:create
GET /api/purchases/suppliers/:id catalog purchases:view
PUT /api/purchases/suppliers/:id catalog purchases:create
GET /api/purchases/orders catalog purchases:view|purchases:receive
POST /api/purchases/orders catalog purchases:create
GET /api/purchases/orders/:id catalog purchases:view|purchases:receive
PUT /api/purchases/orders/:id catalog purchases:create
POST /api/purchases/orders/:id/send catalog purchases:create
POST /api/purchases/orders/:id/cancel catalog purchases:create
GET /api/purchases/receipts catalog purchases:view|purchases:receive
POST /api/purchases/receipts catalog purchases:receive
GET /api/purchases/receipts/:id catalog purchases:view|purchases:receive
GET /api/purchases/invoices catalog purchases:view
POST /api/purchases/invoices catalog purchases:create
GET /api/purchases/invoices/:id catalog purchases:view
POST /api/purchases/invoices/:id/payments catalog purchases:pay
GET /api/purchases/payables catalog purchases:view
GET /api/stocktakes catalog products:view|pos:use
POST /api/stocktakes catalog products:edit
GET /api/stocktakes/:id catalog products:view|pos:use
GET /api/stocktakes/:id/counts catalog products:view|pos:use
POST /api/stocktakes/:id/counts catalog products:view|pos:use
GET /api/stocktakes/:id/variance catalog products:edit
POST /api/stocktakes/:id/approve catalog products:edit
POST /api/stocktakes/:id/cancel catalog products:edit
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
POST /api/transactions/invoice-blocks sales pos:use
GET /api/shifts sales reports:view|pos:close
POST /api/shifts sales pos:use
GET /api/shifts/current sales pos:use
GET /api/shifts/:id sales pos:use|reports:view
POST /api/shifts/:id/cash sales pos:use
POST /api/shifts/:id/close sales pos:use
POST /api/transactions/redeem loyalty pos:use
GET /api/customers loyalty customers:view|pos:use
POST /api/customers loyalty customers:create
GET /api/customers/:id loyalty customers:view|pos:use
PUT /api/customers/:id loyalty customers:edit
DELETE /api/customers/:id loyalty customers:delete
GET /api/customers/:id/account loyalty customers:view|pos:use
PUT /api/customers/:id/credit-limit loyalty customers:credit
POST /api/customers/:id/repayments loyalty pos:use|customers:edit
POST /api/customers/:id/adjustments loyalty admin
GET /api/customers/:id/statement/pdf loyalty customers:view|pos:use
GET /api/receivables loyalty reports:view
GET /api/receivables/export/csv loyalty reports:export
GET /api/receivables/export/xlsx loyalty reports:export
GET /api/receivables/export/pdf loyalty reports:export
GET /api/loyalty/settings loyalty authenticated
PUT /api/loyalty/settings loyalty settings:edit
GET /api/settings/exchange-rate settings authenticated
GET /api/settings/general settings authenticated
PUT /api/settings/general settings authenticated
GET /api/settings/branches settings authenticated
POST /api/settings/branches settings admin
PUT /api/settings/branches/:id settings admin
PUT /api/settings/branches/:id/registers settings admin
GET /api/settings/receipts settings authenticated
PUT /api/settings/receipts settings admin
GET /api/settings/receipts/logo settings authenticated
PUT /api/settings/receipts/logo settings admin
DELETE /api/settings/receipts/logo settings admin
GET /api/settings/payments settings authenticated
PUT /api/settings/payments settings admin
GET /api/settings/till settings authenticated
POST /api/print settings pos:use|transactions:view|reports:view
POST /api/print/escpos settings pos:use|transactions:view|reports:view
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
GET /api/reports/shifts/:id/pdf reporting pos:use|reports:view
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
GET /api/backups/status gateway admin
GET /api/stream gateway products:view|pos:use
`
  .trim()
  .split('\n');

function describeAccess(access: RouteAccess): string {
  return access.kind === 'permission' ? access.anyOf.map((p) => `${p.module}:${p.action}`).join('|') : access.kind;
}

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
    expect(routesOf('gateway').map((r) => r.path)).toEqual([
      '/api/health',
      '/api/docs',
      '/api/docs/openapi.json',
      '/api/backups/status',
      '/api/stream',
    ]);
  });

  it('serves every call the spec lists', () => {
    const calls = [
      'POST /api/auth/login',
      'GET /api/auth/me',
      'POST /api/auth/logout',
      'GET /api/dashboard',
      'GET /api/products',
      'POST /api/products',
      'GET /api/products/p1',
      'PUT /api/products/p1',
      'DELETE /api/products/p1',
      'PATCH /api/products/p1/quantity',
      'GET /api/products/search/cola',
      'GET /api/products?active=true',
      'GET /api/products/generate-barcode',
      'GET /api/products/export-barcodes?ids=a,b',
      'GET /api/categories',
      'GET /api/categories/tree',
      'POST /api/categories',
      'GET /api/customers',
      'POST /api/customers',
      'GET /api/customers/c1',
      'PUT /api/customers/c1',
      'DELETE /api/customers/c1',
      'POST /api/transactions',
      'POST /api/transactions/redeem',
      'GET /api/settings/exchange-rate',
      'GET /api/auth/users?page=2&role=cashier',
      'GET /api/auth/users/u1',
      'POST /api/auth/register',
      'PUT /api/auth/users/u1',
      'DELETE /api/auth/users/u1',
      'PUT /api/auth/users/u1/reset-password',
      'GET /api/reports/sales?startDate=2026-01-01&endDate=2026-01-07',
      'GET /api/reports/inventory',
      'GET /api/reports/staff',
      'GET /api/reports/customers',
      'GET /api/reports/sales/export/pdf',
      'GET /api/reports/customers/export/csv',
      'GET /api/settings/general',
      'PUT /api/settings/general',
      'GET /api/loyalty/settings',
      'PUT /api/loyalty/settings',
      'GET /api/transactions?limit=1000',
      'GET /api/transactions/t1',
      'DELETE /api/transactions/t1',
      'GET /api/expenses?page=1&limit=20',
      'GET /api/expenses/e1',
      'POST /api/expenses',
      'PUT /api/expenses/e1',
      'DELETE /api/expenses/e1',
      'PUT /api/expenses/e1/approve',
      'PUT /api/expenses/e1/reject',
      'PUT /api/expenses/e1/paid',
      'GET /api/expenses/summary?startDate=2026-01-01',
    ];
    const unmatched = calls.filter((call) => {
      const [method, path] = call.split(' ');
      return matchRoute(method!, path!) === null;
    });
    expect(unmatched).toEqual([]);
  });
});
