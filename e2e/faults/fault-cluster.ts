import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import {
  createTestDatabase,
  dropRoles,
  eventually,
  findNats,
  freePort,
  httpClient,
  type HttpClient,
  tempDataDir,
  type TestDatabase,
} from '@dukan/testing';
// @ts-expect-error plain JavaScript module without types
import { startCluster } from '../../scripts/start-cluster.mjs';

// What every fault test starts from: the cluster shape (the same launcher as `npm run start:cluster`) on a
// database of its own, with NATS either shared (a stream of its own) or a server of its own that the test may
// stop and start. Every wait here has a deadline.

export const root = join(import.meta.dirname, '..', '..');
export const NATS_SERVER = '/usr/sbin/nats-server';
export const SERVICES = ['identity', 'catalog', 'sales', 'loyalty', 'reporting', 'expenses', 'settings'];
export const built =
  existsSync(join(root, 'services', 'identity', 'dist', 'main.js')) && existsSync(join(root, 'gateway', 'dist', 'main.js'));

export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port, timeout: 500 });
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
}

/** `promise`, or a rejection naming `what` once `ms` have passed: no wait of a fault test is open-ended. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** How long a fault test's cluster may take to come up (each process is given 4 minutes). */
export const START_MS = 600_000;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A NATS server with JetStream on its own port and store; stopped and started again on the same ones. */
export class OwnNats {
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
    await within(
      new Promise((r) => {
        child.once('exit', r);
        child.kill('SIGKILL');
      }),
      10_000,
      'nats-server exit',
    );
  }
  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.storeDir, { recursive: true, force: true });
  }
}

export interface Cluster {
  url: string;
  env: Record<string, string>;
  processPorts: Record<string, number>;
  stop(): Promise<void>;
  stopService(name: string): Promise<void>;
  killService(name: string): Promise<void>;
  startService(name: string): Promise<void>;
}

export interface FaultCluster {
  cluster: Cluster;
  api: HttpClient;
  token: string;
  sql: pg.Client;
  db: TestDatabase;
  /** The NATS server of the test's own, when asked for. */
  ownNats: OwnNats | null;
  natsUrl: string;
  /** The stream's name, also the prefix of its subjects (`<ns>.dukan.…`). */
  ns: string;
  /** Each service process's /health status (0: it does not answer). */
  statuses(): Promise<Record<string, number>>;
  dispose(): Promise<void>;
}

export interface FaultClusterOptions {
  ownNats?: boolean;
  /** A database made elsewhere (on a PostgreSQL of the test's own); else one on the test PostgreSQL. */
  database?: TestDatabase;
  replicas?: Record<string, number>;
  env?: Record<string, string>;
}

/** Where a fault cluster's processes write their log: a file under FAULT_LOG_DIR when it is set, or nowhere. */
function logFile(label: string): 'ignore' | number {
  const dir = process.env.FAULT_LOG_DIR;
  if (!dir) return 'ignore';
  mkdirSync(dir, { recursive: true });
  return openSync(join(dir, `${label}.log`), 'a');
}

