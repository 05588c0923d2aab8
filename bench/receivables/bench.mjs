// The receivables report (who owes what and since when, by age, totals per branch): the loyalty process alone (with
// identity beside it) on a database of its own, seeded with BENCH_CUSTOMERS customers and BENCH_ENTRIES account
// entries (sales on account in dollars and dinars over 180 days across three branches, repayments, returns), the
// customers' balances and each charge's open part (credits paying the oldest first) kept as the entries leave them. Times GET /api/receivables (first page and totals) through the
// API. Target: 20,000 customers with 200,000 entries under 300 ms.
//
//   node bench/receivables/bench.mjs                  PostgreSQL from DATABASE_URL, else 127.0.0.1:5432
//   BENCH_CUSTOMERS=20000 BENCH_ENTRIES=200000 BENCH_RUNS=10 node bench/receivables/bench.mjs
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { adminQuery, adminToken, memoryMb, percentile, startService, withDatabase } from '../lib.mjs';

const root = join(import.meta.dirname, '..', '..');
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGET_MS = 300;
const ms = (x) => `${x.toFixed(1)} ms`;

/** Customers, then their entries: 7 in 10 charges (a sale on account), the rest repayments and returns of up to what was charged. */
const SEED = `
  INSERT INTO customers (id, first_name, last_name, phone)
  SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid, 'Customer', g::text, '+96475' || lpad(g::text, 8, '0')
    FROM generate_series(1, $1::int) AS g;
  INSERT INTO account_entries (customer_id, branch_id, kind, currency, amount_minor, exchange_rate, ref_id, sale_id, balance_after_minor, created_at)
  SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(1 + (g % $1::int)), 12, '0'))::uuid,
         (ARRAY['main', 'erbil', 'duhok'])[1 + (g % 3)],
         CASE WHEN g % 10 < 7 THEN 'sale' WHEN g % 10 < 9 THEN 'repayment' ELSE 'return' END,
         CASE WHEN (g / 7) % 2 = 0 THEN 'IQD' ELSE 'USD' END,
         CASE WHEN g % 10 < 7 THEN 1 ELSE -1 END * CASE WHEN (g / 7) % 2 = 0 THEN 250 * (4 + g % 200) ELSE 100 * (1 + g % 150) END,
         1500, gen_random_uuid()::text, NULL, 0,
         now() - ((g % 180) || ' days')::interval - ((g % 1440) || ' minutes')::interval
    FROM generate_series(1, $2::int) AS g
   ORDER BY 10;
  UPDATE customers c SET owed_usd_cents = greatest(0, coalesce(s.usd, 0)), owed_iqd = greatest(0, coalesce(s.iqd, 0))
    FROM (SELECT customer_id, sum(amount_minor) FILTER (WHERE currency = 'USD') AS usd, sum(amount_minor) FILTER (WHERE currency = 'IQD') AS iqd
            FROM account_entries GROUP BY customer_id) s
   WHERE s.customer_id = c.id;
  UPDATE account_entries a SET open_minor = x.open
    FROM (SELECT id, least(amount_minor, charged_to_here - credited) AS open
            FROM (SELECT id, amount_minor,
                         sum(amount_minor) FILTER (WHERE amount_minor > 0) OVER (PARTITION BY customer_id, currency ORDER BY seq) AS charged_to_here,
                         coalesce(sum(-amount_minor) FILTER (WHERE amount_minor < 0) OVER (PARTITION BY customer_id, currency), 0) AS credited
                    FROM account_entries) w
           WHERE amount_minor > 0 AND charged_to_here > credited) x
   WHERE a.id = x.id;
  INSERT INTO open_by_day (branch_id, currency, day, open_minor)
  SELECT branch_id, currency, created_at::date, sum(open_minor) FROM account_entries WHERE open_minor > 0 GROUP BY 1, 2, 3;
  UPDATE customers c SET owing_since_usd = s.usd, owing_since_iqd = s.iqd
    FROM (SELECT customer_id, min(created_at) FILTER (WHERE currency = 'USD') AS usd, min(created_at) FILTER (WHERE currency = 'IQD') AS iqd
            FROM account_entries WHERE open_minor > 0 GROUP BY customer_id) s
   WHERE s.customer_id = c.id;`;

