import { isAllowed, matchRoute, ROUTES, type PermissionSubject, type RouteDef, type RouteOwner } from '@dukan/contracts';
import type { HttpClient } from './http.js';

export interface MatrixCaller {
  name: string;
  /** null: no token at all. */
  token: string | null;
  /** Who the token speaks for; null for no token or a token that must be refused (forged, expired, revoked). */
  subject: PermissionSubject | null;
  /** For refused tokens: the status expected on every non-public route. */
  refusedWith?: 401;
}

export interface MatrixCase {
  route: RouteDef;
  caller: MatrixCaller;
  path: string;
  /**
   * 'pass' means: the call reached the route's handler — neither 401 nor 403, no 5xx, and not the router's
   * "no such route" 404 (a domain 404 such as "product not found" is the handler answering).
   */
  expect: 'pass' | 401 | 403;
}

/** A concrete path for a route pattern: parameters become a well-formed id that exists nowhere. */
export function samplePath(route: RouteDef): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_m, name: string) =>
    name === 'type' ? 'sales' : name === 'term' ? 'zzz' : '00000000-0000-4000-8000-00000000abcd',
  );
}

/** Every route of the given owners × every caller, with the status the route table promises. */
export function authorizationMatrix(owners: RouteOwner[], callers: MatrixCaller[]): MatrixCase[] {
  const routes = ROUTES.filter((r) => owners.includes(r.owner));
  return routes.flatMap((route) =>
    callers.map((caller): MatrixCase => {
      const path = samplePath(route);
      if (route.access.kind === 'public') return { route, caller, path, expect: 'pass' };
      if (caller.token === null || caller.subject === null) return { route, caller, path, expect: caller.refusedWith ?? 401 };
      return { route, caller, path, expect: isAllowed(caller.subject, route.access) ? 'pass' : 403 };
    }),
  );
}

export interface MatrixAnswer {
  status: number;
  /** The error body's code, if the answer is an error body. */
  code: string | undefined;
  label: string;
}

/** Sends one matrix case, on its own path or on `path` (a variant of it). */
export async function runMatrixCase(client: HttpClient, c: MatrixCase, path = c.path): Promise<MatrixAnswer> {
  const res = await client.request(c.route.method, path, {
    ...(c.caller.token ? { token: c.caller.token } : {}),
    ...(c.route.method === 'GET' || c.route.method === 'DELETE' ? {} : { body: {} }),
  });
  const code = typeof res.body === 'object' && res.body !== null ? (res.body as { code?: string }).code : undefined;
  return { status: res.status, code, label: `${c.caller.name} ${c.route.method} ${path} -> ${res.status}${code ? ` ${code}` : ''}` };
}

/** The call reached a handler of the route (see MatrixCase.expect). */
export function reachedHandler(a: Pick<MatrixAnswer, 'status' | 'code'>): boolean {
  return a.status !== 401 && a.status !== 403 && a.status < 500 && a.code !== 'ROUTE_NOT_FOUND';
}

/** Refused before any handler: no or bad token, no permission, or no such route. */
export function refusedBeforeHandler(a: Pick<MatrixAnswer, 'status' | 'code'>): boolean {
  return a.status === 401 || a.status === 403 || a.code === 'ROUTE_NOT_FOUND';
}

function judge(c: MatrixCase, a: MatrixAnswer): string | null {
  const ok = c.expect === 'pass' ? reachedHandler(a) : a.status === c.expect;
  return ok ? null : `${a.label} (expected ${c.expect})`;
}

