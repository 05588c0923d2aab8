// Cold start of the all-in-one shape: first run (initdb included) and second run (data reused),
// timed from process spawn to a healthy /api/health, and the process's resident memory when idle.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, memoryMb } from '../lib.mjs';

const root = join(import.meta.dirname, '..', '..');

async function run(dataDir, port, dbPort) {
  const started = performance.now();
  const env = {
    ...process.env,
    DUKAN_DATA_DIR: dataDir,
    PORT: String(port),
    DUKAN_DB_PORT: String(dbPort),
    DUKAN_ADMIN_PASSWORD: 'bench-password',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL; // the embedded PostgreSQL is what is measured
  const child = spawn(process.execPath, [join(root, 'gateway', 'dist', 'main.js')], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let readyMs = null;
  while (performance.now() - started < 60_000) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(500) });
      if (res.ok) {
        readyMs = performance.now() - started;
        break;
      }
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  if (readyMs === null || child.exitCode !== null) throw new Error('the all-in-one app did not start');
  await new Promise((r) => setTimeout(r, 3000)); // let it settle, then read idle memory
  const { rss } = memoryMb(child.pid);
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  return { readyMs, rss };
}

const dataDir = mkdtempSync(join(tmpdir(), 'dukan-bench-start-'));
try {
  const port = await freePort();
  const dbPort = await freePort();
  const first = await run(dataDir, port, dbPort);
  const second = await run(dataDir, port, dbPort);
  const fmt = (ms) => (ms === null ? 'did not start' : `${(ms / 1000).toFixed(2)} s`);
  console.log('startup (all-in-one, embedded PostgreSQL)');
  console.log(`  first run (initdb, migrations):  ${fmt(first.readyMs)}   target < 8 s`);
  console.log(`  second run (data reused):        ${fmt(second.readyMs)}   target < 4 s`);
  console.log(`  idle resident memory (node):     ${first.rss} MB / ${second.rss} MB   target < 300 MB`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
