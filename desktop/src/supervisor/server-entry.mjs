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
 * @param {{ resourcesPath?: string | null, electron?: boolean }} [where]
 * @returns {{ command: string, args: string[], env: Record<string, string> }}
 */
export function serverCommand({ resourcesPath = null, electron = false } = {}) {
  const packaged = resourcesPath ? join(resourcesPath, 'server', 'gateway', 'dist', 'main.js') : null;
  const entry = packaged && existsSync(packaged) ? packaged : join(repoRoot, 'gateway', 'dist', 'main.js');
  return {
    command: process.execPath,
    args: ['--enable-source-maps', entry],
    env: electron ? { ELECTRON_RUN_AS_NODE: '1' } : {},
  };
}
