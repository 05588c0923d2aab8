// The image's entrypoint (infra/docker-entrypoint.sh) run here as the pods run it, against the local
// PostgreSQL and NATS: `migrate` prepares a fresh database, then each process starts by its name and
// answers on the paths its manifest probes.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { SERVICES } from '@dukan/contracts';
import { databaseUrlAs } from '@dukan/platform';
import { createTestDatabase, dropRoles, findNats, freePort, httpClient, tempDataDir, uniqueName, type TestDatabase } from '@dukan/testing';
import { appContainer, named, render, type K8sObject } from './kustomize.js';

const root = join(import.meta.dirname, '..', '..');
const entrypoint = join(root, 'infra', 'docker-entrypoint.sh');
const built =
  existsSync(join(root, 'gateway', 'dist', 'migrate.js')) &&
  SERVICES.every((s) => existsSync(join(root, 'services', s, 'dist', 'main.js')));
const nats = await findNats();
const describeImage = built && nats ? describe : describe.skip;

interface Run {
  code: number | null;
  out: string;
}

/** Runs the entrypoint with `args` from the repository root, as the image's WORKDIR. */
function start(args: string[], env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<Run> } {
  const child = spawn('sh', [entrypoint, ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b));
  child.stderr!.on('data', (b: Buffer) => (out += b));
  const exited = new Promise<Run>((resolve) => child.once('exit', (code) => resolve({ code, out })));
  return { child, output: () => out, exited };
}

