// Checkout: 20 tills ringing up sales of 3-5 lines through the gateway, as fast as the app answers, in the
// all-in-one and the cluster shape; beside it a plain SQL script doing the same inserts and updates on the same
// PostgreSQL with 20 connections. Prints sales per second, p50/p99 latency, the ratio, and resident memory.
//
//   node bench/checkout/bench.mjs                          both shapes (cluster skipped without NATS)
//   BENCH_SHAPES=all-in-one BENCH_SECONDS=30 node bench/checkout/bench.mjs
//   BENCH_SHAPES=cluster BENCH_REPLICAS=sales=2,catalog=2 node bench/checkout/bench.mjs   two processes each
//   BENCH_URL=http://127.0.0.1:5000 BENCH_USERNAME=admin BENCH_PASSWORD=… [BENCH_PID=…] node bench/checkout/bench.mjs
//                                                          measure a running app; the SQL baseline then needs DATABASE_URL
// PostgreSQL: DATABASE_URL's server, else 127.0.0.1:5432. NATS: NATS_URL, else 127.0.0.1:4222.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { adminQuery, freePort, memoryMb, percentile, sleep, withDatabase } from '../lib.mjs';

const root = join(import.meta.dirname, '..', '..');
const TILLS = Number(process.env.BENCH_TILLS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 3);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 60);
/** The second run offers this share of the measured maximum, for latency under a busy but not saturated load. */
const PACED_SHARE = Number(process.env.BENCH_PACED_SHARE ?? 0.5);
const SHAPES = (process.env.BENCH_SHAPES ?? 'all-in-one,cluster').split(',').map((s) => s.trim()).filter(Boolean);
const PASSWORD = 'bench-admin-pw';

// ---------------------------------------------------------------------------------------------- small tools

const fmt = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '-');

function portOpen(host, port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port, timeout: 1000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/** Every process whose parent is this one (the app's processes), for memory readings. */
function childPids() {
  const pids = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid) pids.push(Number(name));
    } catch {
      /* gone */
    }
  }
  return pids;
}

/** CPU seconds (user + system) used so far by each of the app's processes and by PostgreSQL's and NATS's, by name. */
function cpuByProcess(pids) {
  const tick = 100; // USER_HZ on Linux
  const out = {};
  const add = (name, pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out[name] = (out[name] ?? 0) + (Number(f[11]) + Number(f[12])) / tick;
    } catch {
      /* gone */
    }
  };
  for (const pid of pids) {
    let name = String(pid);
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const main = cmd.find((a) => a.endsWith('main.js')) ?? '';
      // .../services/<name>/dist/main.js or .../gateway/dist/main.js
      name = /(\w+)\/dist\/main\.js$/.exec(main)?.[1] ?? name;
    } catch {
      /* gone */
    }
    add(name, pid);
  }
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      if (comm === 'postgres' || comm === 'nats-server') add(comm, entry);
    } catch {
      /* gone */
    }
  }
  return out;
}

