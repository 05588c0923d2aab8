// Expenses at the size of a busy shop's years: seeds N expenses (default 100,000) over two years into a fresh
// database, starts the expenses service process alone, and times what the Expenses screen asks for: a page of the
// list under each kind of filter, and the summary over a year (and over all time).
//
//   node bench/expenses/bench.mjs                      PostgreSQL from DATABASE_URL, else 127.0.0.1:5432
//   BENCH_EXPENSES=20000 BENCH_RUNS=50 node bench/expenses/bench.mjs
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { adminQuery, adminToken, memoryMb, percentile, startService, withDatabase } from '../lib.mjs';

const root = join(import.meta.dirname, '..', '..');
const EXPENSES = Number(process.env.BENCH_EXPENSES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ms = (x) => `${x.toFixed(1)} ms`;

/** Two years of expenses: every category, both currencies, the four statuses in a shop's proportions. */
const SEED = `
  INSERT INTO expenses (branch_id, title, description, category, amount_minor, currency, exchange_rate, base_cents, payment_method,
    vendor_name, expense_date, department, tags, status, rejection_reason, created_by, created_by_username, created_at)
  SELECT 'main',
         (ARRAY['Generator fuel','Shop rent','Receipt paper','Cleaning supplies','Delivery taxi','Electricity bill','Internet',
                'Shelving','Radio advert','Accountant fee','Water delivery','Security guard'])[1 + g % 12] || ' ' || g,
         CASE WHEN g % 3 = 0 THEN 'Paid for the shop in Sulaymaniyah' END,
         (ARRAY['utilities','rent','supplies','equipment','maintenance','marketing','transportation','office',
                'professional_services','insurance','taxes','other'])[1 + (g * 7) % 12],
         CASE WHEN g % 4 = 0 THEN 1000 + (g * 7919) % 2000000 ELSE 100 + (g * 7919) % 500000 END,
         CASE WHEN g % 4 = 0 THEN 'IQD' ELSE 'USD' END,
         1410,
         CASE WHEN g % 4 = 0 THEN round((1000 + (g * 7919) % 2000000) * 100 / 1410.0) ELSE 100 + (g * 7919) % 500000 END,
         (ARRAY['cash','cash','cash','transfer','other'])[1 + g % 5],
         CASE WHEN g % 2 = 0 THEN (ARRAY['Azadi Properties','Kurdistan Steel','Fuel Co','Nawroz Print','Zanko Taxi'])[1 + g % 5] END,
         date '2024-07-01' + (g * 37) % 730,
         CASE WHEN g % 5 = 0 THEN 'Back store' END,
         ARRAY[(ARRAY['power','monthly','delivery','repairs','office'])[1 + g % 5]],
         (ARRAY['paid','paid','paid','paid','paid','paid','paid','paid','paid','paid',
                'approved','approved','approved','approved','approved','pending','pending','pending','pending','rejected'])[1 + g % 20],
         CASE WHEN g % 20 = 19 THEN 'No receipt' END,
         '00000000-0000-4000-8000-000000000001', 'bench', now() - make_interval(secs => g)
    FROM generate_series(1, $1::int) AS g`;

/**
 * The expenses service on a database of its own, with identity beside it: a service answers only calls carrying
 * the internal token (as the gateway forwards them) and asks identity whether a token is current.
 */
async function startExpenses() {
  const dbName = `dukan_bench_expenses_${process.pid}`;
  await adminQuery(ADMIN_URL, `CREATE DATABASE ${dbName}`);
  const databaseUrl = withDatabase(ADMIN_URL, dbName);
  const dataDir = mkdtempSync(join(tmpdir(), 'dukan-bench-expenses-'));
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
    const { url, child } = await startService(root, 'expenses', { ...common, IDENTITY_URL: identity.url }, children);
    const headers = { 'x-dukan-internal': internalToken };
    const token = await adminToken(identity.url, adminPassword, headers);
    // The service has migrated its schema; now the years of expenses, as if recorded one by one.
    const db = new pg.Client({ connectionString: databaseUrl, options: '-c search_path=expenses' });
    await db.connect();
    const t0 = performance.now();
    await db.query(SEED, [EXPENSES]);
    await db.query('VACUUM ANALYZE expenses');
    const seedMs = performance.now() - t0;
    // How fast this machine is right now, to read the figures by: the same fixed work on any PostgreSQL.
    const r0 = performance.now();
    await db.query('SELECT count(*) FROM generate_series(1, 1000000)');
    const referenceMs = performance.now() - r0;
    await db.end();
    return { url, pid: child.pid, token, headers, seedMs, referenceMs, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

async function timed(url, app) {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${app.token}`, ...app.headers } });
  const body = await res.json();
  const elapsed = performance.now() - t0;
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
  return { elapsed, body };
}

/** p50 and p95 of RUNS calls after a few to warm up, and what the last one answered. */
async function measure(app, path) {
  for (let i = 0; i < 3; i++) await timed(`${app.url}${path}`, app);
  const times = [];
  let body;
  for (let i = 0; i < RUNS; i++) {
    const r = await timed(`${app.url}${path}`, app);
    times.push(r.elapsed);
    body = r.body;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), body };
}

const LISTS = [
  ['first page, no filter', '/api/expenses?page=1&limit=20'],
  ['status = pending', '/api/expenses?page=1&limit=20&status=pending'],
  ['category = rent', '/api/expenses?page=1&limit=20&category=rent'],
  ['one month', '/api/expenses?page=1&limit=20&startDate=2025-03-01&endDate=2025-03-31'],
  ['search "generator"', '/api/expenses?page=1&limit=20&search=generator'],
  ['search a vendor "zanko"', '/api/expenses?page=1&limit=20&search=zanko'],
  ['status + category + a quarter', '/api/expenses?page=1&limit=20&status=paid&category=utilities&startDate=2025-01-01&endDate=2025-03-31'],
  ['page 200 of the whole list', '/api/expenses?page=200&limit=20'],
];

const app = await startExpenses();
try {
  console.log(
    `expenses at ${EXPENSES.toLocaleString('en')} (seeded in ${(app.seedMs / 1000).toFixed(1)} s), ${RUNS} calls each, p50 / p95`,
  );
  console.log(
    `  machine: load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores; PostgreSQL counts 1,000,000 generated rows in ${ms(app.referenceMs)}`,
  );
  let worstList = 0;
  for (const [name, path] of LISTS) {
    const r = await measure(app, path);
    worstList = Math.max(worstList, r.p50);
    console.log(
      `  list, ${name.padEnd(32)} ${ms(r.p50).padStart(9)} / ${ms(r.p95).padStart(9)}   ${r.body.pagination.total.toLocaleString('en')} match`,
    );
  }
  const year = await measure(app, '/api/expenses/summary?startDate=2025-01-01&endDate=2025-12-31');
  const all = await measure(app, '/api/expenses/summary');
  console.log(
    `  summary over 2025                       ${ms(year.p50).padStart(9)} / ${ms(year.p95).padStart(9)}   ${year.body.count.toLocaleString('en')} expenses, $${year.body.total.toLocaleString('en')}`,
  );
  console.log(
    `  summary over all time                   ${ms(all.p50).padStart(9)} / ${ms(all.p95).padStart(9)}   ${all.body.count.toLocaleString('en')} expenses`,
  );
  console.log(`  slowest filtered page p50 ${ms(worstList)} (target < 50 ms); summary over a year p50 ${ms(year.p50)} (target < 100 ms)`);
  const mem = memoryMb(app.pid);
  console.log(`  expenses process memory: ${mem.rss} MB now, peak ${mem.peak} MB`);
} finally {
  await app.stop();
}