async function answers(url: string, timeoutMs = 150_000): Promise<number> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(url, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200 || Date.now() > until) return status;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describeImage('the image entrypoint', () => {
  let db: TestDatabase;
  let salesDb: TestDatabase;
  let dataDir: string;
  let env: Record<string, string>;
  let manifests: K8sObject[];
  const ports: Record<string, number> = {};
  const running: ChildProcess[] = [];
  const adminPassword = `admin-${randomBytes(6).toString('hex')}`;
  const madeRoles: string[] = [];
  let ns = '';

  beforeAll(async () => {
    db = await createTestDatabase('entrypoint');
    salesDb = await createTestDatabase('entrypoint-sales');
    dataDir = tempDataDir();
    manifests = render('base');
    for (const name of [...SERVICES, 'gateway']) ports[name] = await freePort();
    ns = `e${randomBytes(4).toString('hex')}`;
    env = {
      DATABASE_URL: db.url,
      NATS_URL: nats!,
      NATS_STREAM: ns,
      NATS_SUBJECT_PREFIX: `${ns}.`,
      NATS_STREAM_MAX_BYTES: String(64 * 1024 ** 2),
      EVENT_BUS: 'nats',
      DUKAN_DATA_DIR: dataDir,
      DUKAN_ADMIN_PASSWORD: adminPassword,
      INTERNAL_TOKEN: randomBytes(24).toString('base64url'),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DB_POOL_SIZE: '2',
      MIGRATE_WAIT_SECONDS: '1',
      ...Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_URL`, `http://127.0.0.1:${ports[s]}`])),
    };
  });

  afterAll(async () => {
    await Promise.all(running.filter((c) => c.exitCode === null).map((c) => new Promise((r) => (c.once('exit', r), c.kill('SIGTERM')))));
    // The stream reserves its byte limit on the server: it goes with the test.
    if (ns) {
      const nc = await connect({ servers: nats! });
      await (await jetstreamManager(nc)).streams.delete(ns).catch(() => undefined);
      await nc.close();
    }
    await db?.drop();
    await salesDb?.drop();
    await dropRoles(madeRoles); // once nothing of theirs is left
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('migrate brings every schema up to date, each through its own URL where given, and exits; migrate --wait fails before it and passes after', async () => {
    const early = await start(['migrate', '--wait', 'sales'], env).exited;
    expect(early.code).toBe(1);
    expect(early.out).toContain('sales: migrations still pending');

    // A service's own URL, where given, is the one its schema is migrated through (as the role that owns it).
    const migrate = await start(['migrate'], { ...env, SALES_DATABASE_URL: salesDb.url }).exited;
    expect({ code: migrate.code, log: migrate.out.includes('every schema is up to date') }).toEqual({ code: 0, log: true });
    const recorded = async (url: string, service: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query(`SELECT to_regclass($1) IS NOT NULL AS found`, [`"${service}".migrations`]);
        return rows[0].found ? (await client.query(`SELECT count(*)::int AS n FROM "${service}".migrations`)).rows[0].n > 0 : false;
      } finally {
        await client.end();
      }
    };
    for (const service of SERVICES) {
      expect({ service, here: await recorded(db.url, service) }).toEqual({ service, here: service !== 'sales' });
    }
    expect(await recorded(salesDb.url, 'sales')).toBe(true);
    expect((await start(['migrate', '--wait', 'catalog'], env).exited).code).toBe(0);
  }, 180_000);

  it('starts each service and the gateway by name, each answering on the paths its manifest probes', async () => {
    const boot = async (name: string, extra: Record<string, string> = {}) => {
      const p = start([name], { ...env, PORT: String(ports[name]), ...extra });
      running.push(p.child);
      const container = appContainer(named(manifests, 'Deployment', name));
      const paths = [container.livenessProbe!.httpGet!.path, container.readinessProbe!.httpGet!.path];
      const statuses = [];
      for (const path of paths) statuses.push(await answers(`http://127.0.0.1:${ports[name]}${path}`));
      // The process that answers is the one named: its log says so.
      expect({ name, statuses, listening: p.output().includes(`"service":"${name}"`) }).toEqual({
        name,
        statuses: [200, 200],
        listening: true,
      });
    };
    await boot('identity'); // first: it makes the signing key the others verify with
    await Promise.all(SERVICES.filter((s) => s !== 'identity').map((s) => boot(s)));
    await boot('gateway', { DATABASE_URL: '' }); // as in its manifest: no database credentials

    const gateway = httpClient(`http://127.0.0.1:${ports.gateway}`);
    const health = await gateway.get('/api/health');
    expect(health.body.checks).toEqual(Object.fromEntries(SERVICES.map((s) => [s, 'up'])));
    const login = await gateway.post('/api/auth/login', { username: 'admin', password: adminPassword });
    expect(login.status).toBe(200);
  }, 300_000);

  it('db-roles creates a role per service that reaches only its own schema, and refuses to run without the passwords', async () => {
    const prefix = `${uniqueName('ep')}_`;
    madeRoles.push(...SERVICES.map((s) => `${prefix}${s}`));
    const passwords = Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_DB_PASSWORD`, randomBytes(12).toString('hex')]));
    const missing = await start(['db-roles'], { ...env, DATABASE_ADMIN_URL: db.url, DB_ROLE_PREFIX: prefix }).exited;
    expect(missing.code).toBe(1);
    expect(missing.out).toContain('IDENTITY_DB_PASSWORD');
    const made = await start(['db-roles'], { ...env, ...passwords, DATABASE_ADMIN_URL: db.url, DB_ROLE_PREFIX: prefix }).exited;
    expect(made.code).toBe(0);
    const asSales = new pg.Client({ connectionString: databaseUrlAs(db.url, `${prefix}sales`, passwords.SALES_DB_PASSWORD!) });
    await asSales.connect();
    try {
      await asSales.query('SELECT 1');
      await expect(asSales.query('SELECT count(*) FROM identity.users')).rejects.toThrow(/permission denied/);
    } finally {
      await asSales.end();
    }
  });

  it('runs any other command as given, as docker-compose.yml does', async () => {
    const run = await start(['node', '-e', 'console.log(process.cwd())'], env).exited;
    expect(run).toEqual({ code: 0, out: `${root}\n` });
  });
});
