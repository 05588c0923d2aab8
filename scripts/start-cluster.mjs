// `npm run start:cluster`: every service as its own process on its own port, plus the gateway on 5000,
// against DATABASE_URL and NATS_URL (defaults: the local PostgreSQL and NATS). Ctrl-C stops them all.
import './supported-node.mjs';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { buildUnlessSkipped } from './build.mjs';
import { freePort } from './free-port.mjs';
import { root } from './ensure-install.mjs';

/** The preload that maps our own stack traces to the TypeScript sources (see the file). */
const OWN_SOURCE_MAPS = pathToFileURL(join(root, 'libs', 'platform', 'bin', 'own-source-maps.mjs')).href;

/** How long a process asked to stop may take before it is killed. */
const STOP_GRACE_MS = 10_000;

/**
 * How many processes each service runs: `--replicas sales=2,catalog=2` or DUKAN_REPLICAS (same form); one
 * otherwise. Replicas of a service share its database and its NATS consumers (each event is applied once) and
 * the gateway and the services calling each other spread calls over them, skipping a process that is down.
 * `gateway=2`: two whole gateway processes share the gateway's port (SO_REUSEPORT: the kernel spreads the
 * connections over them, as a Service spreads them over a Deployment's pods); each follows the bus by itself.
 */
export function parseReplicas(argv = process.argv.slice(2), env = process.env) {
  const at = argv.indexOf('--replicas');
  const spec =
    (at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith('--replicas='))?.slice('--replicas='.length)) ?? env.DUKAN_REPLICAS ?? '';
  const out = {};
  for (const part of spec
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, n] = part.split('=');
    const count = Number(n);
    if ((!SERVICE_PORTS[name] && name !== 'gateway') || !Number.isInteger(count) || count < 1 || count > 8)
      throw new Error(`--replicas: "${part}" is not <service>=<1-8> (or gateway=<1-8>)`);
    out[name] = count;
  }
  return out;
}

export const SERVICE_PORTS = { identity: 5101, catalog: 5102, sales: 5103, loyalty: 5104, reporting: 5105, expenses: 5106, settings: 5107 };

async function ensureDatabase(url) {
  const target = new URL(url);
  const name = target.pathname.slice(1) || 'dukan';
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

/**
 * Each service's own connection string: where DATABASE_URL may create roles (the local default, a superuser),
 * every service gets a role of its own that reaches only its schema (libs/platform's provisionServiceRoles),
 * with a fresh password each start; elsewhere they all share DATABASE_URL, as before.
 */
async function serviceDatabaseUrls(url, services, prefix) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let mayCreateRoles;
  try {
    const { rows } = await client.query('SELECT rolsuper OR rolcreaterole AS may FROM pg_roles WHERE rolname = current_user');
    mayCreateRoles = rows[0]?.may === true;
  } finally {
    await client.end();
  }
  if (!mayCreateRoles) {
    console.warn('start:cluster: DATABASE_URL may not create roles, so every service connects with it (no role per service)');
    return Object.fromEntries(services.map((s) => [s, url]));
  }
  const { provisionServiceRoles, serviceRoleName, databaseUrlAs } = await import(
    join(root, 'libs', 'platform', 'dist', 'database', 'service-roles.js')
  );
  const roles = services.map((service) => ({
    service,
    role: serviceRoleName(service, prefix),
    password: randomBytes(18).toString('base64url'),
  }));
  await provisionServiceRoles(url, roles);
  return Object.fromEntries(roles.map((r) => [r.service, databaseUrlAs(url, r.role, r.password)]));
}

// Generous: seven processes starting at once on a busy two-core machine take their time.
/** Waits until url answers 200; a process that exits first (a port taken, a bad setting) fails the start at once. */
async function waitHealthy(url, timeoutMs = 90_000, child = null, name = 'the process') {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && (child.exitCode !== null || child.signalCode))
      throw new Error(`${name} exited (${child.signalCode ?? child.exitCode}) before it answered ${url}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not become healthy`);
}

