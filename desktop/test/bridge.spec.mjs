// The bridge is the same in both shells: the Electron preload and the browser shell's script expose exactly
// BRIDGE_MEMBERS and reach the host over the channels and routes main.mjs and shell-server.mjs answer.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { EventEmitter } from 'node:events';
import { BackupChoiceError } from '../src/supervisor/backups.mjs';
import { BRIDGE_MEMBERS, BridgeHost, CHANNELS } from '../src/supervisor/bridge.mjs';
import { appMenu, menuLanguage, MENU_TEXTS } from '../src/supervisor/menu.mjs';

const src = join(import.meta.dirname, '..', 'src');

/** Runs preload.cjs as Electron would, with a recording contextBridge and ipcRenderer. */
function loadPreload() {
  /** @type {Record<string, any>} */
  const exposed = {};
  /** @type {string[]} */
  const invoked = [];
  /** @type {string[]} */
  const sent = [];
  const electron = {
    contextBridge: { exposeInMainWorld: (/** @type {string} */ key, /** @type {any} */ api) => (exposed[key] = api) },
    ipcRenderer: {
      invoke: async (/** @type {string} */ channel) => (invoked.push(channel), { port: 5000 }),
      on: (/** @type {string} */ channel) => invoked.push(`on:${channel}`),
      removeListener: () => undefined,
      send: (/** @type {string} */ channel, /** @type {string} */ lang) => sent.push(`${channel}=${lang}`),
    },
  };
  /** @type {(() => void)[]} */
  const ready = [];
  const context = {
    require: (/** @type {string} */ name) => (name === 'electron' ? electron : undefined),
    process: { argv: ['electron', '--dukan-version=1.4.0', '--dukan-platform=win32'], platform: 'linux' },
    window: { addEventListener: (/** @type {string} */ _e, /** @type {() => void} */ f) => ready.push(f) },
    document: { documentElement: { lang: 'ckb' } },
    MutationObserver: class {
      observe() {}
    },
  };
  vm.runInNewContext(readFileSync(join(src, 'preload', 'preload.cjs'), 'utf8'), context);
  ready.forEach((f) => f());
  return { bridge: exposed.dukanDesktop, invoked, sent, exposedKeys: Object.keys(exposed) };
}

describe('desktop bridge', () => {
  it('the Electron preload exposes exactly the bridge, with the version and platform it was given', async () => {
    const { bridge, invoked, sent, exposedKeys } = loadPreload();
    expect(exposedKeys).toEqual(['dukanDesktop']);
    expect(Object.keys(bridge).sort()).toEqual([...BRIDGE_MEMBERS].sort());
    expect(bridge).toMatchObject({ version: '1.4.0', platform: 'win32', shell: 'electron' });
    await bridge.getServerStatus();
    await bridge.getServerLogs();
    await bridge.restartServer();
    await bridge.checkForUpdates();
    await bridge.getFirstRunAdmin();
    await bridge.getPrinter();
    await bridge.printEscpos(Uint8Array.of(0x1b, 0x40));
    await bridge.getBackups();
    await bridge.saveBackupSettings({ folder: '/media/usb/dukan' });
    await bridge.backupNow();
    await bridge.restoreBackup('/media/usb/dukan/x.dukanbak');
    await bridge.chooseBackupFolder();
    expect(await bridge.getServerPort()).toBe(5000);
    bridge.onServerStatus(() => undefined);
    bridge.onServerLog(() => undefined);
    bridge.onUpdateMessage(() => undefined);
    expect(new Set(invoked)).toEqual(
      new Set([
        CHANNELS.status,
        CHANNELS.logs,
        CHANNELS.restart,
        CHANNELS.checkForUpdates,
        CHANNELS.firstRun,
        CHANNELS.printer,
        CHANNELS.print,
        CHANNELS.backups,
        CHANNELS.saveBackups,
        CHANNELS.backupNow,
        CHANNELS.restoreBackup,
        CHANNELS.chooseFolder,
        `on:${CHANNELS.statusChanged}`,
        `on:${CHANNELS.log}`,
        `on:${CHANNELS.update}`,
      ]),
    );
    expect(sent).toEqual([`${CHANNELS.language}=ckb`]);
  });

  it('the browser shell script exposes the same members, frozen', () => {
    const context = { window: {}, fetch: () => undefined, EventSource: class {} };
    const script = readFileSync(join(src, 'browser', 'bridge-client.js'), 'utf8').replace(
      '__DUKAN_SHELL_INFO__',
      JSON.stringify({ version: '1.4.0', platform: 'linux', shell: 'browser' }),
    );
    vm.runInNewContext(script, context);
    const bridge = /** @type {any} */ (context.window).dukanDesktop;
    expect(Object.keys(bridge).sort()).toEqual([...BRIDGE_MEMBERS].sort());
    expect(Object.isFrozen(bridge)).toBe(true);
    expect(bridge).toMatchObject({ version: '1.4.0', platform: 'linux', shell: 'browser' });
  });
});

