// The daily backup, run by the shell beside the server: at the time the shop set (backup.json in the data folder,
// `{ "folder": …, "time": "HH:MM" }`; 21:00 by default, closing time), and on closing the app when the day has no
// good backup yet. Each backup is the built `backup now` command in a process of its own (one read-only snapshot:
// selling goes on), verified before it counts; a failed one is retried (after 5, 15, then every 60 minutes) and
// its reason is in the status, with the last good backup's time and place and whether two days have gone without.
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';

export const DEFAULT_TIME = '21:00';
export const RETRY_DELAYS_MS = [5 * 60_000, 15 * 60_000, 60 * 60_000];
const OVERDUE_MS = 2 * 86_400_000;

/**
 * @typedef {{ folder: string, time: string, passphrase: string | null }} BackupSettings
 * @typedef {{ takenAt: string, file: string }} GoodBackup
 * @typedef {{ state: 'idle' | 'running' | 'failing' | 'restoring', folder: string, time: string, lastGood: GoodBackup | null,
 *   overdue: boolean, failures: number, lastError: string | null, nextAttemptAt: string | null, encrypted: boolean,
 *   backups: FolderBackup[] }} BackupStatus
 */

/** @param {string} dataDir @returns {BackupSettings} */
export function readBackupSettings(dataDir) {
  /** @type {{ folder?: unknown, time?: unknown }} */
  let saved = {};
  try {
    saved = JSON.parse(readFileSync(join(dataDir, 'backup.json'), 'utf8'));
  } catch {
    /* none chosen yet */
  }
  const time = typeof saved.time === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(saved.time) ? saved.time : DEFAULT_TIME;
  let passphrase = null;
  try {
    passphrase = readFileSync(join(dataDir, 'backup-passphrase'), 'utf8').trim() || null;
  } catch {
    /* backups are not sealed */
  }
  return { folder: resolve(typeof saved.folder === 'string' && saved.folder ? saved.folder : join(dataDir, 'backups')), time, passphrase };
}

/** The newest backup in the folder marked good (its verification passed). @param {string} folder @returns {GoodBackup | null} */
export function lastGoodBackup(folder) {
  let names;
  try {
    names = readdirSync(folder);
  } catch {
    return null;
  }
  /** @type {GoodBackup | null} */
  let best = null;
  for (const n of names) {
    if (!n.endsWith('.dukanbak.good.json')) continue;
    const file = join(folder, n.slice(0, -'.good.json'.length));
    if (!existsSync(file)) continue;
    try {
      const mark = JSON.parse(readFileSync(join(folder, n), 'utf8'));
      if (typeof mark.takenAt === 'string' && (!best || mark.takenAt > best.takenAt)) best = { takenAt: mark.takenAt, file };
    } catch {
      /* a damaged mark counts for nothing */
    }
  }
  return best;
}

/** What the owner asked of the panel that cannot be done; `code` names the panel's text for it. */
export class BackupChoiceError extends Error {
  /** @param {'folder' | 'folderNotWritable' | 'time' | 'passphrase' | 'notInFolder' | 'busy'} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.name = 'BackupChoiceError';
    this.code = code;
  }
}

export const MIN_PASSPHRASE = 8;
const MAX_PASSPHRASE = 1024;
const MAX_PATH = 1024;

/** @param {string} path @param {string} text @param {number} [mode] */
function writeAtomically(path, text, mode = 0o600) {
  writeFileSync(`${path}.tmp`, text, { mode });
  renameSync(`${path}.tmp`, path);
}

/**
 * Keeps the owner's choices from the panel: the folder (an absolute path, made if missing and tried with a file),
 * the daily time, and the passphrase (undefined: unchanged; empty: backups are no longer sealed).
 * @param {string} dataDir @param {{ folder?: string, time?: string, passphrase?: string }} choice
 * @returns {BackupSettings}
 */
export function saveBackupSettings(dataDir, { folder, time, passphrase }) {
  const current = readBackupSettings(dataDir);
  const nextFolder = folder === undefined ? current.folder : folder.trim();
  if (!nextFolder || nextFolder.length > MAX_PATH || !isAbsolute(nextFolder))
    throw new BackupChoiceError('folder', 'the backup folder must be a full path, such as E:\\Dukan or /media/usb/dukan');
  const nextTime = time ?? current.time;
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(nextTime)) throw new BackupChoiceError('time', 'the time is HH:MM, from 00:00 to 23:59');
  if (passphrase !== undefined && passphrase !== '' && (passphrase.length < MIN_PASSPHRASE || passphrase.length > MAX_PASSPHRASE))
    throw new BackupChoiceError('passphrase', `a passphrase has at least ${MIN_PASSPHRASE} characters`);
  try {
    mkdirSync(nextFolder, { recursive: true });
    const probe = join(nextFolder, `.dukan-write-test-${process.pid}`);
    writeFileSync(probe, 'ok');
    rmSync(probe, { force: true });
  } catch (e) {
    throw new BackupChoiceError('folderNotWritable', `Dukan cannot write to ${nextFolder} (${e instanceof Error ? e.message : e})`);
  }
  writeAtomically(join(dataDir, 'backup.json'), JSON.stringify({ folder: resolve(nextFolder), time: nextTime }, null, 2), 0o644);
  if (passphrase === '') rmSync(join(dataDir, 'backup-passphrase'), { force: true });
  else if (passphrase !== undefined) writeAtomically(join(dataDir, 'backup-passphrase'), passphrase);
  return readBackupSettings(dataDir);
}