/** Waits until a process started with a channel says it listens; one that exits first fails the start at once. */
function waitListening(child, name, timeoutMs = 90_000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`${name} did not listen within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (m) => m?.listening && done();
    const onExit = (code, signal) => done(new Error(`${name} exited (${signal ?? code}) before it listened`));
    const done = (err) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve();
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

/** Starts the cluster; returns a stop function. Used by this script and by the cluster tests. */
/** options: { env, ports: { identity, …, gateway }, stdio, replicas: { sales: 2, … }, readyTimeoutMs (each process; 90 s) } */
export async function startCluster(options = {}) {
  const env = {
    ...process.env,
    DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dukan',
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    EVENT_BUS: 'nats',
    DUKAN_DATA_DIR: process.env.DUKAN_DATA_DIR ?? join(root, 'data', 'cluster'),
    INTERNAL_TOKEN: process.env.INTERNAL_TOKEN ?? randomBytes(24).toString('base64url'),
    ...options.env,
  };
  const ports = { ...SERVICE_PORTS, ...options.ports };
  for (const [s, port] of Object.entries(ports)) env[`${s.toUpperCase()}_URL`] ??= `http://127.0.0.1:${port}`;
  await ensureDatabase(env.DATABASE_URL);
  const services = Object.keys(ports).filter((s) => s !== 'gateway');
  const databaseUrls = await serviceDatabaseUrls(env.DATABASE_URL, services, env.DB_ROLE_PREFIX ?? 'dukan_');
  const children = new Map();
  const stoppedOnPurpose = new Set();
  const spawnProcess = (name, script, extra, { ipc = false } = {}) => {
    // DUKAN_NODE_ARGS: extra Node flags for every process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile a run.
    const nodeArgs = (process.env.DUKAN_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const stdio = options.stdio ?? 'inherit';
    const child = spawn(process.execPath, ['--import', OWN_SOURCE_MAPS, ...nodeArgs, script], {
      cwd: root,
      env: { ...env, ...extra },
      // A channel where the process must say itself that it listens (gateways sharing one port).
      stdio: ipc ? [...(typeof stdio === 'string' ? [stdio, stdio, stdio] : stdio.slice(0, 3)), 'ipc'] : stdio,
    });
    children.set(name, child);
    child.on('exit', (code, signal) => {
      if (!stopping && !stoppedOnPurpose.has(child)) console.error(`${name} exited (${signal ?? code})`);
    });
    return child;
  };
  let stopping = false;
  const replicaCount = options.replicas ?? {};
  // The second and later processes of a service: their names ('sales#2') and ports.
  const replicaPorts = {};
  for (const service of services) {
    for (let k = 2; k <= (replicaCount[service] ?? 1); k++) replicaPorts[`${service}#${k}`] = await freePort();
  }
  // Every process is told each service's processes (a comma-separated list where it runs several): the gateway
  // and the services that call each other spread their calls over them and skip one that is down.
  for (const service of services) {
    const extra = Object.entries(replicaPorts)
      .filter(([name]) => name.split('#')[0] === service)
      .map(([, port]) => `http://127.0.0.1:${port}`);
    if (extra.length > 0) env[`${service.toUpperCase()}_URL`] = [env[`${service.toUpperCase()}_URL`], ...extra].join(',');
  }
  const start = async (service) => {
    const port = ports[service] ?? replicaPorts[service];
    const base = service.split('#')[0];
    const child = spawnProcess(service, join(root, 'services', base, 'dist', 'main.js'), {
      PORT: String(port),
      DATABASE_URL: databaseUrls[base],
    });
    await waitHealthy(`http://127.0.0.1:${port}/health/ready`, options.readyTimeoutMs, child, service);
  };
  // A process asked to stop gets STOP_GRACE_MS to shut down cleanly (drain its consumers, close its pool); one
  // that is still running then is killed, so stopping a cluster on a loaded machine always ends.
  const stopOne = (name, signal = 'SIGTERM') =>
    new Promise((resolve) => {
      const child = children.get(name);
      if (!child || child.exitCode !== null || child.signalCode) return resolve();
      stoppedOnPurpose.add(child);
      const grace = signal === 'SIGKILL' ? undefined : setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      child.once('exit', () => {
        clearTimeout(grace);
        resolve();
      });
      child.kill(signal);
    });
  const stopAll = async () => {
    stopping = true;
    await Promise.all([...children.keys()].map((name) => stopOne(name)));
  };
  const gatewayPort = String(ports.gateway ?? env.PORT ?? '5000');
  const gateways = replicaCount.gateway ?? 1;
  const gatewayNames = Array.from({ length: gateways }, (_, i) => (i === 0 ? 'gateway' : `gateway#${i + 1}`));
  try {
    // Identity first: it makes the signing key whose public half the others verify with.
    await start('identity');
    await Promise.all([...Object.keys(ports).filter((s) => s !== 'identity' && s !== 'gateway'), ...Object.keys(replicaPorts)].map(start));
    // The gateway opens no database: it is given none.
    const gatewayEnv = { DUKAN_MODE: 'cluster', PORT: gatewayPort, DATABASE_URL: '' };
    if (gateways === 1) {
      const gateway = spawnProcess('gateway', join(root, 'gateway', 'dist', 'main.js'), gatewayEnv);
      await waitHealthy(`http://127.0.0.1:${gatewayPort}/health`, options.readyTimeoutMs, gateway, 'gateway');
    } else {
      // Several on one port: asking the port would not say which answered, so each says itself that it listens.
      await Promise.all(
        gatewayNames.map((name) =>
          waitListening(
            spawnProcess(name, join(root, 'gateway', 'dist', 'main.js'), { ...gatewayEnv, REUSE_PORT: 'true' }, { ipc: true }),
            name,
            options.readyTimeoutMs,
          ),
        ),
      );
    }
  } catch (err) {
    // A cluster that did not come up leaves no process behind.
    await stopAll();
    throw err;
  }
  return {
    env,
    url: `http://127.0.0.1:${gatewayPort}`,
    /** Every process's port by name ('sales', 'sales#2', …); the gateway's processes all share `gateway`'s. */
    processPorts: { ...ports, ...replicaPorts },
    /** The gateway's processes by name ('gateway', 'gateway#2', …), for stopService and killService. */
    gatewayProcesses: gatewayNames,
    stopService: (name) => stopOne(name),
    /** Ends a process at once (SIGKILL: no shutdown hook runs, as in a crash); startService brings it back. */
    killService: (name) => stopOne(name, 'SIGKILL'),
    startService: start,
    stop: stopAll,
  };
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  buildUnlessSkipped();
  const cluster = await startCluster({ replicas: parseReplicas() });
  const gateways = cluster.gatewayProcesses.length > 1 ? ` (${cluster.gatewayProcesses.length} gateway processes)` : '';
  const others = Object.entries(cluster.processPorts)
    .filter(([n]) => n !== 'gateway')
    .map(([n, p]) => `${n} ${p}`)
    .join(', ');
  console.log(`\n  Dukan cluster is ready on ${cluster.url}${gateways} (processes: ${others})\n`);
  const stop = async () => {
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