async function waitFor(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {
      /* not yet */
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer`);
}

async function api(base, method, path, token, body, headers = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* not json */
  }
  return { status: res.status, body: json, text };
}

// ---------------------------------------------------------------------------------------------- the app

async function startAllInOne(adminUrl) {
  const db = `dukan_bench_checkout_${randomBytes(3).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${db}"`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'dukan-bench-checkout-'));
  const databaseUrl = withDatabase(adminUrl, db);
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean); // e.g. --cpu-prof
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'gateway', 'dist', 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DUKAN_MODE: 'all-in-one',
      DUKAN_DATA_DIR: dataDir,
      DUKAN_ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      FRONTEND_DIST: join(dataDir, 'no-frontend'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/health`);
  return {
    url,
    databaseUrl,
    pids: () => [child.pid],
    stop: async () => {
      await new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM'))));
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`).catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startClusterShape(adminUrl) {
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  const nats = new URL(natsUrl.replace(/^nats:/, 'http:'));
  if (!(await portOpen(nats.hostname, Number(nats.port || 4222)))) return null;
  const { startCluster, parseReplicas } = await import(join(root, 'scripts', 'start-cluster.mjs'));
  const db = `dukan_bench_cluster_${randomBytes(3).toString('hex')}`;
  const databaseUrl = withDatabase(adminUrl, db);
  const dataDir = mkdtempSync(join(tmpdir(), 'dukan-bench-cluster-'));
  const names = ['identity', 'catalog', 'sales', 'loyalty', 'reporting', 'expenses', 'settings', 'gateway'];
  const ports = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await freePort()])));
  const stream = `BENCH_${randomBytes(3).toString('hex')}`;
  // BENCH_REPLICAS=sales=2,catalog=2: several processes of those services behind the gateway.
  const replicas = parseReplicas([], { DUKAN_REPLICAS: process.env.BENCH_REPLICAS ?? '' });
  if (Object.keys(replicas).length > 0) console.log(`cluster: replicas ${JSON.stringify(replicas)}`);
  const cluster = await startCluster({
    replicas,
    env: {
      DATABASE_URL: databaseUrl,
      NATS_URL: natsUrl,
      NATS_STREAM: stream,
      NATS_SUBJECT_PREFIX: `${stream.toLowerCase()}.`,
      DUKAN_DATA_DIR: dataDir,
      DUKAN_ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      FRONTEND_DIST: join(dataDir, 'no-frontend'),
    },
    ports,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return {
    url: cluster.url,
    salesUrl: `http://127.0.0.1:${ports.sales}`,
    databaseUrl,
    pids: () => childPids(),
    stop: async () => {
      await cluster.stop();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`).catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
      // The stream reserves its byte limit on the server: it goes with the run.
      const { connect } = await import('@nats-io/transport-node');
      const { jetstreamManager } = await import('@nats-io/jetstream');
      const nc = await connect({ servers: natsUrl });
      await (await jetstreamManager(nc)).streams.delete(stream).catch(() => undefined);
      await nc.close();
    },
  };
}

/** A category, PRODUCTS products with plenty of stock (some with their own discount), and a cashier. */
async function prepare(url, username, password) {
  const login = await api(url, 'POST', '/api/auth/login', null, { username, password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  const admin = login.body.token;
  const category = await api(url, 'POST', '/api/categories', admin, { name: { en: `Bench ${randomBytes(2).toString('hex')}`, ku: 'تاقیکردنەوە' } });
  if (category.status !== 201 && category.status !== 200) throw new Error(`category: ${category.status} ${category.text}`);
  const categoryId = category.body.data?._id ?? category.body._id;
  const tag = randomBytes(3).toString('hex');
  const products = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const priceCents = 25 + ((i * 7919) % 4000);
    const discount = i % 5 === 0 ? 10 : 0;
    const res = await api(url, 'POST', '/api/products', admin, {
      sku: `BENCH-${tag}-${i}`,
      barcode: `BENCH${tag}${i}`,
      name: { en: `Bench item ${i}`, ku: `کاڵای ${i}` },
      category: categoryId,
      price: priceCents / 100,
      cost: Math.floor(priceCents / 2) / 100,
      quantity: 1_000_000,
      discount,
    });
    if (res.status !== 201 && res.status !== 200) throw new Error(`product: ${res.status} ${res.text}`);
    products.push({ id: res.body.data?._id ?? res.body._id, priceCents, discount });
  }
  const cashierName = `bench-${tag}`;
  const user = await api(url, 'POST', '/api/auth/register', admin, {
    username: cashierName, firstName: 'Bench', lastName: 'Till', email: `${cashierName}@bench.local`, password: 'bench-cashier-pw', role: 'cashier',
  });
  let token = admin;
  if (user.status === 201 || user.status === 200) {
    const l = await api(url, 'POST', '/api/auth/login', null, { username: cashierName, password: 'bench-cashier-pw' });
    if (l.status === 200) token = l.body.token;
  }
  // Sales learns prices from catalog's events: wait until a sale of every product goes through.
  const until = Date.now() + 60_000;
  for (const p of products) {
    for (;;) {
      const r = await api(url, 'POST', '/api/transactions', token, salePayload([{ p, quantity: 1 }], 'bench-warmup'));
      if (r.status === 201) break;
      if (Date.now() > until) throw new Error(`sales never learned product ${p.id}: ${r.status} ${r.text}`);
      await sleep(100);
    }
  }
  return { token, products };
}

/** What the till sends: money in dollars, totals computed the way the till computes them. */
function salePayload(lines, register) {
  const d = (c) => c / 100;
  const sub = (l) => Math.round((l.p.priceCents * l.quantity * (100 - l.p.discount)) / 100);
  const subtotal = lines.reduce((s, l) => s + sub(l), 0);
  const tendered = Math.ceil(subtotal / 500) * 500;
  return {
    items: lines.map((l) => ({
      product: l.p.id, productSnapshot: { name: 'bench', sku: 'bench', price: d(l.p.priceCents) }, quantity: l.quantity,
      unitPrice: d(l.p.priceCents), subtotal: d(sub(l)), discount: l.p.discount, discountType: 'percentage',
    })),
    subtotal: d(subtotal), discountType: 'percentage', discountValue: 0, discountAmount: 0, loyaltyDiscount: 0, total: d(subtotal),
    currency: 'USD', exchangeRate: 1450, paymentMethod: 'cash', paymentDetails: { amountTendered: d(tendered), change: d(tendered - subtotal) },
    paymentStatus: 'paid', register, invoiceNumber: `INV-${Date.now()}`, createdAt: new Date().toISOString(),
  };
}

function randomLines(products) {
  const n = 3 + Math.floor(Math.random() * 3);
  const picked = new Set();
  while (picked.size < n) picked.add(products[Math.floor(Math.random() * products.length)]);
  return [...picked].map((p) => ({ p, quantity: 1 + Math.floor(Math.random() * 3) }));
}

/**
 * TILLS loops, each its own register, one sale after another. `perSecond` null: as fast as the app answers
 * (throughput); a number: that many sales a second in all, spread over the tills, latency counted from when
 * each sale was due (so a slow answer is not hidden by the till waiting for it).
 */
async function runTills(url, token, products, pids, perSecond = null) {
  const latencies = [];
  let errors = 0;
  let lastError = '';
  let peakRss = 0;
  const sampler = setInterval(() => {
    const total = pids().reduce((s, pid) => s + memoryMb(pid).rss, 0);
    peakRss = Math.max(peakRss, total);
  }, 250);
  const start = performance.now();
  const measureFrom = start + WARMUP_SECONDS * 1000;
  let cpuFrom = null;
  const cpuTimer = setTimeout(() => (cpuFrom = cpuByProcess(pids())), WARMUP_SECONDS * 1000);
  const end = measureFrom + SECONDS * 1000;
  const interval = perSecond ? (TILLS * 1000) / perSecond : 0;
  await Promise.all(
    Array.from({ length: TILLS }, async (_, i) => {
      const register = `bench-${String(i + 1).padStart(2, '0')}`;
      let due = start + Math.random() * interval;
      while (performance.now() < end) {
        if (interval) {
          const wait = due - performance.now();
          if (wait > 0) await sleep(wait);
        }
        const body = salePayload(randomLines(products), register);
        const t0 = interval ? due : performance.now();
        const res = await fetch(`${url}/api/transactions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify(body),
        });
        const text = await res.text();
        const t1 = performance.now();
        due += interval;
        if (res.status !== 201) {
          errors += 1;
          lastError = `${res.status} ${text.slice(0, 200)}`;
        } else if (t0 >= measureFrom && t1 <= end) {
          latencies.push(t1 - t0);
        }
      }
    }),
  );
  clearInterval(sampler);
  clearTimeout(cpuTimer);
  const cpuTo = cpuByProcess(pids());
  // CPU milliseconds per sale, by process, over the measured window.
  const cpuPerSale = {};
  if (cpuFrom && latencies.length) {
    for (const [name, seconds] of Object.entries(cpuTo)) {
      const used = seconds - (cpuFrom[name] ?? 0);
      if (used > 0.005) cpuPerSale[name] = (used * 1000) / latencies.length;
    }
  }
  latencies.sort((a, b) => a - b);
  return { cpuPerSale, sales: latencies.length, rate: latencies.length / SECONDS, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors, lastError, peakRss };
}

