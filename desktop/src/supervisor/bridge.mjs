// The desktop bridge of the spec (part 1 section 7): what the page may ask of the shell, the same in the Electron
// shell (preload over IPC) and the browser shell (a script over HTTP). BridgeHost answers both.
import { EventEmitter } from 'node:events';
import { LOG_LINES } from './log-view.mjs';
import { BackupChoiceError } from './backups.mjs';
import { printerName, sendToPrinter } from './printer.mjs';

/** The most a document for the receipt printer may weigh (a long receipt's raster is a few hundred KB). */
export const MAX_PRINT_BYTES = 8 * 1024 * 1024;

/** The shell has no printer of its own set (DUKAN_PRINTER or "printer" in config.json). */
export class NoShellPrinter extends Error {
  constructor() {
    super('no receipt printer is set for this computer');
    this.name = 'NoShellPrinter';
  }
}

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
  'getPrinter',
  'printEscpos',
  'getBackups',
  'saveBackupSettings',
  'backupNow',
  'restoreBackup',
  'chooseBackupFolder',
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
  printer: 'dukan:printer',
  print: 'dukan:print',
  backups: 'dukan:backups',
  saveBackups: 'dukan:save-backups',
  backupNow: 'dukan:backup-now',
  restoreBackup: 'dukan:restore-backup',
  chooseFolder: 'dukan:choose-folder',
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
   * @param {import('./printer.mjs').PrinterTarget | null} [options.printer] this computer's receipt printer
   * @param {typeof sendToPrinter} [options.send]
   * @param {import('./backups.mjs').BackupPanel | null} [options.backups] the shell's backups, for the panel
   * @param {((current: string) => Promise<string | null>) | null} [options.pickFolder] the system's folder picker
   *   (Electron's dialog), opened on `current`; null where the shell has none (the browser shell)
   */
  constructor({
    supervisor,
    updates,
    version,
    shell,
    platform = process.platform,
    printer = null,
    send = sendToPrinter,
    backups = null,
    pickFolder = null,
  }) {
    super();
    this.setMaxListeners(50);
    this.supervisor = supervisor;
    this.updates = updates;
    this.info = { version, platform, shell };
    /** @type {import('./updates.mjs').UpdateMessage | null} */
    this.lastUpdate = null;
    this.printerTarget = printer;
    this.backups = backups;
    this.pickFolder = pickFolder;
    /** What the last restore of this run brought back: shown again when the window reloads on the restarted server. */
    this.lastRestore = null;
    this.send = send;
    /** Documents go to the printer one after another, never interleaved. @type {Promise<unknown>} */
    this.printing = Promise.resolve();
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

  /** The name of this computer's receipt printer (its device file or address), or null when none is set. */
  printer() {
    return this.printerTarget ? printerName(this.printerTarget) : null;
  }

  /**
   * ESC/POS bytes (the server's POST /api/print/escpos answer) to this computer's receipt printer, after any
   * document already on its way. A printer that does not take them is a PrinterUnavailable naming it.
   * @param {Uint8Array} bytes @returns {Promise<{ printer: string, bytes: number }>}
   */
  print(bytes) {
    const target = this.printerTarget;
    if (!target) return Promise.reject(new NoShellPrinter());
    if (!(bytes instanceof Uint8Array) || bytes.length === 0 || bytes.length > MAX_PRINT_BYTES) {
      return Promise.reject(new RangeError(`a document for the printer is 1 to ${MAX_PRINT_BYTES} bytes`));
    }
    const done = this.printing.then(() => this.send(target, bytes)).then(() => ({ printer: printerName(target), bytes: bytes.length }));
    this.printing = done.catch(() => undefined);
    return done;
  }

  /**
   * The panel's backup actions answer `{ ok: true, … }` or `{ ok: false, code, message }` (the same over IPC and
   * HTTP; the page shows the code's text in the owner's language, the message as the detail).
   * @template T @param {() => T | Promise<T>} act @param {string} failure the code of a failure that is not a choice's
   */
  async backupAnswer(act, failure) {
    if (!this.backups) return { ok: false, code: 'unavailable', message: 'this shell takes no backups' };
    try {
      return { ok: true, ...(await act()) };
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      return { ok: false, code: e instanceof BackupChoiceError ? e.code : failure, message };
    }
  }

  getBackups() {
    return this.backupAnswer(
      () => ({ status: this.backups?.status(), lastRestore: this.lastRestore, canPickFolder: this.pickFolder !== null }),
      'unavailable',
    );
  }

  /** The system's folder picker, opened on the backups' folder: the folder chosen, or null when the owner cancelled. */
  chooseBackupFolder() {
    const pick = this.pickFolder;
    if (!pick) return Promise.resolve({ ok: false, code: 'unavailable', message: 'this shell has no folder picker' });
    return this.backupAnswer(async () => ({ folder: await pick(this.backups?.status().folder ?? '') }), 'unavailable');
  }

  /** @param {unknown} choice */
  saveBackupSettings(choice) {
    const c = /** @type {Record<string, unknown>} */ (typeof choice === 'object' && choice !== null ? choice : {});
    const text = (/** @type {unknown} */ v) => (typeof v === 'string' ? v : undefined);
    return this.backupAnswer(
      () => ({ status: this.backups?.save({ folder: text(c.folder), time: text(c.time), passphrase: text(c.passphrase) }) }),
      'saveFailed',
    );
  }

  backupNow() {
    return this.backupAnswer(async () => ({ status: await this.backups?.backupNow() }), 'backupFailed');
  }

  /** @param {unknown} file @param {unknown} [passphrase] */
  restoreBackup(file, passphrase) {
    return this.backupAnswer(async () => {
      if (typeof file !== 'string') throw new BackupChoiceError('notInFolder', 'no backup was chosen');
      const restored = await this.backups?.restore(file, typeof passphrase === 'string' && passphrase ? passphrase : null);
      this.lastRestore = restored ?? null;
      return { restored, status: this.backups?.status() };
    }, 'restoreFailed');
  }

  /** The account the server made on this first run, for the sign-in screen; null on every later start. */
  firstRunAdmin() {
    return this.supervisor.firstRun;
  }
}
