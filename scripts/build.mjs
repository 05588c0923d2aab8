// Builds every project that changed (nx caches the rest), after checking module boundaries.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstall, root } from './ensure-install.mjs';

export function build({ quiet = false } = {}) {
  ensureInstall();
  const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
  const stdio = quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit';
  execFileSync(process.execPath, [join(root, 'node_modules', 'nx', 'bin', 'nx.js'), 'run-many', '-t', 'build', '--output-style=stream-without-prefixes'], {
    cwd: root,
    env,
    stdio,
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) build();
