// `npm test`: every tier but benchmarks, then the time of each tier, the ten slowest files, and one plain line
// `N passed, N failed[, N skipped]` over all of them, which CI reads.
//
// One build; one template database with every migration applied (each test file's database is a copy); then two
// lanes side by side, since most tests wait on PostgreSQL, NATS, Chromium and timers rather than on the processor:
//   jest     unit, integration, API, browser and fault tiers, in parallel workers
//   checks   the type checker, ESLint, Prettier and the module boundaries (each once), then vitest (the frontend)
// `npm test -- <jest arguments>` runs only jest with those arguments (e.g. a file), after the same preparation.
import './supported-node.mjs';
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { build } from './build.mjs';
import { root } from './ensure-install.mjs';
import { migratedTemplate } from './test-template.mjs';

const started = Date.now();
build({ quiet: true });
const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const env = {
  ...process.env,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  FORCE_COLOR: process.env.CI ? '0' : '1',
  // The tests start hundreds of Node processes (the cluster's services, apps, the fault tier's restarts): each
  // reuses the compiled code of the modules the others loaded instead of compiling them again.
  NODE_COMPILE_CACHE: join(root, 'node_modules', '.cache', 'node-compile'),
};
const extraArgs = process.argv.slice(2);
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each tier's files: [tier, file, seconds]. */
const files = [];
/** Each lane step's wall time: [name, seconds]. */
const steps = [];

