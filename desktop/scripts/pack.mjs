// `npm run desktop:pack [-- --linux | --win]`: stages the server, then electron-builder makes the installers in
// desktop/dist. Needs a machine that can download Electron (electron-builder fetches it for each target).
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stageServer } from './stage-server.mjs';

const desktop = join(fileURLToPath(import.meta.url), '..', '..');
await stageServer();
const require = createRequire(join(desktop, 'package.json'));
const cli = join(require.resolve('electron-builder/package.json'), '..', 'cli.js');
execFileSync(
  process.execPath,
  [cli, '--projectDir', desktop, '--config', join(desktop, 'electron-builder.config.cjs'), ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
