// The bridge is the same in both shells: the Electron preload and the browser shell's script expose exactly
// BRIDGE_MEMBERS and reach the host over the channels and routes main.mjs and shell-server.mjs answer.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { BRIDGE_MEMBERS, CHANNELS } from '../src/supervisor/bridge.mjs';
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
