import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { ROUTES, type Permissions, type RouteOwner } from '@dukan/contracts';
import { createAllInOneApp } from '@dukan/gateway';
import { authorizationMatrix, matrixFailures, startApp, type MatrixCaller, type StartedApp } from '@dukan/testing';

/**
 * Every route of the route table × admin, manager, cashier, a user with custom permissions, no token,
 * a forged token, an expired token and a token from before logout, through the all-in-one app.
 * 'pass' means the call got past authorization (the handler may still refuse the sample body).
 */
const CUSTOM: Permissions = { staff: ['view', 'create'], products: [], reports: ['view'] };
const owners: RouteOwner[] = ['identity', 'catalog', 'sales', 'loyalty', 'reporting', 'expenses', 'settings', 'gateway'];

let t: StartedApp;
let callers: MatrixCaller[];

async function user(role: 'manager' | 'cashier', username: string, permissions?: Permissions) {
  const res = await t.post('/api/auth/register', { username, firstName: 'Matrix', lastName: role, email: `${username}@shop.iq`, password: 'secret1', role, ...(permissions ? { permissions } : {}) }, { token: t.adminToken });
  expect(res.status).toBe(201);
  return t.login(username, 'secret1');
}

beforeAll(async () => {
  t = await startApp(createAllInOneApp);
  const payload = jwt.decode(t.adminToken) as jwt.JwtPayload;
  const claims = { sub: payload.sub, ver: payload.ver, usr: payload.usr, role: 'admin', perms: null, lang: 'en' };
  const realKey = readFileSync(join(t.env.DUKAN_DATA_DIR!, 'keys', 'jwt-private.pem'), 'utf8');
  const otherKey = generateKeyPairSync('ec', { namedCurve: 'P-256', privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } }).privateKey;
  const forged = jwt.sign(claims, otherKey, { algorithm: 'ES256', issuer: 'dukan-identity', audience: 'dukan', expiresIn: 3600 });
  const expired = jwt.sign({ ...claims, iat: Math.floor(Date.now() / 1000) - 7200 }, realKey, { algorithm: 'ES256', issuer: 'dukan-identity', audience: 'dukan', expiresIn: -60 });
  const unsigned = jwt.sign(claims, '', { algorithm: 'none' });
  const leaving = await user('cashier', 'leaving');
  expect((await t.post('/api/auth/logout', undefined, { token: leaving })).status).toBe(200);

  callers = [
    { name: 'admin', token: t.adminToken, subject: { role: 'admin' } },
    { name: 'manager', token: await user('manager', 'mgr'), subject: { role: 'manager' } },
    { name: 'cashier', token: await user('cashier', 'csh'), subject: { role: 'cashier' } },
    { name: 'custom', token: await user('cashier', 'cst', CUSTOM), subject: { role: 'cashier', permissions: CUSTOM } },
    { name: 'no token', token: null, subject: null },
    { name: 'forged token', token: forged, subject: null, refusedWith: 401 },
    { name: 'unsigned token', token: unsigned, subject: null, refusedWith: 401 },
    { name: 'expired token', token: expired, subject: null, refusedWith: 401 },
    { name: 'token from before logout', token: leaving, subject: null, refusedWith: 401 },
  ];
}, 60_000);
afterAll(() => t.close());

it('covers every route of the table', () => {
  const covered = new Set(authorizationMatrix(owners, [{ name: 'x', token: null, subject: null }]).map((c) => `${c.route.method} ${c.route.path}`));
  expect(covered.size).toBe(ROUTES.length);
});

// Logout ends the caller's session, so it runs after every other route.
const routeOrder = (p: string) => (p === '/api/auth/logout' ? 1 : 0);

it('answers every route as the route table says, for every kind of caller', async () => {
  const cases = authorizationMatrix(owners, callers).sort((a, b) => routeOrder(a.route.path) - routeOrder(b.route.path));
  expect(await matrixFailures(t, cases)).toEqual([]);
  expect(cases.length).toBe(ROUTES.length * callers.length);
}, 120_000);

it('refuses a path that is not in the route table with 404, with or without a token', async () => {
  for (const token of [t.adminToken, undefined]) {
    const res = await t.get('/api/auth/secret-admin-panel', token ? { token } : {});
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('ROUTE_NOT_FOUND');
  }
  expect((await t.request('PATCH', '/api/auth/me', { token: t.adminToken, body: {} })).status).toBe(404);
});

it('refuses internal routes without the internal token, even to an admin', async () => {
  const token = await t.login('admin', t.adminPassword); // the matrix's logout case ended the first session
  const me = await t.get('/api/auth/me', { token });
  const res = await t.get(`/internal/auth/sessions/${me.body.data._id}`, { token });
  expect(res.status).toBe(403);
});
