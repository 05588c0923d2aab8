// The built all-in-one app (frontend included) as a process of a test's own: on its own database, data folder and
// port, started, stopped and started again on the same port (the browser's kept data belongs to that origin).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../scripts/free-port.mjs';

const root = join(import.meta.dirname, '..');

async function withAdmin(adminUrl, sql) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A new app: its database is created, the process is not started yet. `start()` waits until it answers its health
 * check; `stop()` ends it as an operator would (SIGTERM) and waits; `dispose()` stops it and drops what it made.
 */
export async function appProcess({
  adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  stdio = 'inherit',
} = {}) {
  const name = `t_e2e_${randomBytes(4).toString('hex')}`;
  // A copy of the run's migrated template when there is one (see libs/testing's createTestDatabase).
  const template = process.env.DUKAN_TEST_TEMPLATE;
  await withAdmin(adminUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  await withAdmin(adminUrl, `ALTER DATABASE "${name}" SET synchronous_commit = off`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const password = `e2e-${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'dukan-e2e-'));
  let child = null;

  async function start() {
    if (child && child.exitCode === null) return;
    child = spawn(process.execPath, [join(root, 'gateway', 'dist', 'main.js')], {
      env: {
        ...process.env,
        DATABASE_URL: dbUrl.toString(),
        PORT: String(port),
        DUKAN_DATA_DIR: dataDir,
        DUKAN_ADMIN_PASSWORD: password,
        LOG_LEVEL: 'warn',
        FRONTEND_DIST: process.env.FRONTEND_DIST ?? join(root, 'frontend', 'dist'),
      },
      stdio: ['ignore', 'ignore', stdio],
    });
    const until = Date.now() + 60_000;
    for (;;) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) return;
      } catch {
        /* starting */
      }
      if (Date.now() > until || child.exitCode !== null) throw new Error('the all-in-one app did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function stop() {
    const running = child;
    if (!running || running.exitCode !== null) return;
    await new Promise((resolve) => {
      running.once('exit', resolve);
      running.kill('SIGTERM');
    });
  }

  async function dispose() {
    await stop();
    await withAdmin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  }

  return {
    url,
    password,
    dataDir,
    adminUrl,
    name,
    start,
    stop,
    dispose,
    get child() {
      return child;
    },
  };
}