try {
  env.DUKAN_TEST_TEMPLATE = await migratedTemplate(root, process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
} catch (e) {
  console.warn(`No template database (${e instanceof Error ? e.message : e}); each test file migrates its own.`);
}

/** A package's command script, as npm would find it from `from` (the package's own exports may hide package.json). */
const bin = (pkg, name, from = root) => {
  for (let dir = from; ; dir = dirname(dir)) {
    const pkgPath = join(dir, 'node_modules', pkg, 'package.json');
    if (existsSync(pkgPath)) {
      const json = JSON.parse(readFileSync(pkgPath, 'utf8'));
      return join(dirname(pkgPath), typeof json.bin === 'string' ? json.bin : json.bin[name ?? pkg]);
    }
    if (dirname(dir) === dir) throw new Error(`${pkg} is not installed`);
  }
};

/** Runs node with `args`; its output goes to the terminal (`log` null) or to a file. Resolves with the exit code. */
function node(args, { cwd = root, log = null } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', log ? 'pipe' : 'inherit', log ? 'pipe' : 'inherit'] });
    if (log) {
      const out = createWriteStream(log);
      child.stdout.pipe(out);
      child.stderr.pipe(out);
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function timed(name, work) {
  const t0 = Date.now();
  try {
    return await work();
  } finally {
    steps.push([name, (Date.now() - t0) / 1000]);
  }
}

function tierOf(file) {
  const f = relative(root, file).replace(/\\/g, '/');
  if (f.startsWith('e2e/faults/')) return 'faults';
  if (f.startsWith('e2e/')) return 'browser';
  if (f.startsWith('gateway/test/')) return 'API';
  if (f.startsWith('frontend/')) return 'frontend';
  return /\.int-spec\.ts$/.test(f) ? 'integration' : 'unit';
}

/** Reads a runner's JSON report into the totals; a runner that wrote none, or failed with no failed test, counts one failure. */
function count(name, code, outputFile, read) {
  if (!existsSync(outputFile)) {
    console.error(`\n${name} produced no results (exit ${code}); counted as one failure.`);
    totals.failed += 1;
    return;
  }
  const report = JSON.parse(readFileSync(outputFile, 'utf8'));
  const counts = read(report);
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  for (const r of report.testResults) {
    const seconds = ((r.endTime ?? 0) - (r.startTime ?? 0)) / 1000;
    files.push([tierOf(r.name), r.name, seconds > 0 ? seconds : 0]);
  }
  if (code !== 0 && counts.failed === 0) {
    console.error(`\n${name} exited ${code} with no failed test; counted as one failure.`);
    totals.failed += 1;
  }
}

// Jest: its workers sized to the machine; the files are isolated (own database, stream, ports, app process).
const workers = Number(process.env.TEST_WORKERS ?? Math.max(2, availableParallelism() + 1));
async function jestLane() {
  const out = join(results, 'jest.json');
  const code = await timed('jest', () =>
    node([
      '--experimental-vm-modules',
      '--no-warnings',
      bin('jest'),
      `--maxWorkers=${workers}`,
      '--json',
      `--outputFile=${out}`,
      ...extraArgs,
    ]),
  );
  count('jest', code, out, (j) => ({
    passed: j.numPassedTests,
    // A suite that could not even run (syntax error, failed import) has no tests but is a failure.
    failed: j.numFailedTests + j.numRuntimeErrorTestSuites,
    skipped: j.numPendingTests + j.numTodoTests,
  }));
}

/** One static check: a passed or failed test of the `checks` tier, its output shown when it fails. */
async function check(name, args, cwd = root) {
  const log = join(results, `check-${name.replace(/[^a-z0-9]+/gi, '-')}.log`);
  const t0 = Date.now();
  const code = await node(args, { cwd, log });
  files.push(['checks', name, (Date.now() - t0) / 1000]);
  if (code === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    console.error(`\n✗ ${name} failed:\n${readFileSync(log, 'utf8').slice(-20_000)}`);
  }
}

async function checksLane() {
  await timed('checks', async () => {
    // TypeScript 7, the native compiler, for the type check (a third of the CPU time of 6.0, which typescript-eslint
    // still needs for its type-aware rules and which the build does not use).
    const tsc = bin('typescript-native', 'tsc');
    await check('types (server)', [tsc, '-p', 'tsconfig.json', '--noEmit', '--pretty', 'false']);
    await check('types (frontend)', [tsc, '-p', 'frontend/tsconfig.json', '--noEmit', '--pretty', 'false']);
    // The boundary tests write probe files that break the rules on purpose while these run: they are not the tree's.
    const probes = '__boundary_probe__';
    await check('eslint', [bin('eslint'), '--max-warnings=0', '--ignore-pattern', `**/${probes}/**`, '.']);
    await check('prettier', [bin('prettier'), '--check', '--log-level=warn', '.']);
    await check('module boundaries', [
      bin('dependency-cruiser', 'depcruise'),
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'err',
      '--exclude',
      `(^|/)(dist|node_modules|${probes})/`,
      'libs',
      'services',
      'gateway/src',
      'frontend/src',
      'desktop/src',
    ]);
  });
  const out = join(results, 'vitest.json');
  const frontend = join(root, 'frontend');
  const code = await timed('vitest', () =>
    node([bin('vitest', 'vitest', frontend), 'run', '--reporter=dot', '--reporter=json', `--outputFile.json=${out}`], {
      cwd: frontend,
      log: join(results, 'vitest.log'),
    }),
  );
  count('vitest', code, out, (j) => ({
    passed: j.numPassedTests,
    failed: j.numFailedTests + j.testResults.filter((s) => s.status === 'failed' && s.assertionResults.length === 0).length,
    skipped: j.numPendingTests + j.numTodoTests,
  }));
  if (code !== 0) console.error(`\n✗ vitest failed:\n${readFileSync(join(results, 'vitest.log'), 'utf8').slice(-30_000)}`);
}

/** A lane that throws is one failure, reported; the other lane still runs to its end (nothing is left running). */
const guarded = (name, lane) =>
  lane().catch((e) => {
    totals.failed += 1;
    console.error(`\n✗ the ${name} lane failed: ${e instanceof Error ? (e.stack ?? e.message) : e}`);
  });
await Promise.all(extraArgs.length === 0 ? [guarded('jest', jestLane), guarded('checks', checksLane)] : [guarded('jest', jestLane)]);

// Where the minutes went: each tier (wall time from its first file's start to its last file's end is not
// kept by every runner, so the files' own times are summed), each lane, and the slowest files.
const byTier = new Map();
for (const [tier, , s] of files) {
  const t = byTier.get(tier) ?? { files: 0, seconds: 0 };
  t.files += 1;
  t.seconds += s;
  byTier.set(tier, t);
}
const fmt = (s) => (s >= 60 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${s.toFixed(1)} s`);
console.log('\nTime by tier (the sum of its files; files run side by side):');
for (const [tier, t] of [...byTier].sort((a, b) => b[1].seconds - a[1].seconds))
  console.log(`  ${tier.padEnd(12)} ${String(t.files).padStart(4)} files  ${fmt(t.seconds)}`);
console.log(
  `Lanes: ${steps.map(([n, s]) => `${n} ${fmt(s)}`).join(', ')}; jest workers: ${workers}; whole run ${fmt((Date.now() - started) / 1000)}`,
);
console.log('Ten slowest files:');
for (const [tier, file, s] of [...files].sort((a, b) => b[2] - a[2]).slice(0, 10)) {
  console.log(`  ${fmt(s).padStart(12)}  ${tier.padEnd(11)} ${file.startsWith(root) ? relative(root, file) : file}`);
}

const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
