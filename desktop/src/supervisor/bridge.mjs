// The desktop bridge of the spec (part 1 section 7): what the page may ask of the shell, the same in the Electron
// shell (preload over IPC) and the browser shell (a script over HTTP). BridgeHost answers both.
import { EventEmitter } from 'node:events';
import { LOG_LINES } from './log-view.mjs';

/** Exactly what `window.dukanDesktop` offers the page; frontend/src/app/desktop.ts types it. */
export const BRIDGE_MEMBERS = Object.freeze([
  'version',
  'platform',
  'shell',
  'getServerStatus',
  'onServerStatus',
  'getServerPort',
  'getServerLogs',
  'onServerLog',
  'restartServer',
  'checkForUpdates',
  'onUpdateMessage',
  'getFirstRunAdmin',
]);

/** IPC channels of the Electron shell (preload.cjs repeats them: a sandboxed preload cannot import this file). */
export const CHANNELS = Object.freeze({
  info: 'dukan:info',
  status: 'dukan:server-status',
  logs: 'dukan:server-logs',
  restart: 'dukan:restart-server',
  checkForUpdates: 'dukan:check-for-updates',
  firstRun: 'dukan:first-run-admin',
  statusChanged: 'dukan:server-status-changed',
  log: 'dukan:server-log',
  update: 'dukan:update-message',
  language: 'dukan:language',
});

/**
 * @typedef {{ check(): Promise<unknown>, on(event: 'message', listener: (m: import('./updates.mjs').UpdateMessage) => void): unknown }} Updates
 */

/** Events: 'status' (ServerStatus), 'log' (string), 'update' (UpdateMessage). */
export class BridgeHost extends EventEmitter {
  /**
   * @param {object} options
   * @param {import('./supervisor.mjs').Supervisor} options.supervisor
   * @param {Updates} options.updates
   * @param {string} options.version
   * @param {'electron' | 'browser'} options.shell
   * @param {NodeJS.Platform} [options.platform]
   */
  constructor({ supervisor, updates, version, shell, platform = process.platform }) {
    super();
    this.setMaxListeners(50);
    this.supervisor = supervisor;
    this.updates = updates;
    this.info = { version, platform, shell };
    /** @type {import('./updates.mjs').UpdateMessage | null} */
    this.lastUpdate = null;
    supervisor.on('status', (s) => this.emit('status', s));
    supervisor.log.on('line', (l) => this.emit('log', l));
    updates.on('message', (m) => {
      this.lastUpdate = m;
      this.emit('update', m);
    });
  }

  serverStatus() {
    return this.supervisor.status;
  }

  /** @returns {string[]} the last LOG_LINES lines */
  logs() {
    return this.supervisor.log.lines().slice(-LOG_LINES);
  }

  /** @param {string} cause */
  restart(cause) {
    return this.supervisor.restart(cause);
  }

  async checkForUpdates() {
    await this.updates.check();
    return this.lastUpdate;
  }

  /** The account the server made on this first run, for the sign-in screen; null on every later start. */
  firstRunAdmin() {
    return this.supervisor.firstRun;
  }
}
