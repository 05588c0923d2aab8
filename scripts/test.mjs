// `npm test`: every tier but benchmarks — jest (unit, integration, API, browser, faults) and vitest
// (frontend) — then one plain line `N passed, N failed[, N skipped]` over all of them, which CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build } from './build.mjs';
import { root } from './ensure-install.mjs';

build({ quiet: true });
const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', FORCE_COLOR: process.env.CI ? '0' : '1' };
const totals = { passed: 0, failed: 0, skipped: 0 };
const extraArgs = process.argv.slice(2);

function run(name, args, cwd, outputFile, read) {
  const r = spawnSync(process.execPath, args, { cwd, env, stdio: 'inherit' });
  if (!existsSync(outputFile)) {
    console.error(`\n${name} produced no results (exit ${r.status ?? r.signal}); counted as one failure.`);
    totals.failed += 1;
    return;
  }
  const counts = read(JSON.parse(readFileSync(outputFile, 'utf8')));
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  if (r.status !== 0 && counts.failed === 0) {
    console.error(`\n${name} exited ${r.status} with no failed test; counted as one failure.`);
    totals.failed += 1;
  }
}

/** vitest as the frontend resolves it (npm may nest it under frontend/node_modules). */
function vitestBin() {
  const require = createRequire(join(root, 'frontend', 'package.json'));
  const pkgPath = require.resolve('vitest/package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
  return join(dirname(pkgPath), typeof pkg.bin === 'string' ? pkg.bin : pkg.bin.vitest);
}

const jestOut = join(results, 'jest.json');
run(
  'jest',
  ['--experimental-vm-modules', '--no-warnings', join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--json', `--outputFile=${jestOut}`, ...extraArgs],
  root,
  jestOut,
  (j) => ({
    passed: j.numPassedTests,
    // A suite that could not even run (syntax error, failed import) has no tests but is a failure.
    failed: j.numFailedTests + j.numRuntimeErrorTestSuites,
    skipped: j.numPendingTests + j.numTodoTests,
  }),
);

if (extraArgs.length === 0 && existsSync(join(root, 'frontend', 'src'))) {
  const vitestOut = join(results, 'vitest.json');
  run(
    'vitest',
    [vitestBin(), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestOut}`],
    join(root, 'frontend'),
    vitestOut,
    (j) => ({
      passed: j.numPassedTests,
      failed: j.numFailedTests + j.testResults.filter((s) => s.status === 'failed' && s.assertionResults.length === 0).length,
      skipped: j.numPendingTests + j.numTodoTests,
    }),
  );
}

const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
