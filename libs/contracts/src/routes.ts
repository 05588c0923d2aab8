// The route table: the single source for the gateway (which refuses any /api call missing here)
// and for every service guard (which checks again with the same table). ARCHITECTURE §3-§5.
import {
  can,
  permission,
  type PermissionAction,
  type PermissionModule,
  type PermissionRef,
  type PermissionSubject,
} from './permissions.js';
import { REPORT_TYPES } from './constants.js';
import { joinSegments, parseRequestPath } from './request-path.js';

export const SERVICES = ['identity', 'catalog', 'sales', 'loyalty', 'reporting', 'expenses', 'settings'] as const;
export type ServiceName = (typeof SERVICES)[number];
export type RouteOwner = ServiceName | 'gateway';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const HTTP_METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  /** A genuine, unexpired token, even one a permission change made stale (the token refresh). */
  | { kind: 'signed' }
  | { kind: 'admin' }
  | { kind: 'permission'; anyOf: { module: PermissionModule; action: PermissionAction }[] };

export interface RouteDef {
  method: HttpMethod;
  /** Express-style pattern, e.g. '/api/products/:id'. */
  path: string;
  owner: RouteOwner;
  access: RouteAccess;
  summary: string;
  /** The largest JSON body this route takes, when more than DEFAULT_BODY_LIMIT. */
  maxBody?: number;
}

/** The largest JSON body a route takes unless it says otherwise: a sale of 200 lines is under 100 KB. */
export const DEFAULT_BODY_LIMIT = 256 * 1024;

const PUBLIC: RouteAccess = { kind: 'public' };
const AUTHENTICATED: RouteAccess = { kind: 'authenticated' };
const SIGNED: RouteAccess = { kind: 'signed' };
const ADMIN: RouteAccess = { kind: 'admin' };
const anyOf = (...refs: PermissionRef[]): RouteAccess => ({ kind: 'permission', anyOf: refs });

const route = (method: HttpMethod, path: string, owner: RouteOwner, access: RouteAccess, summary: string): RouteDef => ({
  method,
  path,
  owner,
  access,
  summary,
});

const PRODUCT_READ = anyOf(permission('products', 'view'), permission('pos', 'use'));
const PRODUCT_STOCK_WRITE = anyOf(permission('products', 'create'), permission('products', 'edit'));
const CATEGORY_READ = anyOf(permission('categories', 'view'), permission('products', 'view'), permission('pos', 'use'));
const CUSTOMER_READ = anyOf(permission('customers', 'view'), permission('pos', 'use'));
const EXPENSE_APPROVE = anyOf(permission('expenses', 'approve'));
const PURCHASES_VIEW = anyOf(permission('purchases', 'view'));
const PURCHASES_CREATE = anyOf(permission('purchases', 'create'));
const PURCHASES_RECEIVE = anyOf(permission('purchases', 'receive'));
const RECEIPTS_READ = anyOf(permission('purchases', 'view'), permission('purchases', 'receive'));
/** Counting is done by whoever sells or sees stock (a cashier on a till or a phone); starting, reading the variance and approving by who edits products. */
const STOCKTAKE_COUNT = anyOf(permission('products', 'view'), permission('pos', 'use'));
const STOCKTAKE_MANAGE = anyOf(permission('products', 'edit'));
const SHIFT_LIST = anyOf(permission('reports', 'view'), permission('pos', 'close'));
const SHIFT_READ = anyOf(permission('pos', 'use'), permission('reports', 'view'));

