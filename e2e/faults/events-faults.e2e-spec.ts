import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { connect } from '@nats-io/transport-node';
import { EVENT_SUBJECTS } from '@dukan/contracts';
import { CATALOG_CONSUMERS } from '@dukan/catalog';
import { EXPENSES_CONSUMERS } from '@dukan/expenses';
import { LOYALTY_CONSUMERS } from '@dukan/loyalty';
import { REPORTING_CONSUMERS } from '@dukan/reporting';
import { SALES_CONSUMERS } from '@dukan/sales';
import { createTestDatabase, dropRoles, eventually, freePort, httpClient, type HttpClient, tempDataDir, type TestDatabase } from '@dukan/testing';
// @ts-expect-error plain JavaScript module without types
import { startCluster } from '../../scripts/start-cluster.mjs';
import { salePayload } from '../../services/sales/test/helpers.js';

// The cluster shape against faults of its event transport, on a NATS server of its own (so it can be stopped)
// and a database of its own. Each test prints its figures.

const root = join(import.meta.dirname, '..', '..');
const NATS_SERVER = '/usr/sbin/nats-server';
const built = existsSync(join(root, 'services', 'identity', 'dist', 'main.js')) && existsSync(join(root, 'gateway', 'dist', 'main.js'));
const describeFaults = built && existsSync(NATS_SERVER) ? describe : describe.skip;
/** How long NATS stays down while the tills sell (the issue's figure; FAULT_NATS_DOWN_MS shortens it locally). */
const NATS_DOWN_MS = Number(process.env.FAULT_NATS_DOWN_MS ?? 60_000);
const TILLS = 5;
const SERVICES = ['identity', 'catalog', 'sales', 'loyalty', 'reporting', 'expenses', 'settings'];

interface Cluster { url: string; env: Record<string, string>; stop(): Promise<void> }

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port, timeout: 500 });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => { socket.destroy(); resolve(false); });
  });
}

/** A NATS server with JetStream on its own port and store; stopped and started again on the same ones. */
class OwnNats {
  private child: ChildProcess | null = null;
  readonly storeDir = mkdtempSync(join(tmpdir(), 'dukan-faults-nats-'));
  constructor(readonly port: number) {}
  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }
  async start(): Promise<void> {
    this.child = spawn(NATS_SERVER, ['-js', '-a', '127.0.0.1', '-p', String(this.port), '-sd', this.storeDir], { stdio: 'ignore' });
    await eventually(() => portOpen(this.port), 15_000, 50);
  }
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    await new Promise((r) => { child.once('exit', r); child.kill('SIGKILL'); });
  }
  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.storeDir, { recursive: true, force: true });
  }
}

