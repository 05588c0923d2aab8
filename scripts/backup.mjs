// `npm run backup`: take a backup now (verified, then older ones pruned); `-- list`, `-- verify FILE`, `-- prune`,
// `-- restore FILE` (Dukan stopped first). Builds what changed unless DUKAN_SKIP_BUILD=1, then runs the built command
// (gateway/src/backup/cli.ts) on the data folder `npm start` uses.
import './supported-node.mjs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildUnlessSkipped } from './build.mjs';
import { root } from './ensure-install.mjs';

buildUnlessSkipped();
const child = spawn(process.execPath, [join(root, 'gateway', 'dist', 'backup', 'cli.js'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DUKAN_DATA_DIR: process.env.DUKAN_DATA_DIR ?? join(root, 'data'), LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