export const ROUTES: readonly RouteDef[] = deepFreeze([
  // identity
  route('POST', '/api/auth/login', 'identity', PUBLIC, 'Sign in with username and password; returns a token'),
  route('POST', '/api/auth/refresh', 'identity', SIGNED, 'Exchange a token made stale by a rename or a branch change for a current one'),
  route('GET', '/api/auth/me', 'identity', AUTHENTICATED, 'The signed-in user with effective permissions'),
  route('PUT', '/api/auth/me/preferences', 'identity', AUTHENTICATED, "Update the signed-in user's languagePreference"),
  route('POST', '/api/auth/logout', 'identity', AUTHENTICATED, 'Sign out; tokens issued before stop working'),
  route('GET', '/api/auth/users', 'identity', anyOf(permission('staff', 'view')), 'List users (page, search, role, active)'),
  route('GET', '/api/auth/users/:id', 'identity', anyOf(permission('staff', 'view')), 'One user'),
  route('POST', '/api/auth/register', 'identity', anyOf(permission('staff', 'create')), 'Create a user'),
  route('PUT', '/api/auth/users/:id', 'identity', anyOf(permission('staff', 'edit')), 'Update a user'),
  route('DELETE', '/api/auth/users/:id', 'identity', anyOf(permission('staff', 'delete')), 'Delete a user'),
  route('PUT', '/api/auth/users/:id/reset-password', 'identity', anyOf(permission('staff', 'edit')), "Reset a user's password"),
  route('GET', '/api/auth/permissions', 'identity', ADMIN, 'Users with their permission overrides (/settings/users)'),
  route('PUT', '/api/auth/users/:id/permissions', 'identity', ADMIN, "Replace a user's permission overrides"),
  route('POST', '/api/auth/permissions/apply-role', 'identity', ADMIN, "Apply a role's default permissions to users"),

  // catalog
  route(
    'GET',
    '/api/products',
    'catalog',
    PRODUCT_READ,
    "List products (active=true for the till; since=REV: what changed since the till's revision)",
  ),
  route(
    'POST',
    '/api/products',
    'catalog',
    anyOf(permission('products', 'create')),
    'Create a product, or add stock to the product with the same sku',
  ),
  route('GET', '/api/products/generate-barcode', 'catalog', PRODUCT_STOCK_WRITE, 'A new unused EAN-13 barcode'),
  route(
    'GET',
    '/api/products/export-barcodes',
    'catalog',
    anyOf(permission('reports', 'export')),
    'Barcode labels as CSV (ids=comma-separated)',
  ),
  {
    ...route(
      'POST',
      '/api/products/export-barcodes',
      'catalog',
      anyOf(permission('reports', 'export')),
      'Barcode labels as CSV ({ids} in the body, for long lists)',
    ),
    maxBody: 1024 * 1024,
  },
  {
    ...route(
      'POST',
      '/api/products/label-sheets',
      'catalog',
      anyOf(permission('reports', 'export')),
      'Barcode labels as a PDF ({ids, layout, names, currencies, exportId}): A4 sheets or a 58 mm roll',
    ),
    maxBody: 1024 * 1024,
  },
  route('GET', '/api/products/label-sheets/:exportId', 'catalog', anyOf(permission('reports', 'export')), 'How far a label PDF has come'),
  route(
    'POST',
    '/api/products/import',
    'catalog',
    anyOf(permission('products', 'create')),
    'Import products from a CSV or Excel file (multipart, field "file"): refused rows at once, the rest in the background',
  ),
  route(
    'GET',
    '/api/products/import/:id',
    'catalog',
    anyOf(permission('products', 'create')),
    "An import's progress: rows done of total, state, refused and failed rows",
  ),
  route('GET', '/api/products/search/:term', 'catalog', PRODUCT_READ, 'Products matching a name, sku or barcode'),
  route('GET', '/api/products/:id', 'catalog', PRODUCT_READ, 'One product'),
  route('PUT', '/api/products/:id', 'catalog', anyOf(permission('products', 'edit')), 'Update a product'),
  route('DELETE', '/api/products/:id', 'catalog', anyOf(permission('products', 'delete')), 'Delete a product'),
  route('PATCH', '/api/products/:id/quantity', 'catalog', PRODUCT_STOCK_WRITE, 'Receive stock (quantity, cost)'),
  route('GET', '/api/products/:id/stock-movements', 'catalog', anyOf(permission('products', 'view')), 'Stock ledger of a product'),
  route(
    'GET',
    '/api/products/:id/branch-prices',
    'catalog',
    anyOf(permission('products', 'view')),
    "A product's prices overridden per branch",
  ),
  route(
    'PUT',
    '/api/products/:id/branch-prices/:branchId',
    'catalog',
    anyOf(permission('products', 'edit')),
    "Set a product's price in one branch ({price})",
  ),
  route(
    'DELETE',
    '/api/products/:id/branch-prices/:branchId',
    'catalog',
    anyOf(permission('products', 'edit')),
    "Clear a product's price in one branch (its own price applies)",
  ),
  route(
    'GET',
    '/api/products/transfers',
    'catalog',
    anyOf(permission('products', 'view')),
    "Stock transfers from or to the request's branch (state=in_transit|received|short|cancelled)",
  ),
  route(
    'POST',
    '/api/products/transfers',
    'catalog',
    anyOf(permission('products', 'edit')),
    "Send stock from the request's branch to another (Idempotency-Key)",
  ),
  route(
    'POST',
    '/api/products/transfers/:id/receive',
    'catalog',
    anyOf(permission('products', 'edit')),
    'Receive a transfer in its branch, with the counts that arrived',
  ),
  route(
    'POST',
    '/api/products/transfers/:id/cancel',
    'catalog',
    anyOf(permission('products', 'edit')),
    'Cancel a transfer in transit from the branch that sent it: its units go back there',
  ),
  route(
    'GET',
    '/api/products/negative-stock',
    'catalog',
    anyOf(permission('products', 'view')),
    "Products below zero in the request's branch (sold before they were received or counted)",
  ),
  route(
    'POST',
    '/api/products/:id/adjust-stock',
    'catalog',
    anyOf(permission('products', 'edit')),
    'Change stock by hand to a counted quantity, with a reason (damaged, expired, theft, own_use, correction)',
  ),

  // catalog: suppliers, purchase orders, receiving, supplier invoices and payments
  route('GET', '/api/purchases/suppliers', 'catalog', PURCHASES_VIEW, 'List suppliers (search, page)'),
  route('POST', '/api/purchases/suppliers', 'catalog', PURCHASES_CREATE, 'Create a supplier'),
  route('GET', '/api/purchases/suppliers/:id', 'catalog', PURCHASES_VIEW, 'One supplier'),
  route('PUT', '/api/purchases/suppliers/:id', 'catalog', PURCHASES_CREATE, 'Update a supplier'),
  route('GET', '/api/purchases/orders', 'catalog', RECEIPTS_READ, "Purchase orders of the request's branch (state, supplier, page)"),
  route('POST', '/api/purchases/orders', 'catalog', PURCHASES_CREATE, 'Create a draft purchase order'),
  route('GET', '/api/purchases/orders/:id', 'catalog', RECEIPTS_READ, 'One purchase order with its lines'),
  route('PUT', '/api/purchases/orders/:id', 'catalog', PURCHASES_CREATE, "Replace a draft order's supplier, currency, lines and note"),
  route('POST', '/api/purchases/orders/:id/send', 'catalog', PURCHASES_CREATE, 'Mark a draft order as sent to its supplier'),
  route(
    'POST',
    '/api/purchases/orders/:id/cancel',
    'catalog',
    PURCHASES_CREATE,
    'Cancel an order: what is not received is no longer expected',
  ),
  route('GET', '/api/purchases/receipts', 'catalog', RECEIPTS_READ, "Goods received in the request's branch (order, page)"),
  {
    ...route(
      'POST',
      '/api/purchases/receipts',
      'catalog',
      PURCHASES_RECEIVE,
      'Receive goods against an order or without one: each line a cost batch (Idempotency-Key)',
    ),
    maxBody: 2 * 1024 * 1024,
  },
  route('GET', '/api/purchases/receipts/:id', 'catalog', RECEIPTS_READ, 'One goods receipt'),
  route('GET', '/api/purchases/invoices', 'catalog', PURCHASES_VIEW, "Supplier invoices of the request's branch (supplier, open, page)"),
  route('POST', '/api/purchases/invoices', 'catalog', PURCHASES_CREATE, 'Record what a supplier invoice says the shop owes'),
  route('GET', '/api/purchases/invoices/:id', 'catalog', PURCHASES_VIEW, 'One supplier invoice with its payments'),
  route(
    'POST',
    '/api/purchases/invoices/:id/payments',
    'catalog',
    anyOf(permission('purchases', 'pay')),
    "Pay a supplier invoice in part or in full, from the bank or a register's drawer (Idempotency-Key)",
  ),
  route('GET', '/api/purchases/payables', 'catalog', PURCHASES_VIEW, 'What the shop owes its suppliers, by age, per currency'),

  // catalog: stocktakes
  route('GET', '/api/stocktakes', 'catalog', STOCKTAKE_COUNT, "Stocktakes of the request's branch (state, page)"),
  route('POST', '/api/stocktakes', 'catalog', STOCKTAKE_MANAGE, 'Start a stocktake of the branch, all of it or some categories'),
  route('GET', '/api/stocktakes/:id', 'catalog', STOCKTAKE_COUNT, 'One stocktake'),
  route('GET', '/api/stocktakes/:id/counts', 'catalog', STOCKTAKE_COUNT, 'What was counted so far (never what is expected)'),
  route('POST', '/api/stocktakes/:id/counts', 'catalog', STOCKTAKE_COUNT, 'Add counts by product or barcode (several people at once)'),
  route(
    'GET',
    '/api/stocktakes/:id/variance',
    'catalog',
    STOCKTAKE_MANAGE,
    'Counted against expected, units and cost, per product and in total',
  ),
  route(
    'POST',
    '/api/stocktakes/:id/approve',
    'catalog',
    STOCKTAKE_MANAGE,
    'Approve: the differences become ledger rows of reason counted',
  ),
  route('POST', '/api/stocktakes/:id/cancel', 'catalog', STOCKTAKE_MANAGE, 'Cancel a stocktake still counting: stock is left as it is'),

  route('GET', '/api/categories', 'catalog', CATEGORY_READ, 'List categories'),
  route('GET', '/api/categories/tree', 'catalog', CATEGORY_READ, 'Categories as a tree'),
  route('GET', '/api/categories/:id', 'catalog', anyOf(permission('categories', 'view')), 'One category'),
  route('POST', '/api/categories', 'catalog', anyOf(permission('categories', 'create')), 'Create a category'),
  route('PUT', '/api/categories/:id', 'catalog', anyOf(permission('categories', 'edit')), 'Update a category'),
  route('DELETE', '/api/categories/:id', 'catalog', anyOf(permission('categories', 'delete')), 'Delete a category'),

  // sales
  route('POST', '/api/transactions', 'sales', anyOf(permission('pos', 'use')), 'Complete a sale (Idempotency-Key header)'),
  route('GET', '/api/transactions', 'sales', anyOf(permission('transactions', 'view')), 'List sales'),
  route('GET', '/api/transactions/:id', 'sales', anyOf(permission('transactions', 'view')), 'One sale'),
  route('DELETE', '/api/transactions/:id', 'sales', ADMIN, 'Void a sale'),
  route(
    'POST',
    '/api/transactions/invoice-blocks',
    'sales',
    anyOf(permission('pos', 'use')),
    'Reserve a block of invoice numbers for a register ({register, size}): its till numbers sales with them while offline',
  ),
  route(
    'POST',
    '/api/transactions/:id/refund',
    'sales',
    anyOf(permission('pos', 'refund'), permission('transactions', 'refund')),
    'Refund a sale or some of its lines',
  ),

  // sales: shifts (the drawer is the register's)
  route('GET', '/api/shifts', 'sales', SHIFT_LIST, "Shifts of the request's branch, newest first (register, cashier, status, page)"),
  route('POST', '/api/shifts', 'sales', anyOf(permission('pos', 'use')), "Open a register's shift with the float counted in each currency"),
  route('GET', '/api/shifts/current', 'sales', anyOf(permission('pos', 'use')), 'The shift open on a register (register), or null'),
  route('GET', '/api/shifts/:id', 'sales', SHIFT_READ, 'One shift with its figures: the X report while open, the Z report once closed'),
  route('POST', '/api/shifts/:id/cash', 'sales', anyOf(permission('pos', 'use')), 'Cash in or out of an open shift, with a reason'),
  route(
    'POST',
    '/api/shifts/:id/close',
    'sales',
    anyOf(permission('pos', 'use')),
    'Close a shift with the count of each currency (a difference over the limit needs pos close)',
  ),

  // loyalty
  route('POST', '/api/transactions/redeem', 'loyalty', anyOf(permission('pos', 'use')), "Redeem a customer's points (customerId, points)"),
  route('GET', '/api/customers', 'loyalty', CUSTOMER_READ, 'List customers'),
  route('POST', '/api/customers', 'loyalty', anyOf(permission('customers', 'create')), 'Create a customer'),
  route('GET', '/api/customers/:id', 'loyalty', CUSTOMER_READ, 'One customer'),
  route('PUT', '/api/customers/:id', 'loyalty', anyOf(permission('customers', 'edit')), 'Update a customer'),
  route('DELETE', '/api/customers/:id', 'loyalty', anyOf(permission('customers', 'delete')), 'Delete a customer'),
  // customer accounts (the debt book, issue 31)
  route('GET', '/api/customers/:id/account', 'loyalty', CUSTOMER_READ, "A customer's balance, credit limit and statement"),
  route('PUT', '/api/customers/:id/credit-limit', 'loyalty', anyOf(permission('customers', 'credit')), "Set a customer's credit limit"),
  route(
    'POST',
    '/api/customers/:id/repayments',
    'loyalty',
    anyOf(permission('pos', 'use'), permission('customers', 'edit')),
    'Take a repayment of what a customer owes',
  ),
  route('POST', '/api/customers/:id/adjustments', 'loyalty', ADMIN, "Adjust a customer's balance (audited)"),
  route('GET', '/api/customers/:id/statement/pdf', 'loyalty', CUSTOMER_READ, "A customer's statement as PDF (paper: a4 or 58 mm)"),
  route(
    'GET',
    '/api/receivables',
    'loyalty',
    anyOf(permission('reports', 'view')),
    'Who owes what and since when, by age, with totals per branch',
  ),
  route('GET', '/api/receivables/export/csv', 'loyalty', anyOf(permission('reports', 'export')), 'The receivables report as CSV'),
  route('GET', '/api/receivables/export/xlsx', 'loyalty', anyOf(permission('reports', 'export')), 'The receivables report as Excel'),
  route('GET', '/api/receivables/export/pdf', 'loyalty', anyOf(permission('reports', 'export')), 'The receivables report as PDF (A4)'),
  route('GET', '/api/loyalty/settings', 'loyalty', AUTHENTICATED, 'Loyalty program settings'),
  route('PUT', '/api/loyalty/settings', 'loyalty', anyOf(permission('settings', 'edit')), 'Replace loyalty program settings'),

  // settings
  route(
    'GET',
    '/api/settings/exchange-rate',
    'settings',
    AUTHENTICATED,
    'The exchange rate that applies to the signed-in user, and the dinar cash-rounding step',
  ),
  route('GET', '/api/settings/general', 'settings', AUTHENTICATED, 'General settings'),
  route(
    'PUT',
    '/api/settings/general',
    'settings',
    AUTHENTICATED,
    'Set own exchange rate; global fields are admin only (checked by the service)',
  ),
  route('GET', '/api/settings/branches', 'settings', AUTHENTICATED, 'Branches and their registers'),
  route('POST', '/api/settings/branches', 'settings', ADMIN, 'Create a branch with its registers'),
  route('PUT', '/api/settings/branches/:id', 'settings', ADMIN, 'Rename a branch, or deactivate or reactivate it'),
  route('PUT', '/api/settings/branches/:id/registers', 'settings', ADMIN, "Replace a branch's registers"),
  route(
    'GET',
    '/api/settings/receipts',
    'settings',
    AUTHENTICATED,
    'Receipt settings: shop details, texts, printed fields, paper, printers',
  ),
  {
    ...route('PUT', '/api/settings/receipts', 'settings', ADMIN, 'Change the receipt settings (the store name among them)'),
    maxBody: 64 * 1024,
  },
  route('GET', '/api/settings/receipts/logo', 'settings', AUTHENTICATED, "The receipt's logo as the server keeps it (PNG or JPEG)"),
  {
    ...route('PUT', '/api/settings/receipts/logo', 'settings', ADMIN, 'Replace the logo ({type, data} base64; PNG, JPEG or SVG)'),
    maxBody: 400 * 1024,
  },
  route('DELETE', '/api/settings/receipts/logo', 'settings', ADMIN, 'Remove the logo'),
  route('GET', '/api/settings/payments', 'settings', AUTHENTICATED, 'The tenders the till offers and the card terminal name'),
  route('PUT', '/api/settings/payments', 'settings', ADMIN, 'Change the tenders the till offers and the card terminal name'),
  route('GET', '/api/settings/till', 'settings', AUTHENTICATED, 'Receipt and payment settings as an open till follows them (ETag)'),
  {
    ...route(
      'POST',
      '/api/print',
      'settings',
      anyOf(permission('pos', 'use'), permission('transactions', 'view'), permission('reports', 'view')),
      "A rendered document to the register's ESC/POS printer as a raster image, with a cut (and the drawer opened)",
    ),
    maxBody: 1024 * 1024 + 4096,
  },
  {
    ...route(
      'POST',
      '/api/print/escpos',
      'settings',
      anyOf(permission('pos', 'use'), permission('transactions', 'view'), permission('reports', 'view')),
      'A rendered document as ESC/POS bytes, for a printer the desktop shell reaches',
    ),
    maxBody: 1024 * 1024 + 4096,
  },

  // reporting
  route('GET', '/api/dashboard', 'reporting', anyOf(permission('dashboard', 'view')), 'Dashboard figures and recent sales'),
  ...REPORT_TYPES.map((type) =>
    route('GET', `/api/reports/${type}`, 'reporting', anyOf(permission('reports', 'view')), `The ${type} report (startDate, endDate)`),
  ),
  route('GET', '/api/reports/:type/export/pdf', 'reporting', anyOf(permission('reports', 'export')), 'A report as PDF'),
  route('GET', '/api/reports/:type/export/csv', 'reporting', anyOf(permission('reports', 'export')), 'A report as CSV'),
  route('GET', '/api/reports/:type/export/xlsx', 'reporting', anyOf(permission('reports', 'export')), 'A report as an Excel workbook'),
  route(
    'GET',
    '/api/reports/exports/:id',
    'reporting',
    anyOf(permission('reports', 'export')),
    'Progress of an export the caller started (exportId)',
  ),
  route('GET', '/api/reports/shifts/:id/pdf', 'reporting', SHIFT_READ, "A closed shift's Z report as PDF (lang)"),
  route(
    'GET',
    '/api/reports/inventory/products',
    'reporting',
    anyOf(permission('reports', 'view')),
    'Inventory report rows, a page at a time (sort, lowStock)',
  ),

  // expenses
  route('GET', '/api/expenses', 'expenses', anyOf(permission('expenses', 'view')), 'List expenses (filters, page)'),
  route('GET', '/api/expenses/summary', 'expenses', anyOf(permission('expenses', 'view')), 'Expense totals for a date range'),
  route('GET', '/api/expenses/:id', 'expenses', anyOf(permission('expenses', 'view')), 'One expense'),
  route('POST', '/api/expenses', 'expenses', anyOf(permission('expenses', 'create')), 'Record an expense'),
  route('PUT', '/api/expenses/:id', 'expenses', anyOf(permission('expenses', 'edit')), 'Update an expense'),
  route('DELETE', '/api/expenses/:id', 'expenses', anyOf(permission('expenses', 'delete')), 'Delete an expense'),
  route('PUT', '/api/expenses/:id/approve', 'expenses', EXPENSE_APPROVE, 'Approve a pending expense'),
  route('PUT', '/api/expenses/:id/reject', 'expenses', EXPENSE_APPROVE, 'Reject a pending expense (reason)'),
  route('PUT', '/api/expenses/:id/paid', 'expenses', EXPENSE_APPROVE, 'Mark an approved expense as paid'),

  // gateway
  route('GET', '/api/health', 'gateway', PUBLIC, 'Liveness and readiness of the gateway and services'),
  route('GET', '/api/docs', 'gateway', PUBLIC, 'API documentation'),
  route('GET', '/api/docs/openapi.json', 'gateway', PUBLIC, 'OpenAPI document'),
  route('GET', '/api/backups/status', 'gateway', ADMIN, 'The last good backup (when, where) and whether two days have gone without one'),
  route(
    'GET',
    '/api/stream',
    'gateway',
    PRODUCT_READ,
    "The till's push stream (server-sent events): catalogue, price, stock and settings changes; Last-Event-ID resumes",
  ),
]);

