import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, findNats, freePort, httpClient, tempDataDir, type TestDatabase } from '@dukan/testing';
// The cluster launcher is the same script `npm run start:cluster` uses.
// @ts-expect-error plain JavaScript module without types
import { startCluster } from '../../scripts/start-cluster.mjs';

const root = join(import.meta.dirname, '..', '..');
const built = existsSync(join(root, 'services', 'identity', 'dist', 'main.js')) && existsSync(join(root, 'gateway', 'dist', 'main.js'));
const nats = await findNats();
const describeCluster = built && nats ? describe : describe.skip;

interface Cluster { url: string; stop(): Promise<void>; stopService(s: string): Promise<void> }

describeCluster('cluster shape: every service its own process, gateway on its own port', () => {
  let db: TestDatabase;
  let dataDir: string;
  let cluster: Cluster;
  const adminPassword = `admin-${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    db = await createTestDatabase('cluster');
    dataDir = tempDataDir();
    const names = ['identity', 'catalog', 'sales', 'loyalty', 'reporting', 'expenses', 'settings', 'gateway'];
    const ports: Record<string, number> = {};
    for (const n of names) ports[n] = await freePort();
    const ns = `c${randomBytes(4).toString('hex')}`;
    cluster = await startCluster({
      ports,
      stdio: 'ignore',
      env: {
        DATABASE_URL: db.url, NATS_URL: nats, DUKAN_DATA_DIR: dataDir, DUKAN_ADMIN_PASSWORD: adminPassword,
        NATS_STREAM: ns, NATS_SUBJECT_PREFIX: `${ns}.`, LOG_LEVEL: 'warn', DB_POOL_SIZE: '3',
      },
    });
  }, 90_000);

  afterAll(async () => {
    await cluster?.stop();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('signs in through the gateway with identity in its own process, and refuses a cashier the user list', async () => {
    const api = httpClient(cluster.url);
    const login = await api.post('/api/auth/login', { username: 'admin', password: adminPassword });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ success: true, data: { username: 'admin' } });
    const token = login.body.token as string;
    const me = await api.get('/api/auth/me', { token });
    expect(me.body.data.effectivePermissions.settings).toEqual(['view', 'edit']);
    const created = await api.post('/api/auth/register', { username: 'till1', firstName: 'Till', lastName: 'One', email: 'till1@shop.iq', password: 'secret1' }, { token });
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

  it('answers 503 with the error body when the owning service is down', async () => {
    const api = httpClient(cluster.url);
    const token = (await api.post('/api/auth/login', { username: 'admin', password: adminPassword })).body.token as string;
    await cluster.stopService('settings');
    const res = await api.get('/api/settings/exchange-rate', { token });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
  });
});
