// Shared by the desktop tests: fresh folders, free ports, waiting for a condition.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const repo = join(import.meta.dirname, '..', '..');

export function tempDir(prefix = 'dukan-desktop-') {
  return mkdtempSync(join(tmpdir(), prefix));
}

export { freePort } from '../../scripts/free-port.mjs';

/**
 * Polls until check returns something truthy.
 * @template T @param {() => T | Promise<T>} check @param {number} [timeoutMs] @param {string} [what]
 * @returns {Promise<T>}
 */
export async function until(check, timeoutMs = 10_000, what = 'condition') {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
