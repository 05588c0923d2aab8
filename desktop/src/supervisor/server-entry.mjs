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
 * reports`' exports). An old generation of at most 1 GB: on a machine with more memory than that V8 lets the heap
 * grow to four times what is live before it collects, and lets it grow by less (about 1.7 times) under a smaller
 * limit; under the checkout bench's load about 60 MB is live, and the heap then peaked at 264 MB before a collection,
 * 107 MB with the limit. npm start and the benchmarks run the server with the same.
 */
export const SERVER_NODE_FLAGS = Object.freeze(['--max-semi-space-size=8', '--max-old-space-size=1024']);

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