// ---------------------------------------------------------------------------------------------
// Matching

type Segment = { kind: 'static'; text: string } | { kind: 'param'; name: string };
interface Compiled {
  route: RouteDef;
  segments: Segment[];
}

const COMPILED = new Map<string, Compiled[]>(); // key: METHOD + segment count
for (const def of ROUTES) {
  const segments: Segment[] = def.path
    .slice(1)
    .split('/')
    .map((part) => (part.startsWith(':') ? { kind: 'param', name: part.slice(1) } : { kind: 'static', text: part.toLowerCase() }));
  const key = `${def.method} ${segments.length}`;
  const list = COMPILED.get(key) ?? [];
  list.push({ route: def, segments });
  COMPILED.set(key, list);
}

export interface RouteMatch {
  route: RouteDef;
  /** Decoded parameters. */
  params: Record<string, string>;
  /** The route's own spelling of this request: the pattern with the parameters encoded, e.g. '/api/products/p%201'. */
  path: string;
}

function normaliseMethod(method: string): string {
  const upper = method.toUpperCase();
  return upper === 'HEAD' ? 'GET' : upper; // Express answers HEAD with the GET handler
}

function matchWith(method: string, segments: readonly string[]): RouteMatch | null {
  const candidates = COMPILED.get(`${method} ${segments.length}`);
  if (!candidates) return null;
  let best: Compiled | null = null;
  for (const candidate of candidates) {
    const fits = candidate.segments.every((seg, i) => seg.kind === 'param' || seg.text === segments[i]!.toLowerCase());
    if (fits && (!best || moreSpecific(candidate, best))) best = candidate;
  }
  if (!best) return null;
  const params: Record<string, string> = {};
  const spelled = best.segments.map((seg, i) => {
    if (seg.kind === 'static') return seg.text;
    params[seg.name] = segments[i]!;
    return segments[i]!;
  });
  return { route: best.route, params, path: joinSegments(spelled) };
}

