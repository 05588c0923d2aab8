// Small tools the benchmarks share.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import pg from 'pg';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The p-th percentile of ascending numbers (NaN when there are none). */
export const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

/** A TCP port nothing listens on right now. */
export function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** A process's resident memory now and at its peak, in MB (0 once it is gone). */
export function memoryMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

/** The same PostgreSQL URL on another database. */
export function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One statement on a connection of its own. */
export async function adminQuery(url, sql) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
}
