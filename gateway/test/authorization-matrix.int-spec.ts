import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { ROUTES, type Permissions, type RouteDef, type RouteOwner } from '@dukan/contracts';
import { createAllInOneApp } from '@dukan/gateway';
import {
  authorizationMatrix, matrixFailures, PATH_VARIANTS, refusedBeforeHandler, runMatrixCase, startApp, variantFailures, type HttpClient,
  type MatrixCaller,
} from '@dukan/testing';
import { startClusterShape } from './cluster-shape.js';

/**
 * Every route of the route table × admin, manager, cashier, a user with custom permissions, no token,
 * a forged token, an unsigned one, an expired one and one from before logout — in both shapes that face
 * clients (the all-in-one app and the cluster gateway in front of its services), each refused call again
 * in every spelling of its path (PATH_VARIANTS), which must be refused too. 'pass' means the call reached
 * the route's handler: a "no such route" 404 is a failure, a domain 404 ("product not found") is not.
 */

const VARIANT_CALLERS: ReadonlySet<string> = new Set(['manager', 'cashier', 'custom', 'no token', 'forged token']);
const CUSTOM: Permissions = { staff: ['view', 'create'], products: [], reports: ['view'] };
const owners: RouteOwner[] = ['identity', 'catalog', 'sales', 'loyalty', 'reporting', 'expenses', 'settings', 'gateway'];
const INTERNAL_CALLS: [string, string][] = [
  ['GET', '/internal/auth/sessions/00000000-0000-4000-8000-00000000abcd'],
  ['POST', '/internal/loyalty/sales/00000000-0000-4000-8000-00000000abcd/reserve'],
];

interface Shape extends HttpClient {
  dataDir: string;
  adminToken: string;
  adminPassword: string;
  login(username: string, password: string): Promise<string>;
  close(): Promise<void>;
}

const SHAPES: [string, () => Promise<Shape>][] = [
  ['all-in-one', async () => {
    const t = await startApp(createAllInOneApp);
    return Object.assign(t, { dataDir: t.env.DUKAN_DATA_DIR! });
  }],
  ['cluster gateway', () => startClusterShape()],
];

async function callersOf(s: Shape): Promise<MatrixCaller[]> {
  const user = async (role: 'manager' | 'cashier', username: string, permissions?: Permissions) => {
    const body = { username, firstName: 'Matrix', lastName: role, email: `${username}@shop.iq`, password: 'secret1', role, ...(permissions ? { permissions } : {}) };
    const res = await s.post('/api/auth/register', body, { token: s.adminToken });
    expect(res.status).toBe(201);
    return s.login(username, 'secret1');
  };
  const payload = jwt.decode(s.adminToken) as jwt.JwtPayload;
  const claims = { sub: payload.sub, ver: payload.ver, usr: payload.usr, role: 'admin', perms: null, lang: 'en' };
  const realKey = readFileSync(join(s.dataDir, 'keys', 'jwt-private.pem'), 'utf8');
  const otherKey = generateKeyPairSync('ec', { namedCurve: 'P-256', privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } }).privateKey;
  const sign = { algorithm: 'ES256', issuer: 'dukan-identity', audience: 'dukan' } as const;
  const leaving = await user('cashier', 'leaving');
  expect((await s.post('/api/auth/logout', undefined, { token: leaving })).status).toBe(200);
  return [
    { name: 'admin', token: s.adminToken, subject: { role: 'admin' } },
    { name: 'manager', token: await user('manager', 'mgr'), subject: { role: 'manager' } },
    { name: 'cashier', token: await user('cashier', 'csh'), subject: { role: 'cashier' } },
    { name: 'custom', token: await user('cashier', 'cst', CUSTOM), subject: { role: 'cashier', permissions: CUSTOM } },
    { name: 'no token', token: null, subject: null },
    { name: 'forged token', token: jwt.sign(claims, otherKey, { ...sign, expiresIn: 3600 }), subject: null, refusedWith: 401 },
    { name: 'unsigned token', token: jwt.sign(claims, '', { algorithm: 'none' }), subject: null, refusedWith: 401 },
    { name: 'expired token', token: jwt.sign({ ...claims, iat: Math.floor(Date.now() / 1000) - 7200 }, realKey, { ...sign, expiresIn: -60 }), subject: null, refusedWith: 401 },
    { name: 'token from before logout', token: leaving, subject: null, refusedWith: 401 },
  ];
}

