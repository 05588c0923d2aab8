import pg from 'pg';
import type { ServiceName } from '@dukan/contracts';
import { eventually, httpClient } from '@dukan/testing';
import { startClusterShape, type ClusterShape } from './cluster-shape.js';

// The cluster's services are no side door: straight calls are refused, tokens are checked for their
// version by the service too, and identity sees the client's address as the gateway saw it.

let c: ClusterShape;
beforeAll(async () => {
  c = await startClusterShape();
}, 120_000);
afterAll(() => c.close());

const ONE_ROUTE: Record<ServiceName, string> = {
  identity: '/api/auth/users',
  catalog: '/api/products',
  sales: '/api/transactions',
  loyalty: '/api/customers',
  reporting: '/api/dashboard',
  expenses: '/api/expenses',
  settings: '/api/settings/general',
};

it('every service refuses an /api call that did not come through the gateway, even with an admin token', async () => {
  for (const [service, path] of Object.entries(ONE_ROUTE) as [ServiceName, string][]) {
    const through = await c.get(path, { token: c.adminToken });
    expect({ service, refused: through.status === 401 || through.status === 403 }).toEqual({ service, refused: false });
    for (const headers of [{}, { 'x-dukan-internal': 'a-guess-that-is-long-enough' }] as Record<string, string>[]) {
      const direct = await httpClient(c.serviceUrls[service]).get(path, { token: c.adminToken, headers });
      expect({ service, status: direct.status, code: direct.body.code }).toEqual({ service, status: 403, code: 'FORBIDDEN' });
      expect(direct.body.message).toBe('This service answers only through the gateway.');
    }
    const upper = await httpClient(c.serviceUrls[service]).get(path.toUpperCase(), { token: c.adminToken });
    expect({ service, status: upper.status }).toEqual({ service, status: 403 });
  }
});

it('a service checks the token version itself: a token ended at identity stops working there too', async () => {
  await c.post(
    '/api/auth/register',
    { username: 'leaver', firstName: 'L', lastName: 'V', email: 'leaver@shop.iq', password: 'secret1' },
    { token: c.adminToken },
  );
  const token = await c.login('leaver', 'secret1');
  // As a gateway with the internal token would call it (another gateway, or one that has not heard yet).
  const catalog = httpClient(c.serviceUrls.catalog, { headers: { 'x-dukan-internal': c.internalToken } });
  expect((await catalog.get('/api/products', { token })).status).toBe(200);
  expect((await c.post('/api/auth/logout', undefined, { token })).status).toBe(200);
  await eventually(async () => (await catalog.get('/api/products', { token })).status === 401);
  expect((await catalog.get('/api/products', { token })).body.code).toBe('TOKEN_REVOKED');
});

it('a permission change applies at a service on the next call through the gateway, though the service held the old answer', async () => {
  const created = await c.post(
    '/api/auth/register',
    { username: 'promoted', firstName: 'P', lastName: 'M', email: 'promoted@shop.iq', password: 'secret1' },
    { token: c.adminToken },
  );
  const token = await c.login('promoted', 'secret1');
  const catalog = httpClient(c.serviceUrls.catalog, { headers: { 'x-dukan-internal': c.internalToken } });
  expect((await catalog.get('/api/products', { token })).status).toBe(200); // the service now holds the old rights
  expect((await c.get('/api/products/generate-barcode', { token })).status).toBe(403);
  await c.put(
    `/api/auth/users/${created.body.data._id}/permissions`,
    { permissions: { products: ['view', 'create'] } },
    { token: c.adminToken },
  );
  expect((await c.get('/api/products/generate-barcode', { token })).status).toBe(200);
  // Asked directly, as a gateway that has not heard of the change would ask it, the service learns it from identity's event.
  await eventually(async () => (await catalog.get('/api/products/generate-barcode', { token })).status === 200);
});

it('identity sees the client address the gateway saw: one address locked, another not, a forged X-Forwarded-For ignored', async () => {
  const stranger = httpClient(c.url, { localAddress: '127.0.0.2' });
  const shop = httpClient(c.url, { localAddress: '127.0.0.3' });
  for (let i = 0; i < 5; i++) expect((await stranger.post('/api/auth/login', { username: 'admin', password: 'guess' })).status).toBe(401);
  expect((await stranger.post('/api/auth/login', { username: 'admin', password: c.adminPassword })).status).toBe(429);
  // Claiming to be someone else changes nothing: the gateway sets the header, it does not pass the client's on.
  const spoofed = await stranger.post(
    '/api/auth/login',
    { username: 'admin', password: c.adminPassword },
    { headers: { 'x-forwarded-for': '127.0.0.3' } },
  );
  expect(spoofed.status).toBe(429);
  expect((await shop.post('/api/auth/login', { username: 'admin', password: c.adminPassword })).status).toBe(200);
});

it("each service's database role reaches its own schema and nothing else", async () => {
  const asCatalog = new pg.Client({ connectionString: c.databaseUrls.catalog });
  await asCatalog.connect();
  try {
    const attempt = (sql: string) =>
      asCatalog.query(sql).then(
        () => 'allowed',
        (e: { code?: string }) => e.code,
      );
    expect(await attempt('SELECT count(*) FROM catalog.products')).toBe('allowed');
    expect(await attempt('SELECT count(*) FROM sales.outbox')).toBe('42501'); // insufficient_privilege
    expect(await attempt('SELECT count(*) FROM identity.users')).toBe('42501');
    expect(await attempt('CREATE TABLE public.stash (x int)')).toBe('42501');
    expect(await attempt('CREATE SCHEMA elsewhere')).toBe('42501');
    expect(await attempt('CREATE ROLE helper')).toBe('42501');
  } finally {
    await asCatalog.end();
  }
});

it('answers with the headers browsers expect, its own calls and the ones a service answered alike', async () => {
  for (const path of ['/api/health', '/api/products', '/api/nothing']) {
    const res = await c.get(path, { token: c.adminToken });
    expect({ path, csp: res.headers.get('content-security-policy')?.includes("default-src 'self'") }).toEqual({ path, csp: true });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-powered-by')).toBeNull();
  }
});
