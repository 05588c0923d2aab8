// `npm start`: install what is missing, build what changed, run the all-in-one shape on port 5000.
import './supported-node.mjs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_NODE_FLAGS } from '../desktop/src/supervisor/server-entry.mjs';
import { buildUnlessSkipped } from './build.mjs';
import { root } from './ensure-install.mjs';

buildUnlessSkipped();
const child = spawn(
  process.execPath,
  [
    ...SERVER_NODE_FLAGS,
    '--import',
    pathToFileURL(join(root, 'libs', 'platform', 'bin', 'own-source-maps.mjs')).href,
    join(root, 'gateway', 'dist', 'main.js'),
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DUKAN_DATA_DIR: process.env.DUKAN_DATA_DIR ?? join(root, 'data') },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
