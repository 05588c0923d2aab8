import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { loadDesktopConfig } from '../src/supervisor/config.mjs';
import { isAlive } from '../src/supervisor/instance-lock.mjs';
import { LogView } from '../src/supervisor/log-view.mjs';
import { AlreadyRunningError } from '../src/supervisor/server-status.mjs';
import { Supervisor } from '../src/supervisor/supervisor.mjs';
import { freePort, tempDir, until } from './helpers.mjs';

jest.setTimeout(30_000);
const fake = join(import.meta.dirname, 'fixtures', 'fake-server.mjs');
/** @type {Supervisor[]} */
const running = [];

async function supervisor({ delays = '50,50', lines = 0, mode = 'ok', userDataDir = tempDir() } = {}) {
  const config = loadDesktopConfig({
    DUKAN_USER_DATA_DIR: userDataDir,
    PORT: String(await freePort()),
    DUKAN_DB_PORT: String(await freePort()),
    DUKAN_RESTART_DELAYS_MS: delays,
    PATH: process.env.PATH,
  });
  if (mode !== 'ok') {
    const { mkdirSync } = await import('node:fs');
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(join(config.dataDir, 'mode'), mode);
  }
  const s = new Supervisor({
    config,
    server: { command: process.execPath, args: [fake], env: { FAKE_LINES: String(lines) } },
    log: new LogView({ dir: config.logDir }),
    stableMs: 60_000,
  });
  running.push(s);
  return s;
}

function statesOf(/** @type {Supervisor} */ s) {
  /** @type {string[]} */
  const seen = [];
  s.on('status', (st) => seen.push(st.state));
  return seen;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

describe('supervisor', () => {
  it('starts the server on the first free port, with its data in the user data folder, and says so', async () => {
    const s = await supervisor();
    const busy = createServer().listen(s.config.port, '127.0.0.1');
    await new Promise((r) => busy.once('listening', r));
    try {
      const status = await s.start();
      expect(status.state).toBe('running');
      expect(status.port).toBe(s.config.port + 1);
      const env = JSON.parse(readFileSync(join(s.config.userDataDir, 'data', 'last-env.json'), 'utf8'));
      expect(env).toMatchObject({ PORT: String(s.config.port + 1), HOST: '127.0.0.1' });
      expect((await fetch(`http://127.0.0.1:${status.port}/api/health`)).status).toBe(200);
      expect(s.log.lines()).toContain(`[shell] the server is ready on port ${s.config.port + 1}`);
    } finally {
      busy.close();
    }
  });

  it('restarts a server that dies, and is running again', async () => {
    const s = await supervisor();
    const seen = statesOf(s);
    const first = await s.start();
    process.kill(/** @type {number} */ (first.pid), 'SIGKILL');
    await until(() => s.status.state === 'running' && s.status.pid !== first.pid, 10_000, 'the restarted server');
    expect(seen).toEqual(['starting', 'starting', 'running', 'restarting', 'restarting', 'running']);
    expect(s.status).toMatchObject({ restarts: 1, failures: 1, port: first.port });
    expect(s.log.lines().some((l) => l.includes('stopped unexpectedly (signal SIGKILL)'))).toBe(true);
  });

  it('gives up with a clear status after repeated deaths, and a restart asked for starts it again', async () => {
    const s = await supervisor({ mode: 'crash', delays: '20,20' });
    await expect(s.start()).rejects.toThrow(/stopped while starting/);
    await until(() => s.status.state === 'failed', 10_000, 'the failed state');
    expect(s.status).toMatchObject({ failures: 3, detail: 'exit code 3', restarts: 2 });
    expect(s.log.lines()).toContain('[shell] the server stopped 3 times in a row; it will not be started again until you restart it');
    writeFileSync(join(s.config.dataDir, 'mode'), 'ok');
    const status = await s.restart('from the panel');
    expect(status).toMatchObject({ state: 'running', failures: 0, restarts: 3 });
  });

  it('joins a start under way instead of starting twice', async () => {
    const s = await supervisor();
    await s.start();
    const [a, b] = await Promise.all([s.restart('by the page'), s.restart('by the page')]);
    expect(a.pid).toBe(b.pid);
    expect(s.status.restarts).toBe(1);
  });

  it('keeps the last 100 lines, shows the first admin once to the window, never its password in the view or the file', async () => {
    const s = await supervisor({ lines: 150 });
    /** @type {unknown[]} */
    const firstRun = [];
    s.on('first-run', (a) => firstRun.push(a));
    await s.start();
    await until(() => s.log.lines().some((l) => l.includes('fake server ready')), 5000, 'the last line');
    const lines = s.log.lines();
    expect(lines.length).toBe(100);
    expect(firstRun).toEqual([{ username: 'admin', password: 'Secret-First-Run-42' }]);
    expect(s.firstRun).toEqual({ username: 'admin', password: 'Secret-First-Run-42' });
    const file = readFileSync(join(s.config.logDir, 'dukan.log'), 'utf8');
    for (const text of [lines.join('\n'), file]) {
      expect(text).toContain('Dukan first run: sign in as "admin" with password ••••••');
      expect(text).not.toMatch(/Secret-First-Run-42|Typed-Password-7|Db-Password-9/);
    }
    expect(lines).toContain('[shell] the server is ready on port ' + s.status.port);
    expect(lines.some((l) => /^\d\d:\d\d:\d\d INFO line 150$/.test(l))).toBe(true);
  });

  it('refuses a second start on the same data folder, and allows one after quitting', async () => {
    const userDataDir = tempDir();
    const a = await supervisor({ userDataDir });
    const b = await supervisor({ userDataDir });
    await a.start();
    const refused = b.start();
    await expect(refused).rejects.toBeInstanceOf(AlreadyRunningError);
    await expect(refused).rejects.toMatchObject({ holder: { pid: process.pid } });
    await a.stop();
    // The lock of a shell that died is taken over.
    writeFileSync(join(userDataDir, 'dukan.lock'), JSON.stringify({ pid: 2 ** 22 + 12345 }));
    expect((await b.start()).state).toBe('running');
  });

  it('keeps the data folder through a stop for a restore: a second start is refused until the first shell starts again and quits', async () => {
    const userDataDir = tempDir();
    const a = await supervisor({ userDataDir });
    const b = await supervisor({ userDataDir });
    await a.start();
    await a.stop({ keepFolder: true });
    expect(a.status.state).toBe('stopped');
    await expect(b.start()).rejects.toBeInstanceOf(AlreadyRunningError);
    expect((await a.start()).state).toBe('running');
    await a.stop();
    expect((await b.start()).state).toBe('running');
    await b.stop();
  });

  it('stops the server on quit and frees the data folder', async () => {
    const s = await supervisor();
    const { pid } = await s.start();
    await s.stop();
    expect(s.status.state).toBe('stopped');
    expect(isAlive(/** @type {number} */ (pid))).toBe(false);
    expect(existsSync(join(s.config.userDataDir, 'dukan.lock'))).toBe(false);
    expect(s.log.lines()).toContain('stopping on SIGTERM');
    await expect(s.restart()).rejects.toThrow(/stopped/);
  });

  it('kills a server that does not stop in time', async () => {
    const s = await supervisor({ mode: 'silent' });
    s.healthTimeoutMs = 300;
    s.stopTimeoutMs = 200;
    await expect(s.start()).rejects.toThrow(/healthy in time/);
    expect(s.status.state).toBe('restarting');
    expect(s.log.lines()).toContain('[shell] the server did not answer within 0 s');
  });
});