export async function startFaultCluster(label: string, options: FaultClusterOptions = {}): Promise<FaultCluster> {
  const db = options.database ?? (await createTestDatabase(label, { migrated: true }));
  const dataDir = tempDataDir();
  const ns = `${label.slice(0, 1)}${randomBytes(4).toString('hex')}`;
  const ownNats = options.ownNats ? new OwnNats(await freePort()) : null;
  if (ownNats) await ownNats.start();
  const natsUrl = ownNats?.url ?? (await findNats());
  if (!natsUrl) throw new Error('no NATS server');
  const ports: Record<string, number> = {};
  for (const n of [...SERVICES, 'gateway']) ports[n] = await freePort();
  const adminPassword = `admin-${randomBytes(6).toString('hex')}`;
  const cluster = (await startCluster({
    ports,
    replicas: options.replicas ?? {},
    // A dozen processes starting at once on a machine shared with other test runs take their time.
    readyTimeoutMs: 240_000,
    // FAULT_LOG_DIR: every process's log lines (at FAULT_LOG_LEVEL, default warn) into <dir>/<label>.log, to see why a run failed.
    stdio: ['ignore', logFile(label), 'inherit'],
    env: {
      DATABASE_URL: db.url,
      NATS_URL: natsUrl,
      DUKAN_DATA_DIR: dataDir,
      DUKAN_ADMIN_PASSWORD: adminPassword,
      NATS_STREAM: ns,
      NATS_SUBJECT_PREFIX: `${ns}.`,
      NATS_STREAM_MAX_BYTES: String(64 * 1024 ** 2),
      LOG_LEVEL: process.env.FAULT_LOG_DIR ? (process.env.FAULT_LOG_LEVEL ?? 'warn') : 'fatal',
      DB_POOL_SIZE: '3',
      DB_ROLE_PREFIX: `${ns}_`,
      ...options.env,
    },
  })) as Cluster;
  const api = httpClient(cluster.url);
  const token = (await api.post('/api/auth/login', { username: 'admin', password: adminPassword })).body.token as string;
  const sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  sql.on('error', () => undefined); // a test that restarts PostgreSQL connects afresh
  const statuses = async () => {
    const out: Record<string, number> = {};
    for (const [name, port] of Object.entries(cluster.processPorts)) {
      if (name !== 'gateway')
        out[name] = (
          await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(5000) }).catch(() => ({ status: 0 }))
        ).status;
    }
    return out;
  };
  const dispose = async () => {
    await sql.end().catch(() => undefined);
    await cluster.stop();
    if (ownNats) await ownNats.dispose();
    else {
      // The stream reserves its byte limit on the shared server: it goes with the test.
      const nc = await connect({ servers: natsUrl });
      await (await jetstreamManager(nc)).streams.delete(ns).catch(() => undefined);
      await nc.close();
    }
    await db.drop();
    await dropRoles(SERVICES.map((n) => `${ns}_${n}`));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { cluster, api, token, sql, db, ownNats, natsUrl, ns, statuses, dispose };
}

export interface TestProduct {
  id: string;
  sku: string;
  priceCents: number;
  discountPercent: number;
  costCents: number;
}

/** A product made through the API, once sales knows it (its price replica has it). */
export async function sellableProduct(f: FaultCluster, sku: string, priceCents: number, quantity: number): Promise<TestProduct> {
  const { api, token } = f;
  // A cluster that has only just come up on a loaded machine may still answer 503 (its owner not ready): asked again.
  const category = await eventually(async () => {
    const res = await api.post('/api/categories', { name: { en: `Faults ${sku}`, ku: `هەڵە ${sku}` } }, { token });
    return res.status === 201 ? res : null;
  }, 60_000);
  const barcode = await eventually(async () => {
    const res = await api.get('/api/products/generate-barcode', { token });
    return res.status === 200 ? (res.body.barcode as string) : null;
  }, 60_000);
  const res = await api.post(
    '/api/products',
    {
      sku,
      barcode,
      name: { en: `Item ${sku}`, ku: `کاڵا ${sku}` },
      category: category.body._id,
      price: priceCents / 100,
      cost: 1,
      quantity,
    },
    { token },
  );
  if (res.status !== 201) throw new Error(`product ${sku}: ${res.status} ${res.text}`);
  const id = res.body._id as string;
  await eventually(
    async () => (await f.sql.query(`SELECT 1 FROM sales.product_prices WHERE product_id = $1`, [id])).rowCount === 1,
    30_000,
  );
  return { id, sku, priceCents, discountPercent: 0, costCents: 100 };
}