/**
 * Sales the event consumers have not yet applied (catalog's stock, reporting's figures): a run that outpaces
 * them only looks fast. Counted from the services' own inbox tables.
 */
async function backlog(databaseUrl) {
  const { rows } = await adminQuery(
    databaseUrl,
    `SELECT (SELECT count(*) FROM sales.sales) AS sales,
            (SELECT count(*) FROM catalog.processed_events WHERE event_type = 'dukan.sales.sale.completed.v1') AS catalog,
            (SELECT count(*) FROM reporting.processed_events WHERE event_type = 'dukan.sales.sale.completed.v1') AS reporting`,
  );
  const r = rows[0];
  return Math.max(Number(r.sales) - Number(r.catalog), Number(r.sales) - Number(r.reporting));
}

/** Units of stock taken off beyond what was sold (doubled effects; negative: effects missing), over the bench's products. */
async function stockOff(databaseUrl) {
  const { rows } = await adminQuery(
    databaseUrl,
    `SELECT coalesce(sum(1000000 - s.quantity - coalesce(l.sold, 0)), 0)::int AS off
       FROM catalog.stock_levels s JOIN catalog.products p ON p.id = s.product_id
       LEFT JOIN (SELECT product_id, sum(quantity) AS sold FROM sales.sale_lines GROUP BY 1) l ON l.product_id = s.product_id
      WHERE p.sku LIKE 'BENCH-%'`,
  );
  return Number(rows[0].off);
}

