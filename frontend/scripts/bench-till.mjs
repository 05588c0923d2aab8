// The till benchmark: a fresh all-in-one Dukan on a spare port with a temporary data folder, a seeded
// 50,000-product catalogue, then measure-till.mjs (opening, searching, scanning) and measure-sync.mjs (the delta,
// a change reaching an open till, sending 500 sales kept offline) in Chromium. Prints the figures as JSON and cleans up.
//   node frontend/scripts/bench-till.mjs [--products 50000] [--port 5099] [--db-port 5499] [--rounds 1]
// With --rounds N each slowed measure is taken N times (a shared machine's figures vary from run to run): the
// range is printed and each slow-PC target is judged on the median round.
// Needs the built app (npm run build) and /usr/bin/chromium.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('../../', import.meta.url));
const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '50000' },
    port: { type: 'string', default: '5099' },
    'db-port': { type: 'string', default: '5499' },
    rounds: { type: 'string', default: '1' },
  },
});
const port = Number(values.port);
const dataDir = mkdtempSync(join(tmpdir(), 'dukan-till-bench-'));
const password = `bench-${Math.random().toString(36).slice(2)}`;
const base = `http://localhost:${port}`;

function withoutDatabaseUrl(env) {
  const { DATABASE_URL: _ignored, ...rest } = env;
  return rest;
}

const app = spawn(process.execPath, [join(root, 'gateway', 'dist', 'main.js')], {
  cwd: root,
  // Its own embedded PostgreSQL (not DATABASE_URL) on its own port, so a running Dukan is left alone.
  env: {
    ...withoutDatabaseUrl(process.env),
    PORT: String(port),
    DUKAN_DB_PORT: values['db-port'],
    DUKAN_DATA_DIR: dataDir,
    DUKAN_ADMIN_PASSWORD: password,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function stop() {
  if (app.exitCode === null) {
    app.kill('SIGTERM');
    await new Promise((r) => app.once('exit', r));
  }
  rmSync(dataDir, { recursive: true, force: true });
}

try {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('the app did not start within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  // The embedded PostgreSQL's port and password, as the app left them in its data folder.
  const pgPort = readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    .trim();
  const pgPassword = readFileSync(join(dataDir, 'pg-password'), 'utf8').trim();
  const databaseUrl = `postgres://postgres:${encodeURIComponent(pgPassword)}@127.0.0.1:${pgPort}/dukan`;
  const seeded = spawnSync(
    process.execPath,
    [join(root, 'services', 'catalog', 'dist', 'seed', 'seed.js'), '--products', values.products, '--no-events'],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
    },
  );
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr || seeded.stdout}`);
  const run = (script, ...args) => {
    const measured = spawnSync(process.execPath, [join(root, 'frontend', 'scripts', script), base, ...args], {
      cwd: root,
      encoding: 'utf8',
    });
    if (measured.status !== 0) throw new Error(`${script} failed: ${measured.stderr}`);
    return JSON.parse(measured.stdout);
  };
  const measure = (cpuSlowdown = 1) => run('measure-till.mjs', 'admin', password, String(cpuSlowdown));
  // First sign-in after the server started (cold caches), then a second one, as on any later sale day.
  const cold = measure();
  const figures = measure();
  figures.usableAfterFirstSignInSinceStartMs = cold.usableAfterSignInMs;
  // A slow shop PC: the same page with Chromium's CPU slowed two and four times (the page's thread only: DevTools
  // cannot slow a worker, and the till runs none), each `rounds` times.
  const rounds = Math.max(1, Number(values.rounds) || 1);
  // The upper median (of two rounds, the slower): a target is not met by the luckier run alone.
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.ceil((xs.length - 1) / 2)];
  const range = (xs) => (xs.length > 1 ? { median: median(xs), min: Math.min(...xs), max: Math.max(...xs) } : xs[0]);
  const slow = Object.fromEntries(
    [2, 4].map((x) => {
      const ms = Array.from({ length: rounds }, () => measure(x));
      return [
        `cpuSlowdown${x}`,
        {
          usableAfterSignInMs: range(ms.map((m) => m.usableAfterSignInMs)),
          reopenUsableMs: range(ms.map((m) => m.reopenUsableMs)),
          searchKeystrokeToResultsMs: rounds > 1 ? ms.map((m) => m.searchKeystrokeToResultsMs) : ms[0].searchKeystrokeToResultsMs,
          scanToCartLineMs: rounds > 1 ? ms.map((m) => m.scanToCartLineMs) : ms[0].scanToCartLineMs,
          usableMedian: median(ms.map((m) => m.usableAfterSignInMs)),
          reopenMedian: median(ms.map((m) => m.reopenUsableMs)),
        },
      ];
    }),
  );
  const sync = run('measure-sync.mjs', password);
  const slow4 = slow.cpuSlowdown4;
  const targets = {
    usableUnder2s: figures.usableAfterSignInMs < 2000,
    reopenUnder500ms: figures.reopenUsableMs < 500,
    slowPcUsableUnder2s: slow4.usableMedian < 2000,
    slowPcReopenUnder500ms: slow4.reopenMedian < 500,
    resultsUnder50ms: figures.searchKeystrokeToResultsMs.max < 50,
    scanUnder100ms: figures.scanToCartLineMs.max < 100,
    javaScriptUnder250KB: figures.tillJavaScriptGzipKB < 250,
  };
  for (const s of Object.values(slow)) {
    delete s.usableMedian;
    delete s.reopenMedian;
  }
  console.log(JSON.stringify({ seeded: seeded.stdout.trim(), ...figures, slowPc: slow, ...sync, targets }, null, 2));
  const yes = (ok) => (ok ? 'yes' : 'NO');
  const of = (r) => (typeof r === 'number' ? `${r} ms` : `${r.median} ms (${r.min}-${r.max} over ${rounds} rounds)`);
  console.log(
    [
      `till usable after sign-in: ${figures.usableAfterSignInMs} ms; target < 2000 ms: ${yes(targets.usableUnder2s)}`,
      `till usable after a reopen: ${figures.reopenUsableMs} ms; target < 500 ms: ${yes(targets.reopenUnder500ms)}`,
      `slow PC (CPU x4) usable after sign-in: ${of(slow4.usableAfterSignInMs)}; target < 2000 ms: ${yes(targets.slowPcUsableUnder2s)}`,
      `slow PC (CPU x4) usable after a reopen: ${of(slow4.reopenUsableMs)}; target < 500 ms: ${yes(targets.slowPcReopenUnder500ms)}`,
      `keystroke to results: max ${figures.searchKeystrokeToResultsMs.max} ms; target < 50 ms: ${yes(targets.resultsUnder50ms)}`,
      `scan to cart line: max ${figures.scanToCartLineMs.max} ms; target < 100 ms: ${yes(targets.scanUnder100ms)}`,
      `till JavaScript: ${figures.tillJavaScriptGzipKB} KB gzipped; target < 250 KB: ${yes(targets.javaScriptUnder250KB)}`,
    ].join('\n'),
  );
} finally {
  await stop();
}
