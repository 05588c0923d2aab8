// How the all-in-one server is run: from this repository (built gateway/dist), or from an installed app's
// resources/server folder, where Electron's own Node runs it (ELECTRON_RUN_AS_NODE).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const desktopDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const repoRoot = join(desktopDir, '..');

/** The shell's version: the desktop package's, which electron-builder also stamps on the installers. */
export const VERSION = /** @type {string} */ (JSON.parse(readFileSync(join(desktopDir, 'package.json'), 'utf8')).version);

/**
 * V8's settings for the all-in-one server process. A young generation of 16 MB rather than 32: a shop's server
 * makes short-lived objects in bursts (an export of 50,000 products, a busy till), and the larger space let the
 * process grow to about 400 MB where it now stays near 300 MB, for the same CPU (measured with `npm run bench --
 * reports`' exports). npm start and the benchmarks run the server with the same.
 */
export const SERVER_NODE_FLAGS = Object.freeze(['--max-semi-space-size=8']);

/**
 * @param {{ resourcesPath?: string | null, electron?: boolean }} [where]
 * @returns {{ command: string, args: string[], env: Record<string, string> }}
 */
export function serverCommand({ resourcesPath = null, electron = false } = {}) {
  const packaged = resourcesPath ? join(resourcesPath, 'server', 'gateway', 'dist', 'main.js') : null;
  const entry = packaged && existsSync(packaged) ? packaged : join(repoRoot, 'gateway', 'dist', 'main.js');
  return {
    command: process.execPath,
    args: [...SERVER_NODE_FLAGS, '--enable-source-maps', entry],
    env: electron ? { ELECTRON_RUN_AS_NODE: '1' } : {},
  };
}
