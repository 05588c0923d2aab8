// `npm run desktop`'s code path under Xvfb, on a fresh user data folder, against the real server, its embedded
// PostgreSQL and Debian's Chromium: the app-mode window, the first-run admin, sign-in, the status panel through a
// killed server, the spec's connection rule, a refused second start, and a quit that leaves nothing running.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { freePort, repo, tempDir, until } from './helpers.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ready = ['/usr/bin/Xvfb', CHROMIUM, join(repo, 'gateway', 'dist', 'main.js'), join(repo, 'frontend', 'dist', 'index.html')].every(
  (f) => existsSync(f),
);
const shots = join(repo, 'test-results', 'desktop');
jest.setTimeout(120_000);

/** @type {import('node:child_process').ChildProcess} */ let xvfb;
/** @type {import('node:child_process').ChildProcess} */ let shell;
/** @type {import('playwright-core').Browser} */ let browser;
/** @type {import('playwright-core').Page} */ let page;
let terminal = () => '';
let userData = '';
let password = '';
const env = /** @type {Record<string, string>} */ ({});

/** Xvfb picks a free display itself and writes its number to fd 3. */
async function startXvfb() {
  const x = spawn('/usr/bin/Xvfb', ['-displayfd', '3', '-screen', '0', '1280x800x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  const display = await new Promise((resolve, reject) => {
    x.stdio[3]?.once('data', (d) => resolve(`:${d.toString().trim()}`));
    x.once('exit', () => reject(new Error('Xvfb did not start')));
  });
  return { x, display };
}

