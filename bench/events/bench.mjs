// Bulk changes and the shop: seeds N products (default 50,000) with their events into a running app, in the
// all-in-one and the cluster shape, and prints how long until every one is sellable at the till (in sales'
// price replica) after the seed finished, and how long a product created through the API right after the seed,
// while the bulk backlog drains, takes to become sellable.
//
//   node bench/events/bench.mjs                          both shapes (cluster skipped without NATS)
//   BENCH_SHAPES=all-in-one BENCH_PRODUCTS=20000 node bench/events/bench.mjs
// PostgreSQL: DATABASE_URL's server, else 127.0.0.1:5432. NATS: NATS_URL, else 127.0.0.1:4222.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { adminPostgresUrl, adminQuery, api, fmt, freePort, portOpen, sleep, waitFor, withDatabase } from '../lib.mjs';

const root = join(import.meta.dirname, '..', '..');
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const LIVE_PRODUCTS = Number(process.env.BENCH_LIVE_PRODUCTS ?? 5);
const SHAPES = (process.env.BENCH_SHAPES ?? 'all-in-one,cluster')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const PASSWORD = 'bench-admin-pw';
const TIMEOUT_MS = 300_000;

async function startAllInOne(adminUrl) {
  const db = `dukan_bench_events_${randomBytes(3).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${db}"`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'dukan-bench-events-'));
  const databaseUrl = withDatabase(adminUrl, db);
  const child = spawn(process.execPath, [join(root, 'gateway', 'dist', 'main.js')], {
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
  await waitFor(`${url}/health`, 120_000);
  return {
    url,
    databaseUrl,
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
  const { startCluster } = await import(join(root, 'scripts', 'start-cluster.mjs'));
  const db = `dukan_bench_events_c_${randomBytes(3).toString('hex')}`;
  const databaseUrl = withDatabase(adminUrl, db);
  const dataDir = mkdtempSync(join(tmpdir(), 'dukan-bench-events-'));
  const names = ['identity', 'catalog', 'sales', 'loyalty', 'reporting', 'expenses', 'settings', 'gateway'];
  const ports = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await freePort()])));
  const stream = `BENCH_${randomBytes(3).toString('hex')}`;
  const cluster = await startCluster({
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
    databaseUrl,
    stop: async () => {
      await cluster.stop();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`).catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
      const { connect } = await import('@nats-io/transport-node');
      const { jetstreamManager } = await import('@nats-io/jetstream');
      const nc = await connect({ servers: natsUrl });
      await (await jetstreamManager(nc)).streams.delete(stream).catch(() => undefined);
      await nc.close();
    },
  };
}

async function run(shape, target) {
  const db = new pg.Client({ connectionString: target.databaseUrl });
  await db.connect();
  try {
    const login = await api(target.url, 'POST', '/api/auth/login', null, { username: 'admin', password: PASSWORD });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
    const token = login.body.token;
    const category = await api(target.url, 'POST', '/api/categories', token, { name: { en: 'Bench live', ku: 'تاقیکردنەوە' } });
    const categoryId = category.body?.data?._id ?? category.body?._id;
    const sellable = async () =>
      Number((await db.query(`SELECT count(*)::int AS n FROM sales.product_prices WHERE NOT deleted`)).rows[0].n);
    const before = await sellable();

    console.log(`${shape}: seeding ${PRODUCTS} products with their events`);
    const seeded = spawnSync(
      process.execPath,
      [join(root, 'services', 'catalog', 'dist', 'seed', 'seed.js'), '--products', String(PRODUCTS)],
      {
        env: { ...process.env, DATABASE_URL: target.databaseUrl, LOG_LEVEL: 'warn' },
        encoding: 'utf8',
      },
    );
    if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr || seeded.stdout}`);
    const seedDone = performance.now();
    const backlog = Number((await db.query(`SELECT count(*)::int AS n FROM catalog.outbox WHERE published_at IS NULL`)).rows[0].n);
    console.log(`${shape}: ${seeded.stdout.trim().split('\n').pop()}; ${backlog} events waiting to be published`);

    // Products made at the counter while the backlog drains: each must be sellable within a second.
    const tag = randomBytes(3).toString('hex');
    const liveMs = [];
    for (let i = 0; i < LIVE_PRODUCTS; i++) {
      const res = await api(target.url, 'POST', '/api/products', token, {
        sku: `LIVE-${tag}-${i}`,
        barcode: `LIVE${tag}${i}`,
        name: { en: `Live item ${i}`, ku: `کاڵای ${i}` },
        category: categoryId,
        price: 2.5,
        cost: 1,
        quantity: 10,
      });
      if (res.status !== 201 && res.status !== 200) throw new Error(`product: ${res.status} ${res.text}`);
      const answered = performance.now();
      const id = res.body.data?._id ?? res.body._id;
      for (;;) {
        if ((await db.query(`SELECT 1 FROM sales.product_prices WHERE product_id = $1`, [id])).rowCount) break;
        if (performance.now() - answered > TIMEOUT_MS) throw new Error('a live product never became sellable');
        await sleep(5);
      }
      liveMs.push(performance.now() - answered);
      const pendingNow = Number((await db.query(`SELECT count(*)::int AS n FROM catalog.outbox WHERE published_at IS NULL`)).rows[0].n);
      const sellableNow = (await sellable()) - before;
      console.log(
        `${shape}: live product ${i + 1} sellable ${fmt(liveMs.at(-1), 0)} ms after it was created (${pendingNow} events still unpublished, ${sellableNow} of the seed sellable)`,
      );
      await sleep(200);
    }

    let lastReport = performance.now();
    for (;;) {
      const now = (await sellable()) - before;
      if (now >= PRODUCTS + LIVE_PRODUCTS) break;
      if (performance.now() - seedDone > TIMEOUT_MS) throw new Error(`not all products sellable after ${TIMEOUT_MS / 1000} s`);
      if (performance.now() - lastReport > 5000) {
        lastReport = performance.now();
        const unpublished = Number((await db.query(`SELECT count(*)::int AS n FROM catalog.outbox WHERE published_at IS NULL`)).rows[0].n);
        console.log(
          `${shape}: ${fmt((lastReport - seedDone) / 1000)} s after the seed: ${unpublished} events unpublished, ${now} products sellable`,
        );
      }
      await sleep(100);
    }
    const allSellable = (performance.now() - seedDone) / 1000;
    liveMs.sort((a, b) => a - b);
    return { shape, allSellable, liveMax: liveMs.at(-1), liveMedian: liveMs[Math.floor(liveMs.length / 2)] };
  } finally {
    await db.end();
  }
}

async function main() {
  console.log(
    `events: ${PRODUCTS} products seeded with their events (bulk lane), ${LIVE_PRODUCTS} created at the counter during the backlog`,
  );
  const adminUrl = await adminPostgresUrl();
  const rows = [];
  for (const shape of SHAPES) {
    const target = shape === 'cluster' ? await startClusterShape(adminUrl) : await startAllInOne(adminUrl);
    if (!target) {
      console.log(`${shape}: skipped (no NATS)`);
      continue;
    }
    try {
      rows.push(await run(shape, target));
    } catch (e) {
      console.error(`${shape}: failed: ${e instanceof Error ? e.stack : e}`);
      process.exitCode = 1;
    } finally {
      await target.stop();
    }
  }
  console.log('\nshape        all seeded products sellable   product created during the backlog sellable (median / max)');
  for (const r of rows) {
    console.log(
      `${r.shape.padEnd(12)} ${`${fmt(r.allSellable)} s after the seed (target 30 s)`.padEnd(31)} ${fmt(r.liveMedian, 0)} ms / ${fmt(r.liveMax, 0)} ms (target 1000 ms)`,
    );
  }
}

await main();