/**
 * @typedef {{ file: string, name: string, takenAt: string, bytes: number, good: boolean, encrypted: boolean | null }} FolderBackup
 */

/** The moment in a backup's name (`…-YYYYMMDDTHHMMSSZ.dukanbak`). @param {string} name */
function nameTime(name) {
  const m = /(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z\.dukanbak$/.exec(name);
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.000Z` : null;
}

/**
 * The folder's backups for the panel, newest first, at most `limit` (retention keeps about two dozen).
 * @param {string} folder @param {number} [limit] @returns {FolderBackup[]}
 */
export function folderBackups(folder, limit = 60) {
  let names;
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  /** @type {FolderBackup[]} */
  const out = [];
  for (const name of names) {
    const takenAt = nameTime(name);
    if (!takenAt) continue;
    const file = join(folder, name);
    let bytes;
    try {
      bytes = statSync(file).size;
    } catch {
      continue;
    }
    /** @type {{ encrypted?: unknown } | null} */
    let mark = null;
    try {
      mark = JSON.parse(readFileSync(`${file}.good.json`, 'utf8'));
    } catch {
      /* not verified */
    }
    out.push({ file, name, takenAt, bytes, good: mark !== null, encrypted: typeof mark?.encrypted === 'boolean' ? mark.encrypted : null });
  }
  return out.sort((a, b) => b.takenAt.localeCompare(a.takenAt)).slice(0, limit);
}

/**
 * @typedef {{ takenAt: string, shop: string, branch: string, rows: Record<string, number>, keptAside: string | null,
 *   series: { branchId: string, register: string, next: string, retired: string }[] }} RestoreSummary
 */

/**
 * The built restore command (`backup restore FILE --json`) in a process of its own; answers what it restored.
 * @param {{ entry: string, dataDir: string, env?: Record<string,string|undefined>, electron?: boolean }} o
 * @returns {(file: string, passphrase: string | null) => Promise<RestoreSummary>}
 */
export function restoreCommand({ entry, dataDir, env = process.env, electron = false }) {
  const cli = join(dirname(entry), 'backup', 'cli.js');
  return (file, passphrase) =>
    new Promise((resolvePromise, reject) => {
      const child = spawn(process.execPath, [cli, 'restore', file, '--json'], {
        env: {
          ...env,
          ...(electron ? { ELECTRON_RUN_AS_NODE: '1' } : {}),
          DUKAN_DATA_DIR: dataDir,
          DUKAN_BACKUP_PASSPHRASE: passphrase ?? '',
          DATABASE_URL: '',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let said = '';
      child.stdout.on('data', (/** @type {Buffer} */ b) => {
        out = (out + b.toString()).slice(-64_000);
      });
      child.stderr.on('data', (/** @type {Buffer} */ b) => {
        said = (said + b.toString()).slice(-2000);
      });
      child.once('error', reject);
      child.once('exit', (code) => {
        const line = out
          .split('\n')
          .reverse()
          .find((l) => l.startsWith('{"restored"'));
        if (code === 0 && line) return resolvePromise(JSON.parse(line).restored);
        const why = `${said}\n${out}`.trim().split('\n').filter(Boolean);
        reject(
          new Error(why.find((l) => /Backup: /.test(l))?.replace(/^\s*Backup: /, '') || why.at(-1) || `the restore ended with ${code}`),
        );
      });
    });
}

/** @param {Date} d */
const localDay = (d) => `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;

/**
 * The built backup command, in a process of its own. @param {{ entry: string, dataDir: string, env?: Record<string,string|undefined>, electron?: boolean }} o
 * @returns {(settings: BackupSettings) => Promise<void>}
 */
export function backupCommand({ entry, dataDir, env = process.env, electron = false }) {
  const cli = join(dirname(entry), 'backup', 'cli.js');
  return (settings) =>
    new Promise((resolvePromise, reject) => {
      const child = spawn(process.execPath, [cli, 'now'], {
        env: {
          ...env,
          ...(electron ? { ELECTRON_RUN_AS_NODE: '1' } : {}),
          DUKAN_DATA_DIR: dataDir,
          DUKAN_BACKUP_DIR: settings.folder,
          DUKAN_BACKUP_PASSPHRASE: settings.passphrase ?? '',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let said = '';
      const keep = (/** @type {Buffer} */ b) => {
        said = (said + b.toString()).slice(-2000);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0
          ? resolvePromise()
          : reject(
              new Error(
                said
                  .trim()
                  .split('\n')
                  .filter(Boolean)
                  .at(-1)
                  ?.replace(/^\s*Backup: /, '') || `the backup ended with ${code}`,
              ),
            ),
      );
    });
}

export class BackupScheduler extends EventEmitter {
  /**
   * @param {object} o
   * @param {string} o.dataDir
   * @param {(settings: BackupSettings) => Promise<void>} o.run takes, verifies and prunes one backup
   * @param {() => Date} [o.now]
   * @param {number[]} [o.retryDelaysMs]
   * @param {(text: string) => void} [o.say]
   */
  constructor({ dataDir, run, now = () => new Date(), retryDelaysMs = RETRY_DELAYS_MS, say = () => undefined }) {
    super();
    this.dataDir = dataDir;
    this.run = run;
    this.now = now;
    this.retryDelaysMs = retryDelaysMs;
    this.say = say;
    this.failures = 0;
    /** @type {string | null} */ this.lastError = null;
    /** @type {Date | null} */ this.nextAttemptAt = null;
    /** @type {Promise<boolean> | null} */ this.running = null;
    /** @type {NodeJS.Timeout | null} */ this.timer = null;
    this.restoring = false;
  }

  /** @returns {BackupStatus} */
  get status() {
    const s = readBackupSettings(this.dataDir);
    const lastGood = lastGoodBackup(s.folder);
    return {
      state: this.restoring ? 'restoring' : this.running ? 'running' : this.failures ? 'failing' : 'idle',
      folder: s.folder,
      time: s.time,
      lastGood,
      overdue: !lastGood || this.now().getTime() - new Date(lastGood.takenAt).getTime() > OVERDUE_MS,
      failures: this.failures,
      lastError: this.lastError,
      nextAttemptAt: this.nextAttemptAt?.toISOString() ?? null,
      encrypted: s.passphrase !== null,
      backups: folderBackups(s.folder),
    };
  }

  /** Whether today (the PC's day) has a good backup. */
  doneToday() {
    const good = lastGoodBackup(readBackupSettings(this.dataDir).folder);
    return good !== null && localDay(new Date(good.takenAt)) === localDay(this.now());
  }

  /** Takes a backup now (one at a time). @returns {Promise<boolean>} whether it is good */
  backupNow() {
    if (this.restoring) return Promise.resolve(false);
    this.running ??= (async () => {
      this.emit('status', { ...this.status, state: 'running' });
      try {
        await this.run(readBackupSettings(this.dataDir));
        this.failures = 0;
        this.lastError = null;
        this.nextAttemptAt = null;
        this.say('backup taken and verified');
        return true;
      } catch (e) {
        this.failures += 1;
        this.lastError = e instanceof Error ? e.message : String(e);
        const delay = this.retryDelaysMs[Math.min(this.failures, this.retryDelaysMs.length) - 1] ?? 3600_000;
        this.nextAttemptAt = new Date(this.now().getTime() + delay);
        this.say(`the backup failed (${this.lastError}); trying again at ${this.nextAttemptAt.toLocaleTimeString()}`);
        return false;
      }
    })().finally(() => {
      this.running = null;
      this.emit('status', this.status);
    });
    return this.running;
  }

  /** Runs the day's backup when it is due: past the set time, none good today, and not waiting to retry. */
  async check() {
    if (this.running || this.restoring) return false;
    const now = this.now();
    if (this.nextAttemptAt && now < this.nextAttemptAt) return false;
    const [h, m] = readBackupSettings(this.dataDir).time.split(':').map(Number);
    const due = new Date(now.getFullYear(), now.getMonth(), now.getDate(), h, m);
    if (now < due || this.doneToday()) return false;
    return this.backupNow();
  }

  /** Checks every minute (the timer does not keep the process alive). */
  start(everyMs = 60_000) {
    this.timer ??= setInterval(() => void this.check(), everyMs);
    this.timer.unref();
  }

  /**
   * Restores a backup of the chosen folder, as the panel asks: the server stops, the restore keeps the current data
   * aside and fills a new database, and the server starts again whatever happened (on the restored data, or on the
   * data as it was when the restore changed nothing).
   * @param {{ file: string, passphrase?: string | null, stopServer: () => Promise<void>, startServer: () => Promise<unknown>,
   *   restore: (file: string, passphrase: string | null) => Promise<RestoreSummary> }} o
   * @returns {Promise<RestoreSummary>}
   */
  async restore({ file, passphrase, stopServer, startServer, restore }) {
    const settings = readBackupSettings(this.dataDir);
    const chosen = folderBackups(settings.folder, Number.MAX_SAFE_INTEGER).find((b) => b.file === resolve(file));
    if (!chosen) throw new BackupChoiceError('notInFolder', `${basename(file)} is not a backup in ${settings.folder}`);
    if (this.running || this.restoring) throw new BackupChoiceError('busy', 'a backup or a restore is under way');
    this.restoring = true;
    this.emit('status', this.status);
    try {
      this.say(`restoring ${chosen.name}: stopping the server`);
      await stopServer();
      try {
        const summary = await restore(chosen.file, passphrase || settings.passphrase);
        this.say(
          `restored the backup of ${summary.takenAt}${summary.keptAside ? `; the data as it was is kept in ${summary.keptAside}` : ''}`,
        );
        return summary;
      } finally {
        await startServer();
      }
    } finally {
      this.restoring = false;
      this.emit('status', this.status);
    }
  }

  /** On closing the app: the day's backup, when it is missing (a running one is waited for). */
  async onClose() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.running) return this.running;
    if (this.doneToday()) return true;
    return this.backupNow();
  }
}

/**
 * @typedef {{ status(): BackupStatus, save(choice: { folder?: string, time?: string, passphrase?: string }): BackupStatus,
 *   backupNow(): Promise<BackupStatus>, restore(file: string, passphrase?: string | null): Promise<RestoreSummary> }} BackupPanel
 */

/**
 * The shell's daily backup for its supervisor's server (checked every minute); `beforeStop` is awaited on closing
 * the app, before the server stops. A backup is taken only while the server runs (its database is up).
 * @param {import('./supervisor.mjs').Supervisor} supervisor @param {{ electron?: boolean }} [o]
 */
export function shellBackups(supervisor, { electron = false } = {}) {
  const command = backupCommand({
    entry: /** @type {string} */ (supervisor.server.args.at(-1)),
    dataDir: supervisor.config.dataDir,
    env: supervisor.config.env,
    electron,
  });
  const scheduler = new BackupScheduler({
    dataDir: supervisor.config.dataDir,
    run: async (settings) => {
      if (supervisor.state !== 'running') throw new Error(`the server is ${supervisor.state}`);
      await command(settings);
    },
    say: (text) => supervisor.say(`backup: ${text}`),
  });
  const restoreWith = {
    entry: /** @type {string} */ (supervisor.server.args.at(-1)),
    dataDir: supervisor.config.dataDir,
    env: supervisor.config.env,
    electron,
  };
  scheduler.start();
  return {
    scheduler,
    /** What the desktop panel does: the bridge host answers the window with these. @type {BackupPanel} */
    panel: {
      status: () => scheduler.status,
      save: (choice) => {
        saveBackupSettings(supervisor.config.dataDir, choice);
        return scheduler.status;
      },
      backupNow: async () => {
        await scheduler.backupNow();
        return scheduler.status;
      },
      restore: (file, passphrase) =>
        scheduler.restore({
          file,
          passphrase,
          // The data folder stays this shell's while it is restored: another start cannot take it meanwhile.
          stopServer: () => supervisor.stop({ keepFolder: true }),
          startServer: () => supervisor.start(),
          // The database starts for the restore on the port the server's own used (free once it stopped).
          restore: (f, p) =>
            restoreCommand({
              ...restoreWith,
              env: { ...restoreWith.env, DUKAN_DB_PORT: String(supervisor.dbPort ?? supervisor.config.dbPort) },
            })(f, p),
        }),
    },
    beforeStop: async () => {
      if (supervisor.state !== 'running' || scheduler.doneToday()) return;
      supervisor.say('taking today’s backup before closing…');
      await scheduler.onClose();
    },
  };
}
