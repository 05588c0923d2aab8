import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { createTestDatabase, dropRoles, eventually, findNats, freePort, httpClient, tempDataDir, type TestDatabase } from '@dukan/testing';
// @ts-expect-error plain JavaScript module without types
import { startCluster } from '../../scripts/start-cluster.mjs';
import { salePayload } from '../../services/sales/test/helpers.js';

// Two processes each of sales and catalog against one database and one NATS: the gateway spreads the calls,
// the processes share their consumers, and every sale takes its stock off once.

const root = join(import.meta.dirname, '..', '..');
const built = existsSync(join(root, 'services', 'sales', 'dist', 'main.js')) && existsSync(join(root, 'gateway', 'dist', 'main.js'));
const nats = await findNats();
const describeCluster = built && nats ? describe : describe.skip;
const SERVICES = ['identity', 'catalog', 'sales', 'loyalty', 'reporting', 'expenses', 'settings'];

describeCluster('replicas: sales=2, catalog=2', () => {
  let db: TestDatabase;
  let dataDir: string;
  let cluster: { url: string; processPorts: Record<string, number>; stop(): Promise<void> };
  let sql: pg.Client;
  const ports: Record<string, number> = {};
  const adminPassword = `admin-${randomBytes(6).toString('hex')}`;
  const ns = `r${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    db = await createTestDatabase('replicas');
    dataDir = tempDataDir();
    for (const n of [...SERVICES, 'gateway']) ports[n] = await freePort();
    cluster = await startCluster({
      ports,
      replicas: { sales: 2, catalog: 2 },
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        DATABASE_URL: db.url, NATS_URL: nats, DUKAN_DATA_DIR: dataDir, DUKAN_ADMIN_PASSWORD: adminPassword, NATS_STREAM: ns,
        NATS_SUBJECT_PREFIX: `${ns}.`, NATS_STREAM_MAX_BYTES: String(64 * 1024 ** 2), LOG_LEVEL: 'fatal', DB_POOL_SIZE: '3', DB_ROLE_PREFIX: `${ns}_`,
      },
    });
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
  }, 240_000);

  afterAll(async () => {
    await sql?.end();
    await cluster?.stop();
    const nc = await connect({ servers: nats! });
    await (await jetstreamManager(nc)).streams.delete(ns).catch(() => undefined);
    await nc.close();
    await db?.drop();
    await dropRoles(SERVICES.map((n) => `${ns}_${n}`));
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('five tills sell through both sales processes; stock and reports count every sale once', async () => {
    const api = httpClient(cluster.url);
    const health = await api.get('/api/health');
    expect(health.body.checks).toMatchObject({ sales: 'up', 'sales#2': 'up', catalog: 'up', 'catalog#2': 'up' });
    const token = (await api.post('/api/auth/login', { username: 'admin', password: adminPassword })).body.token as string;
    const category = await api.post('/api/categories', { name: { en: 'Replicas', ku: 'دووبارە' } }, { token });
    const barcode = (await api.get('/api/products/generate-barcode', { token })).body.barcode as string;
    const created = await api.post('/api/products', {
      sku: 'REPLICA-1', barcode, name: { en: 'Replica item', ku: 'کاڵا' }, category: category.body._id, price: 4, cost: 1, quantity: 10_000,
    }, { token });
    expect(created.status).toBe(201);
    const product = { id: created.body._id as string, sku: 'REPLICA-1', priceCents: 400, discountPercent: 0, costCents: 100 };
    await eventually(async () => (await sql.query(`SELECT 1 FROM sales.product_prices WHERE product_id = $1`, [product.id])).rowCount === 1);

    const statuses: number[] = [];
    await Promise.all(Array.from({ length: 5 }, async (_, till) => {
      for (let n = 0; n < 30; n++) {
        const body = salePayload([{ product, quantity: 2 }], { register: `till-${till}` });
        statuses.push((await api.post('/api/transactions', body, { token, headers: { 'idempotency-key': `replica-${till}-${n}` } })).status);
      }
    }));
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    const started = Date.now();
    const figures = async () => ({
      sales: Number((await sql.query(`SELECT count(*) AS n FROM sales.sales`)).rows[0].n),
      stock: Number((await sql.query(`SELECT quantity FROM catalog.stock_levels WHERE product_id = $1`, [product.id])).rows[0].quantity),
      reported: Number((await sql.query(`SELECT count(*) AS n FROM reporting.sales`)).rows[0].n),
    });
    const final = await eventually(async () => {
      const f = await figures();
      return f.stock === 10_000 - 2 * 150 && f.reported === 150 ? f : null;
    }, 60_000).catch(() => figures());
    console.log(`replicas sales=2 catalog=2: ${statuses.length} sales answered, ${final.sales} recorded, stock ${10_000 - final.stock} units off (300 sold), reports ${final.reported}; settled ${((Date.now() - started) / 1000).toFixed(1)} s after the last sale`);
    expect(final).toEqual({ sales: 150, stock: 10_000 - 300, reported: 150 });
  }, 120_000);
});
