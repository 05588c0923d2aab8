// The browser shell's local endpoints answer only the shell's own window (issue 25): a process on the machine that
// finds the port gets neither the first admin's password nor the log and event streams, and cannot act.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EventEmitter } from 'node:events';
import { request } from 'node:http';
import { startShellServer } from '../src/browser/shell-server.mjs';
import { freePort } from './helpers.mjs';

const PASSWORD = 'first-admin-Secret-42';
const SECRET_COOKIE = 'dukan_shell';

/** What the supervisor's bridge host gives the shell, with a first-run password to keep. */
class FakeHost extends EventEmitter {
  info = { version: '1.0.0', platform: 'linux', shell: 'browser' };
  serverStatus() {
    return { state: 'stopped', port: null };
  }
  logs() {
    return ['server: started', `admin password ${PASSWORD}`];
  }
  firstRunAdmin() {
    return { username: 'admin', password: PASSWORD };
  }
  async restart() {
    return { restarted: true };
  }
  async checkForUpdates() {
    return { available: false };
  }
  /** @type {unknown[]} */
  restores = [];
  async getBackups() {
    return { ok: true, status: { folder: '/media/usb/dukan' } };
  }
  /** @param {unknown} file @param {unknown} passphrase */
  async restoreBackup(file, passphrase) {
    this.restores.push([file, passphrase]);
    return { ok: true, restored: { takenAt: '2026-11-02T18:00:00.000Z' } };
  }
}

/**
 * A raw request, as any local process can send one.
 * @param {number} port @param {string} path @param {{ method?: string, headers?: Record<string, string>, body?: string }} [options]
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, body: string }>}
 */
function call(port, path, { method = 'GET', headers = {}, body = undefined } = {}) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let body = '';
      // An event stream never ends: its first event is enough.
      res.on('data', (d) => {
        body += d;
        if (String(res.headers['content-type']).startsWith('text/event-stream')) res.destroy();
      });
      res.on('close', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the browser shell answers only its own window', () => {
  /** @type {Awaited<ReturnType<typeof startShellServer>>} */ let shell;
  const host = new FakeHost();
  let cookie = '';

  beforeAll(async () => {
    shell = await startShellServer({ host: /** @type {any} */ (host), port: await freePort() });
  });
  afterAll(() => shell.close());

  it('refuses a request without the secret: no password, no logs, no events, no actions', async () => {
    for (const path of ['/__dukan/first-run', '/__dukan/logs', '/__dukan/status', '/__dukan/events', '/__dukan/backups']) {
      const res = await call(shell.port, path);
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
      expect(res.body).not.toContain(PASSWORD);
    }
    const restart = await call(shell.port, '/__dukan/restart', {
      method: 'POST',
      headers: { 'x-dukan-shell': '1', origin: new URL(shell.url).origin },
    });
    expect(restart.status).toBe(403);
    const restore = await call(shell.port, '/__dukan/backups/restore', {
      method: 'POST',
      headers: { 'x-dukan-shell': '1', origin: new URL(shell.url).origin, 'content-type': 'application/json' },
    });
    expect(restore.status).toBe(403);
    expect(host.restores).toEqual([]);
    // Nor with a made-up secret, nor on another host name.
    expect((await call(shell.port, '/__dukan/first-run', { headers: { cookie: `${SECRET_COOKIE}=guess` } })).status).toBe(403);
    expect((await call(shell.port, '/__dukan/first-run', { headers: { host: `evil.example:${shell.port}` } })).status).toBe(421);
  });

  it('the window enters once through its address and holds the secret; the address then works for nobody else', async () => {
    const entry = new URL(shell.entryUrl);
    expect((await call(shell.port, `${entry.pathname}?key=wrong`)).status).toBe(403);
    const entered = await call(shell.port, `${entry.pathname}${entry.search}`);
    expect(entered.status).toBe(302);
    expect(entered.headers.location).toBe('/');
    const setCookie = String(entered.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    cookie = setCookie.split(';')[0];
    expect((await call(shell.port, `${entry.pathname}${entry.search}`)).status).toBe(403);
  });

  it('the window reads the first admin, logs and events; the same secret from another origin is refused', async () => {
    const first = await call(shell.port, '/__dukan/first-run', { headers: { cookie } });
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ username: 'admin', password: PASSWORD });
    expect((await call(shell.port, '/__dukan/logs', { headers: { cookie, origin: new URL(shell.url).origin } })).status).toBe(200);
    const events = await call(shell.port, '/__dukan/events', { headers: { cookie } });
    expect(events.status).toBe(200);
    expect(events.body).toContain('event: status');
    expect((await call(shell.port, '/__dukan/restart', { method: 'POST', headers: { cookie, 'x-dukan-shell': '1' } })).status).toBe(200);
    expect((await call(shell.port, '/__dukan/first-run', { headers: { cookie, origin: 'http://evil.example' } })).status).toBe(403);
    expect(JSON.parse((await call(shell.port, '/__dukan/backups', { headers: { cookie } })).body)).toMatchObject({ ok: true });
  });

  it('takes the backup panel’s actions from the window only, with their JSON', async () => {
    const restore = (/** @type {Record<string, string>} */ headers, body = '{"file":"/media/usb/dukan/x.dukanbak","passphrase":"words"}') =>
      call(shell.port, '/__dukan/backups/restore', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', ...headers },
        body,
      });
    expect((await restore({})).status).toBe(403); // no shell header: a cross-site form
    expect((await restore({ 'x-dukan-shell': '1', origin: 'http://evil.example' })).status).toBe(403);
    expect((await restore({ 'x-dukan-shell': '1' }, 'not json')).status).toBe(400);
    expect((await restore({ 'x-dukan-shell': '1' }, JSON.stringify({ file: 'x'.repeat(20_000) }))).status).toBe(413);
    expect(host.restores).toEqual([]);
    const done = await restore({ 'x-dukan-shell': '1', origin: new URL(shell.url).origin });
    expect(done.status).toBe(200);
    expect(JSON.parse(done.body)).toEqual({ ok: true, restored: { takenAt: '2026-11-02T18:00:00.000Z' } });
    expect(host.restores).toEqual([['/media/usb/dukan/x.dukanbak', 'words']]);
  });

  it('serves the bridge script to the page without any secret in it', async () => {
    const script = await call(shell.port, '/__dukan/bridge.js');
    expect(script.status).toBe(200);
    expect(script.body).toContain('dukanDesktop');
    expect(script.body).not.toContain(cookie.split('=')[1]);
  });
});