async function startLoyalty() {
  const dbName = `dukan_bench_receivables_${process.pid}`;
  await adminQuery(ADMIN_URL, `CREATE DATABASE ${dbName}`);
  const databaseUrl = withDatabase(ADMIN_URL, dbName);
  const dataDir = mkdtempSync(join(tmpdir(), 'dukan-bench-receivables-'));
  const children = [];
  const stop = async () => {
    await Promise.all(
      children.filter((c) => c.exitCode === null).map((c) => new Promise((resolve) => (c.once('exit', resolve), c.kill('SIGTERM')))),
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
    const { url, child } = await startService(root, 'loyalty', { ...common, IDENTITY_URL: identity.url }, children);
    const headers = { 'x-dukan-internal': internalToken };
    const token = await adminToken(identity.url, adminPassword, headers);
    const db = new pg.Client({ connectionString: databaseUrl, options: '-c search_path=loyalty' });
    await db.connect();
    return { url, pid: child.pid, token, headers, db, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

const app = await startLoyalty();
try {
  const t0 = performance.now();
  await app.db.query(SEED.replaceAll('$1::int', String(CUSTOMERS)).replaceAll('$2::int', String(ENTRIES)));
  await app.db.query('VACUUM ANALYZE customers');
  await app.db.query('VACUUM ANALYZE account_entries');
  const [{ owing }] = (await app.db.query(`SELECT count(*)::int AS owing FROM customers WHERE owed_usd_cents > 0 OR owed_iqd > 0`)).rows;
  console.log(
    `receivables: ${CUSTOMERS.toLocaleString('en')} customers (${owing.toLocaleString('en')} owing), ${ENTRIES.toLocaleString('en')} entries ` +
      `seeded in ${ms(performance.now() - t0)}; ${RUNS} runs on ${cpus().length} cores (load ${loadavg()[0].toFixed(2)})`,
  );
  // The whole chain (from the balances), then one branch (from that branch's open charges), as the reports page asks.
  for (const branch of [null, 'erbil']) {
    const times = [];
    let last = null;
    for (let run = 0; run < RUNS + 1; run++) {
      const start = performance.now();
      const res = await fetch(`${app.url}/api/receivables?limit=50${branch ? `&branch=${branch}` : ''}`, {
        headers: { authorization: `Bearer ${app.token}`, ...app.headers },
      });
      const body = await res.json();
      const elapsed = performance.now() - start;
      if (!res.ok) throw new Error(`GET /api/receivables answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
      if (run > 0) times.push(elapsed); // the first warms the process and PostgreSQL's caches
      last = body.data;
    }
    times.sort((a, b) => a - b);
    const iqd = last.totals.filter((t) => t.currency === 'IQD').reduce((n, t) => n + t.owedMinor, 0);
    const usd = last.totals.filter((t) => t.currency === 'USD').reduce((n, t) => n + t.owedMinor, 0);
    console.log(
      `receivables report (${branch ?? 'every branch'}): p50 ${ms(percentile(times, 50))}, max ${ms(times.at(-1))} (target < ${TARGET_MS} ms: ` +
        `${times.at(-1) < TARGET_MS ? 'met' : 'MISSED'}) · ${last.pagination.total.toLocaleString('en')} customer-currency rows, ` +
        `owed IQD ${iqd.toLocaleString('en')} and USD ${(usd / 100).toFixed(2)} over ${new Set(last.totals.map((t) => t.branchId)).size} branches`,
    );
  }
  const mem = memoryMb(app.pid);
  console.log(`loyalty process memory: ${mem.rss} MB (peak ${mem.peak} MB)`);
} finally {
  await app.db.end();
  await app.stop();
}