describeFaults('events under faults (cluster shape, NATS of its own)', () => {
  let db: TestDatabase;
  let dataDir: string;
  let nats: OwnNats;
  let cluster: Cluster;
  let api: HttpClient;
  let token: string;
  let sql: pg.Client;
  const ports: Record<string, number> = {};
  const adminPassword = `admin-${randomBytes(6).toString('hex')}`;
  const ns = `f${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    db = await createTestDatabase('faults');
    dataDir = tempDataDir();
    nats = new OwnNats(await freePort());
    await nats.start();
    for (const n of [...SERVICES, 'gateway']) ports[n] = await freePort();
    cluster = await startCluster({
      ports,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        DATABASE_URL: db.url, NATS_URL: nats.url, DUKAN_DATA_DIR: dataDir, DUKAN_ADMIN_PASSWORD: adminPassword,
        NATS_STREAM: ns, NATS_SUBJECT_PREFIX: `${ns}.`, NATS_STREAM_MAX_BYTES: String(64 * 1024 ** 2), LOG_LEVEL: 'fatal', DB_POOL_SIZE: '3', DB_ROLE_PREFIX: `${ns}_`,
      },
    });
    api = httpClient(cluster.url);
    token = (await api.post('/api/auth/login', { username: 'admin', password: adminPassword })).body.token as string;
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
  }, 240_000);

  afterAll(async () => {
    await sql?.end();
    await cluster?.stop();
    await nats?.dispose();
    await db?.drop();
    await dropRoles(SERVICES.map((n) => `${ns}_${n}`));
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** Every service process still answers: none has exited. */
  async function allAlive(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const s of SERVICES) out[s] = (await fetch(`http://127.0.0.1:${ports[s]}/health`).catch(() => ({ status: 0 }))).status;
    return out;
  }

  it('a malformed message on every subject ends no process; each consumer parks it, and health shows it', async () => {
    const nc = await connect({ servers: nats.url });
    for (const subject of EVENT_SUBJECTS) {
      nc.publish(`${ns}.${subject}`, 'this is not an event {');
      nc.publish(`${ns}.${subject}`, JSON.stringify({ id: 'not-a-uuid', type: subject, data: null }));
    }
    await nc.flush();
    await nc.close();
    // Every declared consumer reads its subject once: two messages each, parked.
    const consumers = [CATALOG_CONSUMERS, SALES_CONSUMERS, LOYALTY_CONSUMERS, REPORTING_CONSUMERS, EXPENSES_CONSUMERS].flat();
    const started = Date.now();
    const parked = await eventually(async () => {
      const { rows } = await sql.query(`SELECT table_schema AS s FROM information_schema.tables WHERE table_name = 'parked_events'`);
      let n = 0;
      for (const { s } of rows) n += Number((await sql.query(`SELECT count(*) AS n FROM "${s}".parked_events`)).rows[0].n);
      return n === consumers.length * 2 ? n : null;
    }, 30_000);
    console.log(`malformed: ${EVENT_SUBJECTS.length * 2} messages on ${EVENT_SUBJECTS.length} subjects; ${parked} parked by ${consumers.length} consumers in ${Date.now() - started} ms`);
    expect(await allAlive()).toEqual(Object.fromEntries(SERVICES.map((s) => [s, 200])));
    const health = await api.get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('degraded');
    expect(health.body.checks).toMatchObject({ catalog: 'degraded', sales: 'degraded', loyalty: 'degraded', reporting: 'degraded', expenses: 'degraded', identity: 'up' });
    // Listed by the command, with the reason.
    const listed = await new Promise<string>((resolve) => {
      const child = spawn(process.execPath, [join(root, 'scripts', 'events.mjs'), 'parked'], { env: { ...process.env, DATABASE_URL: db.url } });
      let out = '';
      child.stdout.on('data', (d) => { out += String(d); });
      child.on('exit', () => resolve(out));
    });
    expect(listed).toContain(`${parked} parked.`);
    expect(listed).toContain('error: not JSON');
    // Dropped by hand, the shop is healthy again.
    for (const s of ['catalog', 'sales', 'loyalty', 'reporting', 'expenses']) await sql.query(`DELETE FROM "${s}".parked_events`);
    await eventually(async () => (await api.get('/api/health')).body.status === 'up');
  }, 90_000);

  it('PostgreSQL cuts every connection during sales (as a restart does): tills retrying their key get one sale each, nothing lost', async () => {
    const category = await api.post('/api/categories', { name: { en: 'Restart', ku: 'دەستپێکردنەوە' } }, { token });
    const barcode = (await api.get('/api/products/generate-barcode', { token })).body.barcode as string;
    const created = await api.post('/api/products', {
      sku: 'RESTART-1', barcode, name: { en: 'Restart item', ku: 'کاڵا' }, category: category.body._id, price: 3, cost: 1, quantity: 100_000,
    }, { token });
    expect(created.status).toBe(201);
    const product = { id: created.body._id as string, sku: 'RESTART-1', priceCents: 300, discountPercent: 0, costCents: 100 };
    await eventually(async () => (await sql.query(`SELECT 1 FROM sales.product_prices WHERE product_id = $1`, [product.id])).rowCount === 1);
    const salesBefore = Number((await sql.query(`SELECT count(*) AS n FROM sales.sales`)).rows[0].n);

    const cutEveryConnection = () => sql.query(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    let stop = false;
    let cuts = 0;
    const cutter = (async () => {
      while (!stop) {
        await new Promise((r) => setTimeout(r, 1500));
        if (!stop) cuts += (await cutEveryConnection()).rows[0].n as number;
      }
    })();
    const sold = new Map<string, string>(); // idempotency key -> sale id
    let retries = 0;
    await Promise.all(Array.from({ length: TILLS }, async (_, till) => {
      for (let n = 0; n < 25; n++) {
        const key = `restart-${till}-${n}`;
        const body = salePayload([{ product, quantity: 1 }], { register: `till-${till}` });
        for (let attempt = 0; ; attempt++) {
          const res = await api.post('/api/transactions', body, { token, headers: { 'idempotency-key': key } }).catch(() => null);
          if (res?.status === 201) {
            if (sold.has(key) && sold.get(key) !== res.body.data._id) throw new Error(`a retry of ${key} made a second sale`);
            sold.set(key, res.body.data._id as string);
            break;
          }
          retries++;
          if (attempt > 100) throw new Error(`${key} never answered`);
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    }));
    stop = true;
    await cutter;
    const recorded = Number((await sql.query(`SELECT count(*) AS n FROM sales.sales`)).rows[0].n) - salesBefore;
    const started = Date.now();
    const stockMissing = async () => {
      const [{ q }] = (await sql.query(`SELECT quantity AS q FROM catalog.stock_levels WHERE product_id = $1`, [product.id])).rows;
      return Number(q) - (100_000 - sold.size);
    };
    const converged = await eventually(async () => ((await stockMissing()) === 0 ? true : null), 60_000).catch(() => false);
    console.log(
      `PostgreSQL connections cut ${cuts} times during ${sold.size} sales by ${TILLS} tills: ${retries} retries, ${recorded - sold.size} sales lost or doubled in sales, ` +
      `stock ${(await stockMissing()) === 0 ? 'exact' : `off by ${await stockMissing()}`} ${((Date.now() - started) / 1000).toFixed(1)} s after the last sale`,
    );
    expect(cuts).toBeGreaterThan(0);
    expect(recorded).toBe(sold.size);
    expect(converged).toBe(true);
    expect(await allAlive()).toEqual(Object.fromEntries(SERVICES.map((s) => [s, 200])));
  }, 180_000);

  it(`NATS down for ${NATS_DOWN_MS / 1000} s while ${TILLS} tills sell: every sale answered; stock and reports converge once it is back`, async () => {
    const category = await api.post('/api/categories', { name: { en: 'Faults', ku: 'هەڵە' } }, { token });
    const products: { id: string; sku: string; priceCents: number; discountPercent: number; costCents: number }[] = [];
    for (let i = 0; i < TILLS; i++) {
      const barcode = (await api.get('/api/products/generate-barcode', { token })).body.barcode as string;
      const res = await api.post('/api/products', {
        sku: `FAULT-${i}`, barcode, name: { en: `Fault item ${i}`, ku: `کاڵا ${i}` }, category: category.body._id, price: 2, cost: 1, quantity: 100_000,
      }, { token });
      expect({ status: res.status, body: res.status === 201 ? null : res.body }).toEqual({ status: 201, body: null });
      products.push({ id: res.body._id as string, sku: `FAULT-${i}`, priceCents: 200, discountPercent: 0, costCents: 100 });
    }
    // The first till sells to a loyalty customer: their points and purchases must follow too.
    const customer = await api.post('/api/customers', { firstName: 'Rezan', lastName: 'Omer', phone: '07501112299' }, { token });
    expect(customer.status).toBe(201);
    const customerId = customer.body._id as string;
    // Sales knows every product (and the customer) before the fault.
    await eventually(async () => (await sql.query(`SELECT 1 FROM sales.customers WHERE customer_id = $1`, [customerId])).rowCount === 1);
    for (const p of products) {
      await eventually(async () => (await sql.query(`SELECT 1 FROM sales.product_prices WHERE product_id = $1`, [p.id])).rowCount === 1);
    }

    const salesBefore = Number((await sql.query(`SELECT count(*) AS n FROM sales.sales`)).rows[0].n);
    const reportedBefore = Number((await sql.query(`SELECT count(*) AS n FROM reporting.sales`)).rows[0].n);
    await nats.stop();
    const downAt = Date.now();
    let answered = 0;
    let refused = 0;
    let toCustomer = 0;
    await Promise.all(products.map(async (p, till) => {
      let n = 0;
      while (Date.now() - downAt < NATS_DOWN_MS) {
        const body = salePayload([{ product: p, quantity: 1 + (n % 3) }], { register: `till-${till}`, ...(till === 0 ? { customer: customerId } : {}) });
        const res = await api.post('/api/transactions', body, { token, headers: { 'idempotency-key': `fault-${till}-${n}` } });
        if (res.status === 201) {
          answered++;
          if (till === 0) toCustomer++;
        } else refused++;
        n++;
        await new Promise((r) => setTimeout(r, 100));
      }
    }));
    await nats.start();
    const backAt = Date.now();

    const soldRows = async () => (await sql.query(
      `SELECT l.product_id::text AS id, sum(l.quantity)::int AS sold FROM sales.sale_lines l WHERE l.product_id = ANY($1::uuid[]) GROUP BY 1`,
      [products.map((p) => p.id)],
    )).rows as { id: string; sold: number }[];
    const figures = async () => {
      const sold = new Map((await soldRows()).map((r) => [r.id, r.sold]));
      const stock = new Map(((await sql.query(`SELECT product_id::text AS id, quantity FROM catalog.stock_levels WHERE product_id = ANY($1::uuid[])`, [products.map((p) => p.id)])).rows as { id: string; quantity: number }[]).map((r) => [r.id, r.quantity]));
      const salesCount = Number((await sql.query(`SELECT count(*) AS n FROM sales.sales`)).rows[0].n) - salesBefore;
      const reported = Number((await sql.query(`SELECT count(*) AS n FROM reporting.sales`)).rows[0].n) - reportedBefore;
      // Positive: an effect missing (lost so far); negative: an effect applied twice.
      const stockMissing = products.reduce((t, p) => t + ((stock.get(p.id) ?? 0) - (100_000 - (sold.get(p.id) ?? 0))), 0);
      const purchases = Number((await api.get(`/api/customers/${customerId}`, { token })).body.purchaseCount ?? -1);
      return { salesCount, reported, stockMissing, reportMissing: salesCount - reported, pointsMissing: toCustomer - purchases };
    };
    const converged = await eventually(async () => {
      const f = await figures();
      return f.stockMissing === 0 && f.reportMissing === 0 && f.pointsMissing === 0 ? f : null;
    }, 120_000, 250).catch(async () => figures());
    const convergenceMs = Date.now() - backAt;
    const final = await figures();
    console.log(
      `NATS down ${NATS_DOWN_MS / 1000} s, ${TILLS} tills: ${answered} sales answered, ${refused} refused; ` +
      `${final.salesCount - answered} sales in sales beyond those answered; after NATS returned: stock ${final.stockMissing > 0 ? `${final.stockMissing} units not yet taken off (lost)` : final.stockMissing < 0 ? `${-final.stockMissing} units taken off twice (doubled)` : 'exact (0 lost, 0 doubled)'}, ` +
      `points ${final.pointsMissing > 0 ? `${final.pointsMissing} purchases missing (lost)` : final.pointsMissing < 0 ? `${-final.pointsMissing} extra (doubled)` : 'exact (0 lost, 0 doubled)'}, ` +
      `reports ${final.reportMissing > 0 ? `${final.reportMissing} sales missing (lost)` : final.reportMissing < 0 ? `${-final.reportMissing} extra (doubled)` : 'exact (0 lost, 0 doubled)'}; converged ${(convergenceMs / 1000).toFixed(1)} s after NATS returned`,
    );
    expect(refused).toBe(0);
    expect(final.salesCount).toBe(answered);
    expect(converged).toMatchObject({ stockMissing: 0, reportMissing: 0, pointsMissing: 0 });
    expect(await allAlive()).toEqual(Object.fromEntries(SERVICES.map((s) => [s, 200])));
  }, NATS_DOWN_MS + 240_000);
});
