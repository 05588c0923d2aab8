import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { networkInterfaces } from 'node:os';
import { createConnection } from 'node:net';
import pg from 'pg';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { createTestDatabase, dropRoles, eventually, findNats, freePort, httpClient, tempDataDir, type TestDatabase } from '@dukan/testing';
// The cluster launcher is the same script `npm run start:cluster` uses.
// @ts-expect-error plain JavaScript module without types
import { startCluster } from '../../scripts/start-cluster.mjs';

const root = join(import.meta.dirname, '..', '..');
const built = existsSync(join(root, 'services', 'identity', 'dist', 'main.js')) && existsSync(join(root, 'gateway', 'dist', 'main.js'));
const nats = await findNats();
const describeCluster = built && nats ? describe : describe.skip;

import { salePayload } from '../../services/sales/test/helpers.js';

interface Cluster {
  url: string;
  env: Record<string, string>;
  stop(): Promise<void>;
  stopService(s: string): Promise<void>;
  startService(s: string): Promise<void>;
}

describeCluster('cluster shape: every service its own process, gateway on its own port', () => {
  let db: TestDatabase;
  let dataDir: string;
  let cluster: Cluster;
  const ports: Record<string, number> = {};
  const adminPassword = `admin-${randomBytes(6).toString('hex')}`;
  const ns = `c${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    db = await createTestDatabase('cluster', { migrated: true });
    dataDir = tempDataDir();
    const names = ['identity', 'catalog', 'sales', 'loyalty', 'reporting', 'expenses', 'settings', 'gateway'];
    for (const n of names) ports[n] = await freePort();

    cluster = await startCluster({
      ports,
      stdio: 'ignore',
      env: {
        DATABASE_URL: db.url,
        NATS_URL: nats,
        DUKAN_DATA_DIR: dataDir,
        DUKAN_ADMIN_PASSWORD: adminPassword,
        NATS_STREAM: ns,
        NATS_SUBJECT_PREFIX: `${ns}.`,
        NATS_STREAM_MAX_BYTES: String(64 * 1024 ** 2),
        LOG_LEVEL: 'warn',
        DB_POOL_SIZE: '3',
        DB_ROLE_PREFIX: `${ns}_`,
      },
    });
  }, 240_000);

  afterAll(async () => {
    await cluster?.stop();
    // The stream reserves its byte limit on the server: it goes with the test.
    const nc = await connect({ servers: nats! });
    await (await jetstreamManager(nc)).streams.delete(ns).catch(() => undefined);
    await nc.close();
    await db?.drop();
    await dropRoles(
      Object.keys(ports)
        .filter((n) => n !== 'gateway')
        .map((n) => `${ns}_${n}`),
    );
    rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);

  it('a logout that did not pass through this gateway still ends the session there, through the identity event', async () => {
    const api = httpClient(cluster.url);
    const admin = (await api.post('/api/auth/login', { username: 'admin', password: adminPassword })).body.token as string;
    await api.post(
      '/api/auth/register',
      { username: 'elsewhere', firstName: 'Else', lastName: 'Where', email: 'elsewhere@shop.iq', password: 'secret1' },
      { token: admin },
    );
    const token = (await api.post('/api/auth/login', { username: 'elsewhere', password: 'secret1' })).body.token as string;
    expect((await api.get('/api/auth/me', { token })).status).toBe(200); // the gateway now holds this session
    // Straight at identity, as another gateway would (with the internal token): this gateway sees only the event.
    const direct = httpClient(`http://127.0.0.1:${ports.identity}`, { headers: { 'x-dukan-internal': cluster.env.INTERNAL_TOKEN! } });
    expect((await direct.post('/api/auth/logout', {}, { token })).status).toBe(200);
    const started = Date.now();
    await eventually(async () => (await api.get('/api/auth/me', { token })).status === 401, 5_000);
    // Well inside the gateway's 2 s cache lifetime: the event, not the expiry, ended it.
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('signs in through the gateway with identity in its own process, and refuses a cashier the user list', async () => {
    const api = httpClient(cluster.url);
    const login = await api.post('/api/auth/login', { username: 'admin', password: adminPassword });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ success: true, data: { username: 'admin' } });
    const token = login.body.token as string;
    const me = await api.get('/api/auth/me', { token });
    expect(me.body.data.effectivePermissions.settings).toEqual(['view', 'edit']);
    const created = await api.post(
      '/api/auth/register',
      { username: 'till1', firstName: 'Till', lastName: 'One', email: 'till1@shop.iq', password: 'secret1' },
      { token },
    );
    expect(created.status).toBe(201);
    const cashier = (await api.post('/api/auth/login', { username: 'till1', password: 'secret1' })).body.token as string;
    const denied = await api.get('/api/auth/users', { token: cashier });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('FORBIDDEN');
    // The gateway checks the token version with identity on every call: logout is immediate here too.
    await api.post('/api/auth/logout', undefined, { token: cashier });
    expect((await api.get('/api/auth/me', { token: cashier })).status).toBe(401);
    // The correlation id travels through the proxy.
    const traced = await api.get('/api/auth/me', { token, headers: { 'x-correlation-id': 'trace-cluster-0001' } });
    expect(traced.headers.get('x-correlation-id')).toBe('trace-cluster-0001');
  });

  it('sells with loyalty stopped; the points, the purchase and the stock change arrive when it is back', async () => {
    const api = httpClient(cluster.url);
    const token = (await api.post('/api/auth/login', { username: 'admin', password: adminPassword })).body.token as string;
    const category = await api.post('/api/categories', { name: { en: 'Tea', ku: 'چا' } }, { token });
    expect(category.status).toBe(201);
    const product = await api.post(
      '/api/products',
      {
        sku: 'TEA-1',
        barcode: '9990001000018',
        name: { en: 'Black tea', ku: 'چای ڕەش' },
        category: category.body._id,
        price: 25,
        cost: 10,
        quantity: 50,
      },
      { token },
    );
    expect(product.status).toBe(201);
    const customer = await api.post('/api/customers', { firstName: 'Rezan', lastName: 'Omer', phone: '07501112233' }, { token });
    expect(customer.status).toBe(201);

    await cluster.stopService('loyalty');
    const line = { product: { id: product.body._id, sku: 'TEA-1', priceCents: 2500, discountPercent: 0, costCents: 1000 }, quantity: 2 };
    const body = salePayload([line], { customer: customer.body._id });
    // Sales learns the product from catalog's event over JetStream; until then it refuses the line.
    const sale = await eventually(async () => {
      const res = await api.post('/api/transactions', body, { token, headers: { 'idempotency-key': `loyalty-down-${customer.body._id}` } });
      return res.status === 201 ? res : null;
    });
    expect(sale.body.data.total).toBe(50);
    expect((await api.get(`/api/customers/${customer.body._id}`, { token })).status).toBe(503);

    await cluster.startService('loyalty');
    const after = await eventually(async () => {
      const res = await api.get(`/api/customers/${customer.body._id}`, { token });
      return res.status === 200 && res.body.purchaseCount === 1 ? res.body : null;
    });
    expect(after.loyaltyPoints).toBeGreaterThan(0);
    expect(after.totalSpent).toBe(50);
    const stock = await eventually(async () => {
      const res = await api.get(`/api/products/${product.body._id}`, { token });
      return res.body.quantity === 48 ? res.body : null;
    });
    expect(stock.quantity).toBe(48);
  }, 240_000); // loyalty stopped and started again: two of a busy machine's slowest steps

  it('keeps the services off the network: they listen on 127.0.0.1 only, refuse straight calls, and use roles of their own', async () => {
    const reach = (host: string, port: number) =>
      new Promise<boolean>((resolve) => {
        const socket = createConnection({ host, port, timeout: 1000 });
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
        socket.once('timeout', () => {
          socket.destroy();
          resolve(false);
        });
      });
    const outward = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
    for (const service of ['identity', 'catalog', 'sales']) {
      expect(await reach('127.0.0.1', ports[service]!)).toBe(true);
      if (outward) expect({ service, outward: await reach(outward, ports[service]!) }).toEqual({ service, outward: false });
    }
    const api = httpClient(cluster.url);
    const token = (await api.post('/api/auth/login', { username: 'admin', password: adminPassword })).body.token as string;
    expect((await httpClient(`http://127.0.0.1:${ports.catalog}`).get('/api/products', { token })).status).toBe(403);
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      const { rows } = await c.query(
        `SELECT nspname AS schema, pg_get_userbyid(nspowner) AS owner FROM pg_namespace WHERE nspname IN ('identity', 'catalog', 'sales') ORDER BY 1`,
      );
      expect(rows).toEqual([
        { schema: 'catalog', owner: `${ns}_catalog` },
        { schema: 'identity', owner: `${ns}_identity` },
        { schema: 'sales', owner: `${ns}_sales` },
      ]);
    } finally {
      await c.end();
    }
  });

  it('serves the app and the API with the headers browsers expect', async () => {
    for (const [path, accept] of [
      ['/', 'text/html'],
      ['/api/auth/login', 'application/json'],
    ] as const) {
      const res = await fetch(`${cluster.url}${path}`, { headers: { accept }, ...(path === '/' ? {} : { method: 'POST', body: '{}' }) });
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('answers 503 with the error body when the owning service is down', async () => {
    const api = httpClient(cluster.url);
    const token = (await api.post('/api/auth/login', { username: 'admin', password: adminPassword })).body.token as string;
    await cluster.stopService('settings');
    const res = await api.get('/api/settings/exchange-rate', { token });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
  });
});
