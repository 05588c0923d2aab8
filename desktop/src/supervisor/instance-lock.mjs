import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** @param {number} pid */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to someone else.
    return /** @type {NodeJS.ErrnoException} */ (e).code === 'EPERM';
  }
}

/** @param {string} file @returns {{ pid: number, [key: string]: unknown } | null} */
function readHolder(file) {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8'));
    return Number.isInteger(holder?.pid) ? holder : null;
  } catch {
    return null;
  }
}

/**
 * One shell per data folder: a lock file holding the owner's pid (and what it wants a second start to know, such as
 * its address). A lock whose process is gone is taken over.
 */
export class InstanceLock {
  /** @param {string} file */
  constructor(file) {
    this.file = file;
    this.held = false;
    this.id = randomUUID();
  }

  /**
   * @param {Record<string, unknown>} [info]
   * @returns {{ ok: true } | { ok: false, holder: { pid: number, [key: string]: unknown } }}
   */
  acquire(info = {}) {
    mkdirSync(dirname(this.file), { recursive: true });
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(this.file, 'wx', 0o600);
        writeFileSync(fd, JSON.stringify({ pid: process.pid, id: this.id, startedAt: new Date().toISOString(), ...info }));
        closeSync(fd);
        this.held = true;
        return { ok: true };
      } catch (e) {
        if (/** @type {NodeJS.ErrnoException} */ (e).code !== 'EEXIST') throw e;
      }
      const holder = readHolder(this.file);
      if (holder && isAlive(holder.pid)) return { ok: false, holder };
      rmSync(this.file, { force: true }); // left by a shell that is gone
    }
    const holder = readHolder(this.file);
    return { ok: false, holder: holder ?? { pid: -1 } };
  }

  /** Adds to what the lock tells a second start (e.g. the address once it is known). @param {Record<string, unknown>} info */
  update(info) {
    if (!this.held) return;
    const holder = readHolder(this.file) ?? { pid: process.pid };
    writeFileSync(this.file, JSON.stringify({ ...holder, ...info }), { mode: 0o600 });
  }

  release() {
    if (!this.held) return;
    this.held = false;
    if (readHolder(this.file)?.id === this.id) rmSync(this.file, { force: true });
  }
}
