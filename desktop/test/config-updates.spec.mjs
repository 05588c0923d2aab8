import { describe, expect, it } from '@jest/globals';
import { EventEmitter } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DesktopConfigError, loadDesktopConfig, userDataFolder } from '../src/supervisor/config.mjs';
import { compareVersions, ElectronUpdates, parseFeed, UpdateChecker } from '../src/supervisor/updates.mjs';
import { tempDir } from './helpers.mjs';

describe('desktop configuration', () => {
  it('keeps the data in the operating system user data folder, as Electron does', () => {
    expect(userDataFolder('win32', { APPDATA: 'C:\\Users\\Ari\\AppData\\Roaming' }, 'C:\\Users\\Ari')).toMatch(/Roaming.Dukan$/);
    expect(userDataFolder('darwin', {}, '/Users/ari')).toBe('/Users/ari/Library/Application Support/Dukan');
    expect(userDataFolder('linux', {}, '/home/ari')).toBe('/home/ari/.config/Dukan');
    expect(userDataFolder('linux', { XDG_CONFIG_HOME: '/tmp/x' }, '/home/ari')).toBe('/tmp/x/Dukan');
    const config = loadDesktopConfig(
      { XDG_CONFIG_HOME: '/tmp/x', DATABASE_URL: 'postgres://elsewhere' },
      { platform: 'linux', home: '/home/ari' },
    );
    expect(config).toMatchObject({ dataDir: '/tmp/x/Dukan/data', logDir: '/tmp/x/Dukan/logs', port: 5000, dbPort: 5488, updateUrl: null });
    expect(config.env.DATABASE_URL).toBeUndefined();
  });

  it('takes the update feed from config.json in the user data folder unless the environment names one', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ updateUrl: 'https://updates.example/dukan/' }));
    expect(loadDesktopConfig({ DUKAN_USER_DATA_DIR: dir }).updateUrl).toBe('https://updates.example/dukan');
    expect(loadDesktopConfig({ DUKAN_USER_DATA_DIR: dir, DUKAN_UPDATE_URL: 'https://other.example/d' }).updateUrl).toBe(
      'https://other.example/d',
    );
  });

  it('takes this computer’s receipt printer from config.json or the environment: a device file or a network address', () => {
    const dir = tempDir();
    expect(loadDesktopConfig({ DUKAN_USER_DATA_DIR: dir }).printer).toBeNull();
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ printer: '/dev/usb/lp0' }));
    expect(loadDesktopConfig({ DUKAN_USER_DATA_DIR: dir }).printer).toEqual({ kind: 'device', path: '/dev/usb/lp0' });
    expect(loadDesktopConfig({ DUKAN_USER_DATA_DIR: dir, DUKAN_PRINTER: '192.168.1.50' }).printer).toEqual({
      kind: 'network',
      host: '192.168.1.50',
      port: 9100,
    });
    expect(loadDesktopConfig({ DUKAN_USER_DATA_DIR: dir, DUKAN_PRINTER: 'printer.shop:9101' }).printer).toEqual({
      kind: 'network',
      host: 'printer.shop',
      port: 9101,
    });
    expect(() => loadDesktopConfig({ DUKAN_USER_DATA_DIR: dir, DUKAN_PRINTER: 'the printer' })).toThrow(/DUKAN_PRINTER: a printer/);
    expect(() => loadDesktopConfig({ DUKAN_USER_DATA_DIR: dir, DUKAN_PRINTER: '192.168.1.50:99999' })).toThrow(DesktopConfigError);
  });

  it('stops with a list of what is wrong', () => {
    expect(() => loadDesktopConfig({ PORT: 'x', DUKAN_UPDATE_URL: 'ftp://u', DUKAN_RESTART_DELAYS_MS: '1,-2' })).toThrow(
      DesktopConfigError,
    );
    try {
      loadDesktopConfig({ PORT: 'x', DUKAN_UPDATE_URL: 'ftp://u' });
    } catch (e) {
      expect(String(e)).toMatch(/PORT: a port number[\s\S]*DUKAN_UPDATE_URL/);
    }
  });
});

