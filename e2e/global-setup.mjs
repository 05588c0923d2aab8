// Browser tests run against the real, built all-in-one app (frontend included) on its own database,
// data folder and port; the test files find it through DUKAN_URL and DUKAN_ADMIN_PASSWORD.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const root = join(import.meta.dirname, '..');

function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

export default async function globalSetup() {
  if (process.env.DUKAN_URL) return; // a running app was given
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `t_e2e_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  const port = await freePort();
  const password = `e2e-${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'dukan-e2e-'));
  const child = spawn(process.execPath, [join(root, 'gateway', 'dist', 'main.js')], {
    env: {
      ...process.env,
      DATABASE_URL: dbUrl.toString(),
      PORT: String(port),
      DUKAN_DATA_DIR: dataDir,
      DUKAN_ADMIN_PASSWORD: password,
      LOG_LEVEL: 'warn',
      FRONTEND_DIST: process.env.FRONTEND_DIST ?? join(root, 'frontend', 'dist'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch { /* starting */ }
    if (Date.now() > until || child.exitCode !== null) throw new Error('the all-in-one app for browser tests did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  process.env.DUKAN_URL = url;
  process.env.DUKAN_ADMIN_PASSWORD = password;
  process.env.DUKAN_DATA_DIR = dataDir;
  globalThis.__DUKAN_E2E__ = { child, adminUrl, name };
}
