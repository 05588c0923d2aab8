// The app under test, in either shape, and the small process tools the benchmark uses on it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminQuery, freePort, portOpen, waitFor, withDatabase } from '../lib.mjs';
import { PASSWORD, root } from './settings.mjs';
import { SERVER_NODE_FLAGS } from '../../desktop/src/supervisor/server-entry.mjs';

/** Every process whose parent is this one (the app's processes), for memory readings. */
export function childPids() {
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
export function cpuByProcess(pids) {
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

export async function startAllInOne(adminUrl) {
  const db = `dukan_bench_checkout_${randomBytes(3).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${db}"`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'dukan-bench-checkout-'));
  const databaseUrl = withDatabase(adminUrl, db);
  // DUKAN_NODE_ARGS, as for start-cluster: e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the run.
  const nodeArgs = (process.env.DUKAN_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, join(root, 'gateway', 'dist', 'main.js')], {
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

export async function startClusterShape(adminUrl) {
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
    /** Stops one process by its name ('sales#2', 'gateway#2') as a scale-down would (SIGTERM), and waits until it has gone. */
    stopProcess: (name) => cluster.stopService(name),
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
