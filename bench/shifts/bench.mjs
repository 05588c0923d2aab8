// Closing a register's shift: the sales process alone (with identity and settings beside it) on a database of its own.
// Each run opens a shift through the API, writes the book of SALES sales into it as the sale's transaction writes it
// (a cash tender in dinars or dollars, change, a discount now and then, a card sale in ten), with a refund, a void and
// cash movements, then times the X report and the close (the Z report) through the API. Target: a close of 1,000 sales
// under 1 s.
//
//   node bench/shifts/bench.mjs                         PostgreSQL from DATABASE_URL, else 127.0.0.1:5432
//   BENCH_SHIFT_SALES=10000 BENCH_RUNS=5 node bench/shifts/bench.mjs
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { adminQuery, adminToken, memoryMb, percentile, startService, withDatabase } from '../lib.mjs';

const root = join(import.meta.dirname, '..', '..');
const SIZES = (process.env.BENCH_SHIFT_SALES ?? '1000,10000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ms = (x) => `${x.toFixed(1)} ms`;

/** The book of $2 sales, as recordSale writes it: tenders, change, discounts; then a refund, a void and cash in and out. */
const BOOK = `
  WITH sales AS (
    SELECT g, gen_random_uuid() AS id, CASE WHEN g % 3 = 0 THEN 'USD' ELSE 'IQD' END AS currency,
           CASE WHEN g % 10 = 0 THEN 'card' ELSE 'cash' END AS method
      FROM generate_series(1, $2::int) AS g
  )
  INSERT INTO shift_entries (shift_id, kind, method, currency, amount_minor, ref_id, created_by)
  SELECT $1::uuid, 'sale', method, currency, CASE WHEN currency = 'USD' THEN 2000 ELSE 25000 END, id, $3::uuid FROM sales
  UNION ALL
  SELECT $1::uuid, 'change', 'cash', currency, CASE WHEN currency = 'USD' THEN -(g % 700) ELSE -250 * (g % 20) END, id, $3::uuid
    FROM sales WHERE method = 'cash' AND g % 2 = 0
  UNION ALL
  SELECT $1::uuid, 'discount', NULL::text, currency, CASE WHEN currency = 'USD' THEN 100 ELSE 1000 END, id, $3::uuid FROM sales WHERE g % 7 = 0
  UNION ALL
  SELECT $1::uuid, 'refund', 'cash', 'IQD', -5000, gen_random_uuid(), $3::uuid
  UNION ALL
  SELECT $1::uuid, 'void', 'cash', 'USD', -2000, gen_random_uuid(), $3::uuid
  UNION ALL
  SELECT $1::uuid, 'cash_in', 'cash', 'IQD', 50000, gen_random_uuid(), $3::uuid
  UNION ALL
  SELECT $1::uuid, 'cash_out', 'cash', 'USD', -1500, gen_random_uuid(), $3::uuid`;

async function startSales() {
  const dbName = `dukan_bench_shifts_${process.pid}`;
  await adminQuery(ADMIN_URL, `CREATE DATABASE ${dbName}`);
  const databaseUrl = withDatabase(ADMIN_URL, dbName);
  const dataDir = mkdtempSync(join(tmpdir(), 'dukan-bench-shifts-'));
  const children = [];
  const stop = async () => {
    await Promise.all(
      children
        .filter((c) => c.exitCode === null)
        .map(
          (c) =>
            new Promise((resolve) => {
              c.once('exit', resolve);
              c.kill('SIGTERM');
            }),
        ),
    );
    await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const internalToken = randomBytes(24).toString('base64url');
    const adminPassword = randomBytes(12).toString('base64url');
    const common = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DUKAN_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      EVENT_BUS: 'in-process',
      DB_POOL_SIZE: '4',
      INTERNAL_TOKEN: internalToken,
    };
    const identity = await startService(root, 'identity', { ...common, DUKAN_ADMIN_PASSWORD: adminPassword }, children);
    const settings = await startService(root, 'settings', { ...common, IDENTITY_URL: identity.url }, children);
    const { url, child } = await startService(
      root,
      'sales',
      { ...common, IDENTITY_URL: identity.url, SETTINGS_URL: settings.url, LOYALTY_URL: 'http://127.0.0.1:9' },
      children,
    );
    const headers = { 'x-dukan-internal': internalToken, 'content-type': 'application/json' };
    const token = await adminToken(identity.url, adminPassword, headers);
    const db = new pg.Client({ connectionString: databaseUrl, options: '-c search_path=sales' });
    await db.connect();
    return { url, pid: child.pid, token, headers, db, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

async function call(app, method, path, body) {
  const t0 = performance.now();
  const res = await fetch(`${app.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${app.token}`, ...app.headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = await res.json();
  const elapsed = performance.now() - t0;
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
  return { elapsed, body: json };
}

const app = await startSales();
try {
  const [{ id: adminId }] = (await app.db.query(`SELECT '00000000-0000-4000-8000-000000000001'::uuid AS id`)).rows;
  console.log(`shifts: ${RUNS} runs per size on ${cpus().length} cores (load ${loadavg()[0].toFixed(2)})`);
  for (const size of SIZES) {
    const x = [];
    const close = [];
    let last = null;
    for (let run = 0; run < RUNS; run++) {
      const opened = await call(app, 'POST', '/api/shifts', { register: 'main', float: { USD: 10_000, IQD: 250_000 } });
      const id = opened.body.data._id;
      await app.db.query(BOOK, [id, size, adminId]);
      await app.db.query('ANALYZE shift_entries');
      x.push((await call(app, 'GET', `/api/shifts/${id}`)).elapsed);
      const expected = (await call(app, 'GET', `/api/shifts/${id}`)).body.data.figures.expected;
      const closed = await call(app, 'POST', `/api/shifts/${id}/close`, { counted: expected });
      close.push(closed.elapsed);
      last = closed.body.data.figures;
      if (last.saleCount !== size) throw new Error(`the Z report counted ${last.saleCount} sales, not ${size}`);
    }
    x.sort((a, b) => a - b);
    close.sort((a, b) => a - b);
    console.log(
      `close a shift of ${size.toLocaleString('en')} sales: p50 ${ms(percentile(close, 50))}, max ${ms(close.at(-1))}` +
        `${size === 1000 ? ` (target < 1000 ms: ${close.at(-1) < 1000 ? 'met' : 'MISSED'})` : ''}` +
        ` · X report p50 ${ms(percentile(x, 50))} · expected IQD ${last.expected.IQD.toLocaleString('en')}, USD ${(last.expected.USD / 100).toFixed(2)}`,
    );
  }
  const mem = memoryMb(app.pid);
  console.log(`sales process memory: ${mem.rss} MB (peak ${mem.peak} MB)`);
} finally {
  await app.db.end();
  await app.stop();
}