/** Runs `jobs` `concurrency` at a time. */
async function inParallel<T>(jobs: readonly T[], concurrency: number, run: (job: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await run(jobs[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
}

/**
 * Runs every case and returns the ones the app answered differently from the route table, as readable lines.
 * Cases go `concurrency` at a time (1: in order, for a caller whose own call ends its session).
 */
export async function matrixFailures(client: HttpClient, cases: MatrixCase[], concurrency = 1): Promise<string[]> {
  const wrong: string[] = [];
  await inParallel(cases, concurrency, async (c) => {
    const failure = judge(c, await runMatrixCase(client, c));
    if (failure) wrong.push(failure);
  });
  return wrong;
}

export interface PathVariant {
  name: string;
  spell(path: string): string;
}

/** Other spellings of a lower-case path, as someone probing the check would write them. */
export const PATH_VARIANTS: readonly PathVariant[] = [
  { name: 'upper case', spell: (p) => p.toUpperCase() },
  { name: 'mixed case', spell: (p) => [...p].map((ch, i) => (i % 2 ? ch.toUpperCase() : ch)).join('') },
  { name: 'double slashes', spell: (p) => p.replace(/\//g, '//') },
  { name: 'encoded slash', spell: (p) => p.replace(/\/([^/]*)$/, '%2F$1') },
  { name: 'encoded letters', spell: (p) => p.replace(/a/g, '%61') },
  { name: 'dot segment', spell: (p) => p.replace(/^\/([^/]+)\//, '/$1/./') },
  { name: 'parent segment', spell: (p) => p.replace(/^\/([^/]+)\//, '/$1/x/../') },
  { name: 'trailing slash', spell: (p) => `${p}/` },
];

/**
 * A spelling may read as another route (an encoded slash inside an id makes '/api/products/x%2Fstock-movements'
 * a product id): reaching that route's handler is no leak when the caller may use that route.
 */
function anotherRouteAllowed(c: MatrixCase, spelling: string): boolean {
  const other = matchRoute(c.route.method, spelling);
  return other !== null && other.route !== c.route && isAllowed(c.caller.subject, other.route.access);
}

/**
 * Sends every case again in every spelling and returns the spellings that were more permissive than the
 * lower-case path: a call the table refuses must be refused in every spelling, before any handler.
 * Requests go `concurrency` at a time.
 */
export async function variantFailures(
  client: HttpClient,
  cases: MatrixCase[],
  variants = PATH_VARIANTS,
  concurrency = 6,
): Promise<string[]> {
  const jobs = cases.filter((c) => c.expect !== 'pass').flatMap((c) => variants.map((v) => ({ c, v })));
  const wrong: string[] = [];
  await inParallel(jobs, concurrency, async ({ c, v }) => {
    const spelling = v.spell(c.path);
    const answer = await runMatrixCase(client, c, spelling);
    if (!refusedBeforeHandler(answer) && !anotherRouteAllowed(c, spelling)) {
      wrong.push(`${answer.label} [${v.name}] (the lower-case path answers ${c.expect})`);
    }
  });
  return wrong;
}

/** The callers every service's matrix starts from: the three roles, no token, and a tampered token. */
export function roleCallers(t: { tokens: Record<'admin' | 'manager' | 'cashier', string> }): MatrixCaller[] {
  return [
    { name: 'admin', token: t.tokens.admin, subject: { role: 'admin' } },
    { name: 'manager', token: t.tokens.manager, subject: { role: 'manager' } },
    { name: 'cashier', token: t.tokens.cashier, subject: { role: 'cashier' } },
    { name: 'no token', token: null, subject: null },
    { name: 'forged', token: `${t.tokens.admin.slice(0, -4)}AAAA`, subject: null, refusedWith: 401 },
  ];
}

/**
 * Whose record each route with a parameter reads or changes — the matrix's branch dimension:
 * 'branch': a record of one branch (a transfer: of two), reached only by users of that branch, "not found" to others;
 * 'ledger': a chain-wide record's history, answered with the acting branch's rows only;
 * 'chain': shared by every branch (a product, a category, a customer, a user, a branch itself, a branch named in
 * the path, which the gate's own rule checks with 403); 'caller': the caller's own work (an import, an export);
 * 'none': the parameter names no record. A route with a parameter missing here fails the matrix.
 */
export type RecordOwner = 'branch' | 'ledger' | 'chain' | 'caller' | 'none';
export const RECORD_ROUTES: Readonly<Record<string, RecordOwner>> = {
  'GET /api/auth/users/:id': 'chain',
  'PUT /api/auth/users/:id': 'chain',
  'DELETE /api/auth/users/:id': 'chain',
  'PUT /api/auth/users/:id/reset-password': 'chain',
  'PUT /api/auth/users/:id/permissions': 'chain',
  'GET /api/products/import/:id': 'caller',
  'GET /api/products/label-sheets/:exportId': 'caller',
  'GET /api/products/search/:term': 'none',
  'GET /api/products/:id': 'chain',
  'PUT /api/products/:id': 'chain',
  'DELETE /api/products/:id': 'chain',
  'PATCH /api/products/:id/quantity': 'chain',
  'GET /api/products/:id/stock-movements': 'ledger',
  'GET /api/products/:id/branch-prices': 'chain',
  'PUT /api/products/:id/branch-prices/:branchId': 'chain',
  'DELETE /api/products/:id/branch-prices/:branchId': 'chain',
  'POST /api/products/:id/adjust-stock': 'chain',
  'POST /api/products/transfers/:id/receive': 'branch',
  'POST /api/products/transfers/:id/cancel': 'branch',
  'GET /api/purchases/suppliers/:id': 'chain',
  'PUT /api/purchases/suppliers/:id': 'chain',
  'GET /api/purchases/orders/:id': 'branch',
  'PUT /api/purchases/orders/:id': 'branch',
  'POST /api/purchases/orders/:id/send': 'branch',
  'POST /api/purchases/orders/:id/cancel': 'branch',
  'GET /api/purchases/receipts/:id': 'branch',
  'GET /api/purchases/invoices/:id': 'branch',
  'POST /api/purchases/invoices/:id/payments': 'branch',
  'GET /api/stocktakes/:id': 'branch',
  'GET /api/stocktakes/:id/counts': 'branch',
  'POST /api/stocktakes/:id/counts': 'branch',
  'GET /api/stocktakes/:id/variance': 'branch',
  'POST /api/stocktakes/:id/approve': 'branch',
  'POST /api/stocktakes/:id/cancel': 'branch',
  'GET /api/categories/:id': 'chain',
  'PUT /api/categories/:id': 'chain',
  'DELETE /api/categories/:id': 'chain',
  'GET /api/transactions/:id': 'branch',
  'DELETE /api/transactions/:id': 'branch',
  'POST /api/transactions/:id/refund': 'branch',
  'GET /api/shifts/:id': 'branch',
  'POST /api/shifts/:id/cash': 'branch',
  'POST /api/shifts/:id/close': 'branch',
  'GET /api/reports/shifts/:id/pdf': 'branch',
  'GET /api/customers/:id': 'chain',
  'PUT /api/customers/:id': 'chain',
  'DELETE /api/customers/:id': 'chain',
  // A customer's account is the chain's, like the customer (a regular may buy on account in any branch); the
  // repayment records the branch it was taken in.
  'GET /api/customers/:id/account': 'chain',
  'PUT /api/customers/:id/credit-limit': 'chain',
  'POST /api/customers/:id/repayments': 'chain',
  'POST /api/customers/:id/adjustments': 'chain',
  'GET /api/customers/:id/statement/pdf': 'chain',
  'PUT /api/settings/branches/:id': 'chain',
  'PUT /api/settings/branches/:id/registers': 'chain',
  'GET /api/reports/:type/export/pdf': 'none',
  'GET /api/reports/:type/export/csv': 'none',
  'GET /api/reports/:type/export/xlsx': 'none',
  'GET /api/reports/exports/:id': 'caller',
  'GET /api/expenses/:id': 'branch',
  'PUT /api/expenses/:id': 'branch',
  'DELETE /api/expenses/:id': 'branch',
  'PUT /api/expenses/:id/approve': 'branch',
  'PUT /api/expenses/:id/reject': 'branch',
  'PUT /api/expenses/:id/paid': 'branch',
};

/** The routes of the table with a path parameter, each with whose record it reaches (undefined: not yet said). */
export function recordRoutes(): { route: RouteDef; owner: RecordOwner | undefined }[] {
  return ROUTES.filter((r) => r.path.includes('/:')).map((route) => ({ route, owner: RECORD_ROUTES[`${route.method} ${route.path}`] }));
}

/** A 'branch' route's path for a record id: the one parameter the route has is the record's. */
export function recordPath(route: RouteDef, id: string): string {
  return route.path.replace(/:[A-Za-z]+/, id);
}