describe('the backup panel over the bridge', () => {
  it('answers each action as done or with the code of what went wrong, and keeps what the last restore brought back', async () => {
    const supervisor = Object.assign(new EventEmitter(), { log: new EventEmitter(), status: { state: 'running' } });
    const summary = { takenAt: '2026-11-02T18:00:00.000Z' };
    let restores = 0;
    const panel = {
      status: () => ({ folder: '/media/usb/dukan' }),
      save: () => {
        throw new BackupChoiceError('passphrase', 'a passphrase has at least 8 characters');
      },
      backupNow: async () => ({ folder: '/media/usb/dukan', lastError: null }),
      restore: async (/** @type {string} */ file) => {
        if (++restores > 1) throw new Error(`the backup file is damaged (${file})`);
        return summary;
      },
    };
    const host = new BridgeHost({
      supervisor: /** @type {any} */ (supervisor),
      updates: /** @type {any} */ (new EventEmitter()),
      version: '1.4.0',
      shell: 'browser',
      backups: /** @type {any} */ (panel),
    });
    expect(await host.getBackups()).toEqual({ ok: true, status: { folder: '/media/usb/dukan' }, lastRestore: null, canPickFolder: false });
    // The browser shell has no folder picker: the panel is told so and the folder is typed.
    expect(await host.chooseBackupFolder()).toMatchObject({ ok: false, code: 'unavailable' });
    expect(await host.saveBackupSettings({ passphrase: 'short' })).toEqual({
      ok: false,
      code: 'passphrase',
      message: 'a passphrase has at least 8 characters',
    });
    expect(await host.restoreBackup('/media/usb/dukan/a.dukanbak')).toMatchObject({ ok: true, restored: summary });
    expect(await host.restoreBackup('/media/usb/dukan/b.dukanbak')).toEqual({
      ok: false,
      code: 'restoreFailed',
      message: 'the backup file is damaged (/media/usb/dukan/b.dukanbak)',
    });
    expect(await host.restoreBackup(42)).toMatchObject({ ok: false, code: 'notInFolder' });
    expect((await host.getBackups()).lastRestore).toBe(summary);
    const none = new BridgeHost({
      supervisor: /** @type {any} */ (supervisor),
      updates: /** @type {any} */ (new EventEmitter()),
      version: '1.4.0',
      shell: 'browser',
    });
    expect(await none.backupNow()).toMatchObject({ ok: false, code: 'unavailable' });
  });

  it("opens the system's folder picker on the backups' folder and answers the folder chosen, or null when cancelled", async () => {
    const supervisor = Object.assign(new EventEmitter(), { log: new EventEmitter(), status: { state: 'running' } });
    /** @type {string[]} */
    const openedOn = [];
    const answers = ['/media/usb/shop', null];
    const host = new BridgeHost({
      supervisor: /** @type {any} */ (supervisor),
      updates: /** @type {any} */ (new EventEmitter()),
      version: '1.4.0',
      shell: 'electron',
      backups: /** @type {any} */ ({ status: () => ({ folder: '/media/usb/dukan' }) }),
      pickFolder: async (/** @type {string} */ current) => (openedOn.push(current), answers.shift() ?? null),
    });
    expect(await host.getBackups()).toMatchObject({ ok: true, canPickFolder: true });
    expect(await host.chooseBackupFolder()).toEqual({ ok: true, folder: '/media/usb/shop' });
    expect(await host.chooseBackupFolder()).toEqual({ ok: true, folder: null });
    expect(openedOn).toEqual(['/media/usb/dukan', '/media/usb/dukan']);
  });
});

describe('the Electron menu', () => {
  const noop = () => undefined;
  const actions = { reload: noop, restartServer: noop, checkForUpdates: noop, openLogFolder: noop, openDataFolder: noop, quit: noop };
  /** @param {any[]} items @returns {any[]} */
  const flat = (items) => items.flatMap((i) => [i, ...flat(i.submenu ?? [])]);

  it('has the same items in English and Kurdish, every one labelled', () => {
    expect(Object.keys(MENU_TEXTS.ku).sort()).toEqual(Object.keys(MENU_TEXTS.en).sort());
    const en = flat(appMenu('en', '1.4.0', actions));
    const ku = flat(appMenu('ku', '1.4.0', actions));
    expect(ku.map((i) => i.role ?? i.type ?? typeof i.click)).toEqual(en.map((i) => i.role ?? i.type ?? typeof i.click));
    for (const [a, b] of en.map((item, n) => [item, ku[n]])) {
      if (a.type === 'separator') continue;
      expect(a.label).toBeTruthy();
      expect(b.label).toBeTruthy();
      expect(b.label).not.toBe(a.label);
    }
    expect(en.map((i) => i.label)).toContain('Restart server');
    expect(ku.map((i) => i.label)).toContain('دوکان 1.4.0');
  });

  it('follows the page language', () => {
    expect(menuLanguage('ckb')).toBe('ku');
    expect(menuLanguage('ku')).toBe('ku');
    expect(menuLanguage('en')).toBe('en');
    expect(menuLanguage('')).toBe('en');
  });
});
