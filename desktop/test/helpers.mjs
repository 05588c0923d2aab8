// Shared by the desktop tests: fresh folders, free ports, waiting for a condition.
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const repo = join(import.meta.dirname, '..', '..');

export function tempDir(prefix = 'dukan-desktop-') {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A free port that is not one of the ports people use by hand (5000, 5488). */
export function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (s.address());
      s.close(() => resolve(port));
    });
  });
}

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
