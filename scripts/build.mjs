// Builds every project that changed (nx caches the rest). Module boundaries are checked by `npm test` (its checks) and `npm run check:boundaries`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstall, root } from './ensure-install.mjs';

export function build({ quiet = false } = {}) {
  ensureInstall();
  const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
  // Quiet: the build's output only when it fails.
  const stdio = quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit';
  const nxPackage = JSON.parse(readFileSync(join(root, 'node_modules', 'nx', 'package.json'), 'utf8'));
  const nxBin = join(root, 'node_modules', 'nx', typeof nxPackage.bin === 'string' ? nxPackage.bin : nxPackage.bin.nx);
  try {
    execFileSync(process.execPath, [nxBin, 'run-many', '-t', 'build', '--output-style=stream-without-prefixes'], {
      cwd: root,
      env,
      stdio,
      maxBuffer: 256 * 1024 ** 2,
    });
  } catch (e) {
    if (quiet) process.stderr.write(`${e.stdout ?? ''}${e.stderr ?? ''}`);
    throw e;
  }
}

/** `npm start` and `npm run start:cluster`: build first unless DUKAN_SKIP_BUILD=1 says the built output is to be run as it is. */
export function buildUnlessSkipped(env = process.env, run = build) {
  if (env.DUKAN_SKIP_BUILD === '1') return false;
  run({ quiet: true });
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) build();