describe('update checks', () => {
  it('compares versions and reads an electron-builder feed', () => {
    expect(compareVersions('1.10.0', '1.9.2')).toBe(1);
    expect(compareVersions('1.0.0', '1.0.0-beta.2')).toBe(1);
    expect(compareVersions('v2.0.0', '2.0.0')).toBe(0);
    expect(
      parseFeed("version: 1.3.0\nfiles:\n  - url: Dukan-1.3.0.AppImage\npath: Dukan-1.3.0.AppImage\nreleaseDate: '2026-05-01'\n"),
    ).toEqual({ version: '1.3.0', path: 'Dukan-1.3.0.AppImage' });
  });

  it('tells the page whether a newer version is published, or why it could not tell', async () => {
    let feed = 'version: 0.2.0\npath: Dukan Setup 0.2.0.exe\n';
    const server = createServer((req, res) => {
      if (req.url === '/dukan/latest.yml') return res.end(feed);
      res.writeHead(404).end();
    });
    await new Promise((r) => server.listen(0, '127.0.0.1', () => r(undefined)));
    const base = `http://127.0.0.1:${/** @type {any} */ (server.address()).port}`;
    try {
      const checker = new UpdateChecker({ feedUrl: `${base}/dukan`, currentVersion: '0.1.0', platform: 'win32' });
      /** @type {any[]} */
      const told = [];
      checker.on('message', (m) => told.push(m));
      expect(await checker.check()).toEqual({ kind: 'available', version: '0.2.0', url: `${base}/dukan/Dukan%20Setup%200.2.0.exe` });
      expect(told.map((m) => m.kind)).toEqual(['checking', 'available']);
      feed = 'version: 0.1.0\n';
      expect(await checker.check()).toEqual({ kind: 'latest', version: '0.1.0' });
      const linux = new UpdateChecker({ feedUrl: `${base}/dukan`, currentVersion: '0.1.0', platform: 'linux' });
      expect(await linux.check()).toEqual({ kind: 'error', detail: 'the update feed answered 404' });
      expect(await new UpdateChecker({ feedUrl: null, currentVersion: '0.1.0' }).check()).toEqual({ kind: 'disabled' });
    } finally {
      server.close();
    }
  });

  it('reads a feed from a folder too', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'feed'));
    writeFileSync(join(dir, 'feed', 'latest-linux.yml'), 'version: 0.1.0\n');
    const checker = new UpdateChecker({ feedUrl: pathToFileURL(join(dir, 'feed')).href, currentVersion: '0.1.0', platform: 'linux' });
    expect(await checker.check()).toEqual({ kind: 'latest', version: '0.1.0' });
  });

  it("passes electron-updater's events to the page, on the configured feed only", async () => {
    const updater = Object.assign(new EventEmitter(), {
      autoDownload: false,
      /** @type {object | null} */ feed: null,
      setFeedURL(/** @type {object} */ o) {
        this.feed = o;
      },
      async checkForUpdates() {
        this.emit('checking-for-update');
        this.emit('update-available', { version: '0.3.0' });
        this.emit('download-progress', { percent: 41.6 });
        this.emit('update-downloaded', { version: '0.3.0' });
      },
    });
    const updates = new ElectronUpdates({ feedUrl: 'https://updates.example/dukan', autoUpdater: updater });
    /** @type {any[]} */
    const told = [];
    updates.on('message', (m) => told.push(m));
    await updates.check();
    expect(updater.feed).toEqual({ provider: 'generic', url: 'https://updates.example/dukan' });
    expect(updater.autoDownload).toBe(true);
    expect(told).toEqual([
      { kind: 'checking' },
      { kind: 'available', version: '0.3.0' },
      { kind: 'downloading', percent: 42 },
      { kind: 'downloaded', version: '0.3.0' },
    ]);
    updater.emit('error', new Error('net::ERR_NAME_NOT_RESOLVED'));
    expect(told.at(-1)).toEqual({ kind: 'error', detail: 'net::ERR_NAME_NOT_RESOLVED' });

    const none = Object.assign(new EventEmitter(), {
      autoDownload: false,
      setFeedURL() {
        throw new Error('no feed expected');
      },
      async checkForUpdates() {
        throw new Error('must not call out');
      },
    });
    const off = new ElectronUpdates({ feedUrl: null, autoUpdater: none });
    /** @type {any[]} */
    const offTold = [];
    off.on('message', (m) => offTold.push(m));
    await off.check();
    expect(offTold).toEqual([{ kind: 'disabled' }]);
  });
});