/** @param {Record<string, string>} extra */
function runDesktop(extra = {}) {
  const child = spawn(process.execPath, [join(repo, 'desktop', 'src', 'browser', 'main.mjs')], {
    env: { ...env, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  return { child, output: () => out };
}

/** @returns {Promise<any>} */
const bridge = (/** @type {string} */ method) => page.evaluate((m) => /** @type {any} */ (window).dukanDesktop[m](), method);

function ourProcesses() {
  return execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.includes(userData));
}

(ready ? describe : describe.skip)('the browser shell (npm run desktop)', () => {
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    const started = await startXvfb();
    xvfb = started.x;
    userData = tempDir('dukan-desktop-home-');
    chmodSync(userData, 0o711); // as root, PostgreSQL runs as its own user and must pass through to the data folder
    const cdp = await freePort();
    const { DATABASE_URL: _db, DUKAN_ADMIN_PASSWORD: _pw, DUKAN_DATA_DIR: _dd, ...inherited } = process.env;
    Object.assign(env, inherited, {
      DISPLAY: started.display,
      XDG_CONFIG_HOME: userData,
      DUKAN_SKIP_BUILD: '1',
      PORT: String(await freePort()),
      DUKAN_DB_PORT: String(await freePort()),
      DUKAN_SHELL_PORT: String(await freePort()),
      DUKAN_BROWSER: CHROMIUM,
      DUKAN_BROWSER_ARGS: `--remote-debugging-port=${cdp} --disable-gpu --disable-quic`,
      // A first death is restarted at once; a second one waits, so that the page's own restart request is seen.
      DUKAN_RESTART_DELAYS_MS: '300,90000,90000',
      LOG_LEVEL: 'info',
    });
    const run = runDesktop();
    shell = run.child;
    const cdpUrl = `http://127.0.0.1:${cdp}`;
    await until(async () => (await fetch(`${cdpUrl}/json/version`).catch(() => null))?.ok, 30_000, 'the app window');
    browser = await chromium.connectOverCDP(cdpUrl);
    page = await until(
      () =>
        browser
          .contexts()[0]
          ?.pages()
          .find((p) => p.url().startsWith('http')),
      10_000,
      'the page',
    );
    terminal = run.output;
  });

  afterAll(async () => {
    writeFileSync(join(shots, 'shell-output.txt'), terminal()); // what `npm run desktop` printed, for a failure's reader
    await browser?.close().catch(() => undefined);
    if (shell && shell.exitCode === null) {
      shell.kill('SIGTERM');
      await new Promise((r) => shell.once('exit', r));
    }
    xvfb?.kill();
    if (userData) rmSync(userData, { recursive: true, force: true });
  });

  it('opens Dukan in its own app window and shows the first admin once, in the window only; signing in works', async () => {
    await page.waitForURL(/\/login$/, { timeout: 60_000 });
    expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true); // app mode: no address bar
    const notice = page.getByTestId('first-run');
    await notice.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('first-run-username').textContent()).toBe('admin');
    password = (await page.getByTestId('first-run-password').textContent()) ?? '';
    expect(password).toMatch(/^\S{12,}$/);
    expect(existsSync(join(userData, 'Dukan', 'data', 'pg', 'PG_VERSION'))).toBe(true); // the embedded database, in the user data folder
    await page.screenshot({ path: join(shots, 'first-run.png') });

    await page.locator('input[name=username]').fill('admin');
    await page.locator('input[name=password]').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('sidebar').waitFor();
    await page.getByTestId('stat-sales').waitFor();
    await page.screenshot({ path: join(shots, 'signed-in.png') });
    expect(terminal()).toContain('Dukan first run: sign in as "admin" with password ••••••');
    expect(terminal()).not.toContain(password);
    expect(readFileSync(join(userData, 'Dukan', 'logs', 'dukan.log'), 'utf8')).not.toContain(password);
  });

  it('shows the server go to restarting and back when it is killed; the log view has at most 100 lines and no password', async () => {
    await page.getByTestId('desktop-status').click();
    const panel = page.getByTestId('desktop-panel');
    await panel.waitFor();
    const before = await bridge('getServerStatus');
    expect(await page.getByTestId('desktop-port').textContent()).toBe(String(before.port));
    expect(await page.getByTestId('desktop-version').textContent()).toBe(
      JSON.parse(readFileSync(join(repo, 'desktop', 'package.json'), 'utf8')).version,
    );
    const state = page.getByTestId('desktop-server-state');
    expect(await state.getAttribute('data-state')).toBe('running');

    process.kill(before.pid, 'SIGKILL');
    await page.locator('[data-testid=desktop-server-state][data-state=restarting]').waitFor({ timeout: 10_000 });
    await page.locator('[data-testid=desktop-server-state][data-state=running]').waitFor({ timeout: 60_000 });
    const after = await bridge('getServerStatus');
    expect(after.pid).not.toBe(before.pid);
    expect(after.restarts).toBe(1);

    const log = page.getByTestId('desktop-log');
    const lines = Number(await log.getAttribute('data-lines'));
    expect(lines).toBeGreaterThan(10);
    expect(lines).toBeLessThanOrEqual(100);
    const text = (await log.textContent()) ?? '';
    expect(text.split('\n').length).toBeLessThanOrEqual(100);
    expect(text).toContain('the server stopped unexpectedly (signal SIGKILL)');
    expect(text).not.toContain(password);
    expect(await page.getByText('Check for updates').isVisible()).toBe(true);
    await page.getByTestId('desktop-check-updates').click();
    expect(await page.getByTestId('desktop-update').getAttribute('data-kind')).toBe('disabled');
    await page.screenshot({ path: join(shots, 'status-panel.png') });
    await page.keyboard.press('Escape');
  });

  it('after 3 connection failures in a row the page asks the shell to restart the server once, waits 2 s and retries', async () => {
    const { pid } = await bridge('getServerStatus');
    process.kill(pid, 'SIGKILL'); // a second death in a row: the supervisor waits 90 s before trying again
    await until(async () => (await bridge('getServerStatus')).state === 'restarting', 10_000, 'restarting');
    const refresh = page.getByTestId('dashboard-refresh');
    for (let i = 1; i <= 2; i++) {
      await refresh.click();
      await page.waitForFunction(
        () => !(/** @type {HTMLButtonElement} */ (document.querySelector('[data-testid=dashboard-refresh]')).disabled),
      );
    }
    expect((await bridge('getServerStatus')).state).toBe('restarting'); // nothing restarted it yet
    // Third failure: the page asks for the restart, and the same request succeeds once the server is back and 2 s passed.
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/dashboard') && r.ok(), { timeout: 90_000 });
    await refresh.click();
    const running = await page.evaluate(
      () =>
        new Promise((resolve) =>
          /** @type {any} */ (window).dukanDesktop.onServerStatus((/** @type {any} */ s) => s.state === 'running' && resolve(Date.now())),
        ),
    );
    await answered;
    const retriedAt = await page.evaluate(() => Date.now());
    expect(retriedAt - /** @type {number} */ (running)).toBeGreaterThanOrEqual(1900);
    await page.waitForFunction(
      () => !(/** @type {HTMLButtonElement} */ (document.querySelector('[data-testid=dashboard-refresh]')).disabled),
    );
    expect(await page.locator('.error-panel').count()).toBe(0);
    const logs = /** @type {string[]} */ (await bridge('getServerLogs'));
    expect(logs.filter((l) => l === '[shell] restart asked by the window')).toHaveLength(1);
    expect((await bridge('getServerStatus')).state).toBe('running');
  });

  it('refuses a second start on the same data folder', async () => {
    const { pid } = await bridge('getServerStatus');
    const second = runDesktop({ DUKAN_BROWSER: '/nonexistent/chromium' });
    const code = await new Promise((r) => second.child.once('exit', r));
    expect(code).toBe(1);
    expect(second.output()).toMatch(/Dukan is already running on this data folder \(process \d+\): http:\/\/127\.0\.0\.1:\d+\//);
    expect((await bridge('getServerStatus')).pid).toBe(pid);
  });

  it('sets the backup folder, takes a backup and restores it from the status panel', async () => {
    const usb = join(userData, 'usb', 'dukan');
    await page.getByTestId('desktop-status').click();
    const backups = page.getByTestId('desktop-backups');
    await backups.waitFor();
    await page.getByTestId('desktop-backups-folder').fill(usb);
    await backups.getByRole('button', { name: 'Save' }).click();
    await backups.getByText('Saved.').waitFor();
    expect(JSON.parse(readFileSync(join(userData, 'Dukan', 'data', 'backup.json'), 'utf8')).folder).toBe(usb);

    await page.getByTestId('desktop-backups-now').click();
    await backups.getByText('Backup taken and checked.').waitFor({ timeout: 180_000 });
    expect(await page.getByTestId('desktop-backups-last-good').textContent()).toContain(`Kept in ${usb}`);

    const { pid } = await bridge('getServerStatus');
    await backups.getByRole('button', { name: 'Restore…' }).click();
    await page.getByTestId('desktop-restore-confirm').getByRole('button', { name: 'Restore', exact: true }).click();
    const said = page.getByTestId('desktop-backups-restored');
    await said.waitFor({ timeout: 180_000 });
    expect(await said.textContent()).toMatch(/^Restored the backup of .+ as of .+: \d+ sales, \d+ products, \d+ customers, 1 users\./);
    expect(await said.textContent()).toContain('pg.before-restore-');
    const after = await bridge('getServerStatus');
    expect(after.state).toBe('running');
    expect(after.pid).not.toBe(pid);
    await page.screenshot({ path: join(shots, 'backup-restored.png') });
    await page.keyboard.press('Escape');
    // The app goes on as before on the restored data: the dashboard answers, the sign-in holds.
    await page.getByTestId('dashboard-refresh').click();
    await page.getByTestId('stat-sales').waitFor();
  }, 420_000);

  it('quits when its window is closed, leaving no server and no PostgreSQL behind', async () => {
    const { pid } = await bridge('getServerStatus');
    expect(ourProcesses().some((l) => /postgres/.test(l))).toBe(true);
    const session = await browser.newBrowserCDPSession();
    const exited = new Promise((r) => shell.once('exit', r));
    await session.send('Browser.close').catch(() => undefined);
    expect(await exited).toBe(0);
    expect(() => process.kill(pid, 0)).toThrow();
    expect(ourProcesses()).toEqual([]);
    expect(existsSync(join(userData, 'Dukan', 'dukan.lock'))).toBe(false);
  });
});