// Logout ends the caller's session, so it runs after every other route.
const routes: RouteDef[] = [...ROUTES].sort((a, b) => Number(a.path === '/api/auth/logout') - Number(b.path === '/api/auth/logout'));
const key = (r: RouteDef) => `${r.method} ${r.path}`;

describe.each(SHAPES)('%s', (_shape, start) => {
  let s: Shape;
  let callers: MatrixCaller[];
  beforeAll(async () => {
    s = await start();
    callers = await callersOf(s);
  }, 120_000);
  afterAll(() => s.close());

  it('covers every route of the table', () => {
    const covered = new Set(authorizationMatrix(owners, [{ name: 'x', token: null, subject: null }]).map((c) => key(c.route)));
    expect(covered.size).toBe(ROUTES.length);
  });

  it('refuses the calls of issue 11 that capitals once let through without a token', async () => {
    const id = '00000000-0000-4000-8000-00000000abcd';
    for (const [method, path] of [
      ['GET', '/API/auth/users'], ['GET', '/Api/auth/users'], ['PUT', `/API/auth/users/${id}/permissions`],
      ['PUT', `/API/auth/users/${id}/reset-password`], ['POST', '/API/auth/register'], ['DELETE', `/API/transactions/${id}`],
      ['PUT', `/API/products/${id}`], ['GET', `/INTERNAL/auth/sessions/${id}`],
    ] as const) {
      const res = await s.request(method, path, method === 'GET' || method === 'DELETE' ? {} : { body: { permissions: {}, newPassword: 'x'.repeat(8) } });
      expect({ path, status: res.status }).toEqual({ path, status: path.startsWith('/INTERNAL') ? 403 : 401 });
    }
  });

  it.each(routes.map((r) => [key(r), r] as const))(
    '%s answers every caller as the table says, and no spelling of it more',
    async (_k, route) => {
      const cases = authorizationMatrix([route.owner], callers).filter((c) => c.route === route);
      expect(await matrixFailures(s, cases, 4)).toEqual([]);
      // The path is read before any token: one bad token stands for all of them.
      expect(await variantFailures(s, cases.filter((c) => VARIANT_CALLERS.has(c.caller.name)))).toEqual([]);
    },
    60_000,
  );

  it('refuses internal routes without the internal token, even to an admin, in every spelling', async () => {
    const token = await s.login('admin', s.adminPassword); // the matrix's logout case ended the first session
    for (const [method, path] of INTERNAL_CALLS) {
      for (const spelling of [path, ...PATH_VARIANTS.map((v) => v.spell(path))]) {
        for (const caller of [{ name: 'admin', token, subject: { role: 'admin' as const } }, { name: 'no token', token: null, subject: null }]) {
          const answer = await runMatrixCase(s, { route: { method, path } as RouteDef, caller, path, expect: 403 }, spelling);
          expect({ label: answer.label, refused: refusedBeforeHandler(answer) }).toEqual({ label: answer.label, refused: true });
        }
      }
    }
  });

  it('refuses a path that is not in the route table with 404, with or without a token', async () => {
    const token = await s.login('admin', s.adminPassword);
    for (const auth of [{ token }, {}]) {
      const res = await s.get('/api/auth/secret-admin-panel', auth);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('ROUTE_NOT_FOUND');
    }
    expect((await s.request('PATCH', '/api/auth/me', { token, body: {} })).status).toBe(404);
  });
});