/** Seconds until the consumers have caught up with every sale (NaN if they have not within a minute). */
async function catchUp(databaseUrl) {
  const t0 = performance.now();
  while (performance.now() - t0 < 60_000) {
    if ((await backlog(databaseUrl)) <= 0) return (performance.now() - t0) / 1000;
    await sleep(100);
  }
  return NaN;
}

// ---------------------------------------------------------------------------------------------- plain SQL

const BASELINE_SCHEMA = `
  DROP SCHEMA IF EXISTS bench_baseline CASCADE;
  CREATE SCHEMA bench_baseline;
  SET search_path = bench_baseline;
  CREATE TABLE products (id uuid PRIMARY KEY, price_cents bigint NOT NULL, cost_cents bigint NOT NULL, discount_percent numeric NOT NULL, active boolean NOT NULL);
  CREATE TABLE stock (product_id uuid NOT NULL, branch_id text NOT NULL, quantity integer NOT NULL, PRIMARY KEY (product_id, branch_id));
  CREATE TABLE stock_movements (id bigserial PRIMARY KEY, product_id uuid NOT NULL, branch_id text NOT NULL, delta integer NOT NULL, ref_id uuid, created_at timestamptz NOT NULL DEFAULT now());
  CREATE TABLE invoice_counters (branch_id text NOT NULL, register text NOT NULL, register_no integer NOT NULL, last_number bigint NOT NULL DEFAULT 0, PRIMARY KEY (branch_id, register));
  CREATE TABLE idempotency_keys (key text PRIMARY KEY, request_hash text NOT NULL, sale_id uuid NOT NULL, state text NOT NULL, response_body jsonb);
  CREATE TABLE sales (id uuid PRIMARY KEY, invoice_number text NOT NULL UNIQUE, branch_id text NOT NULL, register text NOT NULL, cashier_id uuid NOT NULL,
    customer_id uuid, currency text NOT NULL, exchange_rate numeric NOT NULL, subtotal_cents bigint NOT NULL, discount_cents bigint NOT NULL,
    tax_cents bigint NOT NULL, total_cents bigint NOT NULL, tendered_cents bigint NOT NULL, change_cents bigint NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
  CREATE INDEX ON sales (created_at DESC, id DESC);
  CREATE INDEX ON sales (invoice_number text_pattern_ops);
  CREATE INDEX ON sales (total_cents);
  CREATE TABLE sale_lines (id uuid PRIMARY KEY, sale_id uuid NOT NULL REFERENCES sales (id) DEFERRABLE INITIALLY DEFERRED, line_no smallint NOT NULL,
    product_id uuid NOT NULL, quantity integer NOT NULL, unit_price_cents bigint NOT NULL, subtotal_cents bigint NOT NULL);
  CREATE INDEX ON sale_lines (sale_id, line_no);
  CREATE TABLE outbox (seq bigserial PRIMARY KEY, id uuid NOT NULL UNIQUE, type text NOT NULL, data jsonb NOT NULL, published_at timestamptz);
`;

