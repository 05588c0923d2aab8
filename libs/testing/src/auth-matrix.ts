import { isAllowed, ROUTES, type PermissionSubject, type RouteDef, type RouteOwner } from '@dukan/contracts';
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
  /** 'pass' means: neither 401 nor 403 (the handler may still answer 400/404 to the sample request). */
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

/** Sends one matrix case; returns the status, with a readable label for failures. */
export async function runMatrixCase(client: HttpClient, c: MatrixCase): Promise<{ status: number; label: string }> {
  const res = await client.request(c.route.method, c.path, {
    ...(c.caller.token ? { token: c.caller.token } : {}),
    ...(c.route.method === 'GET' || c.route.method === 'DELETE' ? {} : { body: {} }),
  });
  return { status: res.status, label: `${c.caller.name} ${c.route.method} ${c.route.path} -> ${res.status}` };
}

/** Runs every case and returns the ones the app answered differently from the route table, as readable lines. */
export async function matrixFailures(client: HttpClient, cases: MatrixCase[]): Promise<string[]> {
  const wrong: string[] = [];
  for (const c of cases) {
    const { status, label } = await runMatrixCase(client, c);
    const ok = c.expect === 'pass' ? status !== 401 && status !== 403 && status < 500 : status === c.expect;
    if (!ok) wrong.push(`${label} (expected ${c.expect})`);
  }
  return wrong;
}

/** The callers every service's matrix starts from: the three roles, no token, and a tampered token. */
export function roleCallers(t: {
  tokens: Record<'admin' | 'manager' | 'cashier', string>;
}): MatrixCaller[] {
  return [
    { name: 'admin', token: t.tokens.admin, subject: { role: 'admin' } },
    { name: 'manager', token: t.tokens.manager, subject: { role: 'manager' } },
    { name: 'cashier', token: t.tokens.cashier, subject: { role: 'cashier' } },
    { name: 'no token', token: null, subject: null },
    { name: 'forged', token: `${t.tokens.admin.slice(0, -4)}AAAA`, subject: null, refusedWith: 401 },
  ];
}