/** At the first position where they differ, a static segment beats a parameter. */
function moreSpecific(a: Compiled, b: Compiled): boolean {
  for (let i = 0; i < a.segments.length; i++) {
    const sa = a.segments[i]!.kind;
    const sb = b.segments[i]!.kind;
    if (sa !== sb) return sa === 'static';
  }
  return false;
}

/**
 * The route serving `method path`, read as parseRequestPath reads it (case of static segments, duplicate
 * and trailing slashes, percent-encoding and dot segments do not matter; a static segment wins over a
 * parameter). `path` of the answer is the one spelling the router is then given, so the check and the
 * handler agree on which route a request is.
 */
export function matchRoute(method: string, path: string): RouteMatch | null {
  const parsed = parseRequestPath(path);
  return parsed?.zone === 'api' ? matchWith(normaliseMethod(method), parsed.segments) : null;
}

/** True when the path is served but not for this method (a 405 rather than a 404; useful in logs). */
export function routeExistsForOtherMethod(method: string, path: string): boolean {
  const parsed = parseRequestPath(path);
  if (parsed?.zone !== 'api') return false;
  const own = normaliseMethod(method);
  return HTTP_METHODS.some((other) => other !== own && matchWith(other, parsed.segments) !== null);
}

export function isAllowed(user: PermissionSubject | null | undefined, access: RouteAccess): boolean {
  switch (access.kind) {
    case 'public':
      return true;
    case 'authenticated':
    case 'signed':
      return !!user;
    case 'admin':
      return user?.role === 'admin';
    case 'permission':
      return !!user && access.anyOf.some((ref) => can(user, ref.module, ref.action));
    default:
      return false;
  }
}

export type RouteDecision =
  | { outcome: 'allowed'; route: RouteDef; params: Record<string, string> }
  | { outcome: 'not-found'; methodMismatch: boolean }
  | { outcome: 'unauthenticated'; route: RouteDef }
  | { outcome: 'forbidden'; route: RouteDef; messageKey: 'auth.adminOnly' | 'auth.forbidden' };

/** One decision for a request: 404 (unknown route), 401 (needs a user), 403 (lacks the permission) or allowed. */
export function decideAccess(user: PermissionSubject | null | undefined, method: string, path: string): RouteDecision {
  const match = matchRoute(method, path);
  if (!match) return { outcome: 'not-found', methodMismatch: routeExistsForOtherMethod(method, path) };
  const { route: def, params } = match;
  if (isAllowed(user, def.access)) return { outcome: 'allowed', route: def, params };
  if (!user) return { outcome: 'unauthenticated', route: def };
  return { outcome: 'forbidden', route: def, messageKey: def.access.kind === 'admin' ? 'auth.adminOnly' : 'auth.forbidden' };
}

/** The routes one service owns, e.g. for its guard or its OpenAPI document. */
export function routesOf(owner: RouteOwner): RouteDef[] {
  return ROUTES.filter((def) => def.owner === owner);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