/**
 * The same writes a sale causes in Dukan, done the plain way: one transaction per sale reading the prices,
 * claiming the key, numbering the invoice, writing sale, lines and event, and taking the stock off.
 */
async function runBaseline(databaseUrl) {
  await adminQuery(databaseUrl, BASELINE_SCHEMA);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: TILLS, options: '-c search_path=bench_baseline' });
  pool.on('error', (e) => console.error(`baseline connection lost: ${e.message}`));
  const products = Array.from({ length: PRODUCTS }, (_, i) => ({ id: randomUUID(), priceCents: 25 + ((i * 7919) % 4000), discount: i % 5 === 0 ? 10 : 0 }));
  await pool.query(
    `INSERT INTO products SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::bigint[], $4::numeric[], $5::boolean[])`,
    [products.map((p) => p.id), products.map((p) => p.priceCents), products.map((p) => p.priceCents >> 1), products.map((p) => p.discount), products.map(() => true)],
  );
  await pool.query(`INSERT INTO stock SELECT id, 'main', 1000000 FROM products`);
  await pool.query(`INSERT INTO invoice_counters SELECT 'main', 'bench-' || lpad(g::text, 2, '0'), g FROM generate_series(1, $1) g`, [TILLS]);
  const cashier = randomUUID();

  const latencies = [];
  const start = performance.now();
  const measureFrom = start + WARMUP_SECONDS * 1000;
  const end = measureFrom + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: TILLS }, async (_, i) => {
      const register = `bench-${String(i + 1).padStart(2, '0')}`;
      const client = await pool.connect();
      client.on('error', () => undefined); // reported by the failing query
      try {
        while (performance.now() < end) {
          const lines = randomLines(products);
          const saleId = randomUUID();
          const t0 = performance.now();
          await client.query('BEGIN');
          const priced = await client.query(`SELECT id, price_cents, discount_percent FROM products WHERE id = ANY($1::uuid[]) AND active`, [lines.map((l) => l.p.id)]);
          const price = new Map(priced.rows.map((r) => [r.id, r]));
          const subs = lines.map((l) => Math.round((Number(price.get(l.p.id).price_cents) * l.quantity * (100 - Number(price.get(l.p.id).discount_percent))) / 100));
          const total = subs.reduce((a, b) => a + b, 0);
          await client.query(`INSERT INTO idempotency_keys (key, request_hash, sale_id, state) VALUES ($1, 'h', $2, 'in_progress')`, [randomUUID(), saleId]);
          await client.query(
            `INSERT INTO sale_lines SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::smallint[], $4::uuid[], $5::int[], $6::bigint[], $7::bigint[])`,
            [lines.map(() => randomUUID()), lines.map(() => saleId), lines.map((_, j) => j + 1), lines.map((l) => l.p.id), lines.map((l) => l.quantity),
              lines.map((l) => Number(price.get(l.p.id).price_cents)), subs],
          );
          const sale = await client.query(
            `WITH n AS (UPDATE invoice_counters SET last_number = last_number + 1 WHERE branch_id = 'main' AND register = $2
                        RETURNING 'INV-' || lpad(register_no::text, 3, '0') || lpad(last_number::text, 7, '0') AS inv)
             INSERT INTO sales (id, invoice_number, branch_id, register, cashier_id, currency, exchange_rate, subtotal_cents, discount_cents, tax_cents,
                                total_cents, tendered_cents, change_cents)
             SELECT $1, n.inv, 'main', $2, $3, 'USD', 1450, $4, 0, 0, $4, $4, 0 FROM n RETURNING invoice_number`,
            [saleId, register, cashier, total],
          );
          const event = { saleId, invoiceNumber: sale.rows[0].invoice_number, lines: lines.map((l, j) => ({ productId: l.p.id, quantity: l.quantity, subtotalCents: subs[j] })), totalCents: total };
          await client.query(`INSERT INTO outbox (id, type, data) VALUES ($1, 'dukan.sales.sale.completed.v1', $2)`, [randomUUID(), JSON.stringify(event)]);
          await client.query(`UPDATE idempotency_keys SET state = 'done', response_body = $2 WHERE sale_id = $1`, [saleId, JSON.stringify(event)]);
          // What catalog does with the event: stock off per line, one ledger row per line (rows locked in id order).
          await client.query(`SELECT 1 FROM stock WHERE product_id = ANY($1::uuid[]) AND branch_id = 'main' ORDER BY product_id FOR UPDATE`, [lines.map((l) => l.p.id)]);
          await client.query(
            `WITH l AS (SELECT * FROM unnest($1::uuid[], $2::int[]) AS t(product_id, qty)),
                  s AS (UPDATE stock SET quantity = stock.quantity - l.qty FROM l WHERE stock.product_id = l.product_id AND stock.branch_id = 'main' RETURNING stock.product_id)
             INSERT INTO stock_movements (product_id, branch_id, delta, ref_id) SELECT product_id, 'main', -qty, $3 FROM l`,
            [lines.map((l) => l.p.id), lines.map((l) => l.quantity), saleId],
          );
          await client.query(`UPDATE outbox SET published_at = now() WHERE id = (SELECT id FROM outbox WHERE published_at IS NULL ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED)`);
          await client.query('COMMIT');
          const t1 = performance.now();
          if (t0 >= measureFrom && t1 <= end) latencies.push(t1 - t0);
        }
      } finally {
        client.release();
      }
    }),
  );
  await pool.end();
  await adminQuery(databaseUrl, 'DROP SCHEMA bench_baseline CASCADE').catch(() => undefined);
  latencies.sort((a, b) => a - b);
  return { sales: latencies.length, rate: latencies.length / SECONDS, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

// ---------------------------------------------------------------------------------------------- main

async function adminPostgresUrl() {
  for (const url of [process.env.DATABASE_URL && withDatabase(process.env.DATABASE_URL, 'postgres'), 'postgres://postgres@127.0.0.1:5432/postgres']) {
    if (!url) continue;
    try {
      await adminQuery(url, 'SELECT 1');
      return url;
    } catch {
      /* next */
    }
  }
  throw new Error('no PostgreSQL: set DATABASE_URL');
}

const TARGETS = { 'all-in-one': { ratio: 0.5, p99: 50, rssMb: 400 }, cluster: { ratio: 0.4, p99: 80, rssMb: null } };

async function main() {
  console.log(`checkout: ${TILLS} tills, 3-5 lines a sale, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s measured, ${PRODUCTS} products`);
  const rows = [];
  if (process.env.BENCH_URL) {
    const { token, products } = await prepare(process.env.BENCH_URL, process.env.BENCH_USERNAME ?? 'admin', process.env.BENCH_PASSWORD ?? '');
    const pid = process.env.BENCH_PID ? Number(process.env.BENCH_PID) : null;
    const pids = () => (pid ? [pid] : []);
    const app = await runTills(process.env.BENCH_URL, token, products, pids);
    const paced = await runTills(process.env.BENCH_URL, token, products, pids, Math.max(1, Math.round(app.rate * PACED_SHARE)));
    const base = process.env.DATABASE_URL ? await runBaseline(process.env.DATABASE_URL) : null;
    rows.push({ shape: 'running app', app, paced, base });
  } else {
    const adminUrl = await adminPostgresUrl();
    for (const shape of SHAPES) {
      const target = shape === 'cluster' ? await startClusterShape(adminUrl) : await startAllInOne(adminUrl);
      if (!target) {
        console.log(`${shape}: skipped (no NATS)`);
        continue;
      }
      try {
        console.log(`${shape}: started at ${target.url}; creating ${PRODUCTS} products`);
        const { token, products } = await prepare(target.url, 'admin', PASSWORD);
        console.log(`${shape}: ${TILLS} tills selling`);
        const app = await runTills(target.url, token, products, target.pids);
        const behind = await backlog(target.databaseUrl);
        const caughtUp = await catchUp(target.databaseUrl);
        console.log(`${shape}: at the end, ${behind} sales not yet applied by catalog or reporting; caught up ${fmt(caughtUp)} s later`);
        const off = await stockOff(target.databaseUrl);
        console.log(`${shape}: stock ${off === 0 ? 'equals the sales (0 doubled, 0 lost)' : off > 0 ? `${off} units taken off twice` : `${-off} units not taken off`}`);
        const cpu = Object.entries(app.cpuPerSale).sort((a, b) => b[1] - a[1]);
        console.log(`${shape}: CPU ms per sale: ${cpu.map(([n, ms]) => `${n} ${fmt(ms, 2)}`).join(', ')} (total ${fmt(cpu.reduce((t, [, ms]) => t + ms, 0), 2)})`);
        if (process.env.BENCH_DIAGNOSE && target.salesUrl) {
          // Where the time goes: the same load straight at the sales process, past the gateway.
          const direct = await runTills(target.salesUrl, token, products, target.pids);
          console.log(`${shape}: straight to sales: ${fmt(direct.rate)} sales/s, p50 ${fmt(direct.p50)} ms, p99 ${fmt(direct.p99)} ms`);
        }
        const pace = Math.max(1, Math.round(app.rate * PACED_SHARE));
        console.log(`${shape}: ${TILLS} tills at ${pace} sales/s in all (${PACED_SHARE * 100} % of the maximum)`);
        const paced = await runTills(target.url, token, products, target.pids, pace);
        console.log(`${shape}: plain SQL baseline`);
        const base = await runBaseline(target.databaseUrl);
        rows.push({ shape, app, paced, base });
      } catch (e) {
        console.error(`${shape}: failed: ${e instanceof Error ? e.stack : e}`);
        process.exitCode = 1;
      } finally {
        await target.stop();
      }
    }
  }

  console.log('');
  console.log('shape        | run        | sales/s | p50 ms | p99 ms | errors | peak RSS MB');
  for (const { shape, app, paced, base } of rows) {
    for (const [run, r] of [['saturated', app], ...(paced ? [[`paced ${Math.round(PACED_SHARE * 100)} %`, paced]] : [])]) {
      console.log(`${shape.padEnd(12)} | ${run.padEnd(10)} | ${fmt(r.rate).padStart(7)} | ${fmt(r.p50).padStart(6)} | ${fmt(r.p99).padStart(6)} | ${String(r.errors).padStart(6)} | ${String(r.peakRss || '-').padStart(11)}`);
      if (r.errors) console.log(`  ${r.errors} failed sales, last: ${r.lastError}`);
    }
    if (base) console.log(`${shape.padEnd(12)} | plain SQL  | ${fmt(base.rate).padStart(7)} | ${fmt(base.p50).padStart(6)} | ${fmt(base.p99).padStart(6)} |        |`);
    const ratio = base ? app.rate / base.rate : NaN;
    const target = TARGETS[shape];
    console.log(`${shape}: ratio to plain SQL ${fmt(ratio, 2)}`);
    if (target) {
      const checks = [
        `ratio >= ${target.ratio}: ${ratio >= target.ratio ? 'yes' : 'NO'}`,
        `p99 < ${target.p99} ms: saturated ${app.p99 < target.p99 ? 'yes' : 'NO'}, paced ${paced && paced.p99 < target.p99 ? 'yes' : 'NO'}`,
        ...(target.rssMb ? [`RSS < ${target.rssMb} MB: ${app.peakRss && Math.max(app.peakRss, paced?.peakRss ?? 0) < target.rssMb ? 'yes' : 'NO'}`] : []),
      ];
      console.log(`${shape}: targets: ${checks.join('; ')}`);
    }
  }
}

await main();