/** A loyalty customer, once sales knows them. */
export async function knownCustomer(f: FaultCluster, phone: string): Promise<string> {
  const res = await f.api.post('/api/customers', { firstName: 'Rezan', lastName: 'Omer', phone }, { token: f.token });
  if (res.status !== 201) throw new Error(`customer: ${res.status} ${res.text}`);
  const id = res.body._id as string;
  await eventually(async () => (await f.sql.query(`SELECT 1 FROM sales.customers WHERE customer_id = $1`, [id])).rowCount === 1, 30_000);
  return id;
}

export async function count(sql: pg.Client, query: string, params: unknown[] = []): Promise<number> {
  return Number((await sql.query(query, params)).rows[0].n);
}

/** Events parked (refused) by every service's consumers. */
export async function parkedCount(sql: pg.Client): Promise<number> {
  let n = 0;
  for (const { s } of (await sql.query(`SELECT table_schema AS s FROM information_schema.tables WHERE table_name = 'parked_events'`))
    .rows) {
    n += await count(sql, `SELECT count(*) AS n FROM "${s}".parked_events`);
  }
  return n;
}

export interface SaleTally {
  requests: number;
  retries: number;
  statuses: Record<string, number>;
}

/**
 * One sale as a till makes it: sent, and sent again with the same Idempotency-Key until answered 201 (503 while
 * a service is down, 409 while a dead request's claim stands, and any of `retryOn`), within `deadlineMs`.
 */
export async function sellUntilAnswered(
  api: HttpClient,
  token: string,
  key: string,
  body: unknown,
  tally: SaleTally,
  o: { deadlineMs: number; retryOn?: number[]; sending?: (on: boolean) => void },
): Promise<{ saleId: string; invoice: string; attempts: number }> {
  const until = Date.now() + o.deadlineMs;
  const retryOn = [409, 502, 503, 504, ...(o.retryOn ?? [])];
  for (let attempt = 1; ; attempt++) {
    o.sending?.(true);
    tally.requests++;
    const res = await within(api.post('/api/transactions', body, { token, headers: { 'idempotency-key': key } }), 40_000, key).catch(
      () => null,
    );
    o.sending?.(false);
    const status = res ? String(res.status) : 'no answer';
    tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
    if (res?.status === 201)
      return { saleId: res.body.data._id as string, invoice: res.body.data.invoiceNumber as string, attempts: attempt };
    if (res && !retryOn.includes(res.status)) throw new Error(`${key}: refused with ${res.status} ${res.text}`);
    if (Date.now() > until)
      throw new Error(
        `${key}: not answered within ${o.deadlineMs} ms (${attempt} attempts; the last: ${res ? `${res.status} ${res.text.slice(0, 200)}` : 'no answer'})`,
      );
    tally.retries++;
    await sleep(100);
  }
}

export interface Effects {
  stockOff: number;
  purchases: number;
  reported: number;
}

/**
 * The sales' effects elsewhere, once they equal `expected` (or as they stand after `ms`): units taken off the
 * product's stock of `stock`, the customer's purchases (loyalty) and the sales reported.
 */
export async function settledEffects(
  f: FaultCluster,
  sql: pg.Client,
  product: { id: string; stock: number },
  customer: string,
  expected: Effects,
  ms = 60_000,
): Promise<Effects & { seconds: number }> {
  const started = Date.now();
  const effects = async (): Promise<Effects> => ({
    stockOff:
      product.stock -
      Number((await sql.query(`SELECT quantity FROM catalog.stock_levels WHERE product_id = $1`, [product.id])).rows[0].quantity),
    purchases: Number((await f.api.get(`/api/customers/${customer}`, { token: f.token })).body.purchaseCount ?? -1),
    reported: await count(sql, `SELECT count(*) AS n FROM reporting.sales`),
  });
  const settled = await eventually(
    async () => {
      const e = await effects();
      return e.stockOff === expected.stockOff && e.purchases === expected.purchases && e.reported === expected.reported ? e : null;
    },
    ms,
    250,
  ).catch(() => effects());
  return { ...settled, seconds: (Date.now() - started) / 1000 };
}
