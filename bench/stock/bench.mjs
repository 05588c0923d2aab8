// Stock in and stock counted at shop scale: seeds N products (default 50,000) into a fresh database, starts the catalog
// service process (identity beside it), then measures receiving a delivery of 5,000 lines (each a cost batch, the
// average cost and its events) and a stocktake of every product: the counts sent 500 at a time, the variance, and
// the approval that applies every difference as ledger rows. Targets: each of receiving and applying under 30 s.
//
//   node bench/stock/bench.mjs           PostgreSQL from DATABASE_URL, else 127.0.0.1:5432
//   BENCH_PRODUCTS=20000 BENCH_RECEIPT_LINES=2000 node bench/stock/bench.mjs
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { adminPostgresUrl, adminQuery, adminToken, fmt, memoryMb, startService, withDatabase } from '../lib.mjs';

const root = join(import.meta.dirname, '..', '..');
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const RECEIPT_LINES = Math.min(PRODUCTS, Number(process.env.BENCH_RECEIPT_LINES ?? 5_000));
const COUNT_BATCH = 500;
const TARGET_MS = 30_000;

const adminUrl = await adminPostgresUrl();
const dbName = `dukan_bench_stock_${process.pid}`;
await adminQuery(adminUrl, `CREATE DATABASE ${dbName}`);
const databaseUrl = withDatabase(adminUrl, dbName);
const dataDir = mkdtempSync(join(tmpdir(), 'dukan-bench-stock-'));
const children = [];
const db = new pg.Client({ connectionString: databaseUrl });
let failed = false;

try {
  const seeded = spawnSync(
    process.execPath,
    [join(root, 'services', 'catalog', 'dist', 'seed', 'seed.js'), '--products', String(PRODUCTS), '--no-events'],
    { env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
  );
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr || seeded.stdout}`);

  const internalToken = randomBytes(24).toString('base64url');
  const adminPassword = randomBytes(12).toString('base64url');
  const common = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DUKAN_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    EVENT_BUS: 'in-process',
    INTERNAL_TOKEN: internalToken,
  };
  const identity = await startService(root, 'identity', { ...common, DUKAN_ADMIN_PASSWORD: adminPassword }, children);
  const catalog = await startService(root, 'catalog', { ...common, IDENTITY_URL: identity.url, CATALOG_WARM_TILL_LIST: 'false' }, children);
  const headers = { 'x-dukan-internal': internalToken };
  const token = await adminToken(identity.url, adminPassword, headers);
  const call = async (method, path, body, extra = {}) => {
    const res = await fetch(`${catalog.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers, ...extra },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
    return json;
  };
  const timed = async (work) => {
    const t0 = performance.now();
    const out = await work();
    return { out, ms: performance.now() - t0 };
  };

  await db.connect();
  await db.query('SET search_path TO catalog'); // each service keeps its tables in its own schema
  const { rows: products } = await db.query(
    `SELECT p.id, coalesce(s.quantity, 0) AS quantity FROM products p LEFT JOIN stock_levels s ON s.product_id = p.id AND s.branch_id = 'main'
      WHERE p.deleted_at IS NULL ORDER BY p.id`,
  );
  console.log(`products: ${products.length}`);

  // Receiving: one delivery of RECEIPT_LINES lines without an order, each at its own cost.
  const lines = products.slice(0, RECEIPT_LINES).map((p, i) => ({ product: p.id, quantity: 1 + (i % 24), unitCostMinor: 50 + (i % 400) }));
  const receipt = await timed(() =>
    call('POST', '/api/purchases/receipts', { currency: 'USD', lines }, { 'idempotency-key': randomUUID() }),
  );
  const batches = (
    await db.query(
      `SELECT count(*)::int AS n FROM cost_batches WHERE movement_id IN (SELECT id FROM stock_movements WHERE ref_type = 'receipt')`,
    )
  ).rows[0].n;
  console.log(`receive ${RECEIPT_LINES} lines: ${fmt(receipt.ms / 1000, 2)} s (${batches} cost batches)  target < 30 s`);
  if (receipt.ms > TARGET_MS || batches !== RECEIPT_LINES) failed = true;

  // A stocktake of every product: counted as the ledger holds, one in three one over, one in three one short.
  const stock = new Map(
    (await db.query(`SELECT product_id, quantity FROM stock_levels WHERE branch_id = 'main'`)).rows.map((r) => [r.product_id, r.quantity]),
  );
  const take = (await call('POST', '/api/stocktakes', { note: 'bench' })).data;
  const counted = products.map((p, i) => ({ product: p.id, quantity: Math.max(0, (stock.get(p.id) ?? 0) + ((i % 3) - 1)) }));
  const counting = await timed(async () => {
    for (let i = 0; i < counted.length; i += COUNT_BATCH)
      await call('POST', `/api/stocktakes/${take._id}/counts`, { lines: counted.slice(i, i + COUNT_BATCH) });
  });
  console.log(
    `count ${counted.length} products (${Math.ceil(counted.length / COUNT_BATCH)} requests of ${COUNT_BATCH}): ${fmt(counting.ms / 1000, 2)} s`,
  );
  const variance = await timed(() => call('GET', `/api/stocktakes/${take._id}/variance?limit=200`));
  const totals = variance.out.data.totals;
  console.log(
    `variance report: ${fmt(variance.ms, 0)} ms (${totals.products} products, ${totals.unitsOver} over, ${totals.unitsShort} short, cost ${fmt(totals.varianceCostCents / 100, 2)} USD)`,
  );
  const approve = await timed(() => call('POST', `/api/stocktakes/${take._id}/approve`, {}));
  const applied = (await db.query(`SELECT count(*)::int AS n FROM stock_movements WHERE reason = 'counted' AND ref_id = $1`, [take._id]))
    .rows[0].n;
  console.log(`apply ${counted.length}-product stocktake: ${fmt(approve.ms / 1000, 2)} s (${applied} ledger rows)  target < 30 s`);
  if (approve.ms > TARGET_MS) failed = true;
  const mem = memoryMb(catalog.child.pid);
  console.log(`catalog process memory: ${mem.rss} MB now, ${mem.peak} MB at peak`);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  failed = true;
} finally {
  await db.end().catch(() => undefined);
  await Promise.all(
    children.filter((c) => c.exitCode === null).map((c) => new Promise((resolve) => (c.once('exit', resolve), c.kill('SIGTERM')))),
  );
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
