// Small tools the benchmarks share.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../scripts/free-port.mjs';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The p-th percentile of ascending numbers (NaN when there are none). */
export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

export { freePort };

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

/** A number for a figure line: `d` decimals, '-' when there is none. */
export const fmt = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '-');

/** A PostgreSQL URL on its `postgres` database that answers: DATABASE_URL's server, else the machine's own. */
export async function adminPostgresUrl() {
  for (const url of [
    process.env.DATABASE_URL && withDatabase(process.env.DATABASE_URL, 'postgres'),
    'postgres://postgres@127.0.0.1:5432/postgres',
  ]) {
    if (!url) continue;
    try {
      await adminQuery(url, 'SELECT 1');
      return url;
    } catch {
      /* next */
    }
  }
  throw new Error('no PostgreSQL: set DATABASE_URL');
}

/** The admin's token from an identity process of a benchmark's own (`headers`: its internal token). */
export async function adminToken(identityUrl, password, headers) {
  const res = await fetch(`${identityUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ username: 'admin', password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return (await res.json()).token;
}

/**
 * Starts one service's built process on a free port with `env`, and waits until its /health answers (60 s at most).
 * The child is pushed onto `children`, for the caller to stop.
 */
export async function startService(root, service, env, children) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'services', service, 'dist', 'main.js')], {
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the ${service} process exited`);
    if (performance.now() - started > 60_000) throw new Error(`the ${service} process did not start`);
    try {
      if ((await fetch(`${url}/health`, { signal: AbortSignal.timeout(500) })).ok) break;
    } catch {
      /* not up yet */
    }
    await sleep(50);
  }
  return { url, child };
}

/** Whether something listens on host:port (a second at most). */
export function portOpen(host, port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port, timeout: 1000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/** Waits until `url` answers 200 (or throws after `timeoutMs`). */
export async function waitFor(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {
      /* not yet */
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer`);
}

/** One JSON call: status, parsed body (null when not JSON) and text. */
export async function api(base, method, path, token, body, headers = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* not json */
  }
  return { status: res.status, body: json, text };
}
