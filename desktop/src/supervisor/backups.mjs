// The daily backup, run by the shell beside the server: at the time the shop set (backup.json in the data folder,
// `{ "folder": …, "time": "HH:MM" }`; 21:00 by default, closing time), and on closing the app when the day has no
// good backup yet. Each backup is the built `backup now` command in a process of its own (one read-only snapshot:
// selling goes on), verified before it counts; a failed one is retried (after 5, 15, then every 60 minutes) and
// its reason is in the status, with the last good backup's time and place and whether two days have gone without.
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const DEFAULT_TIME = '21:00';
export const RETRY_DELAYS_MS = [5 * 60_000, 15 * 60_000, 60 * 60_000];
const OVERDUE_MS = 2 * 86_400_000;

/**
 * @typedef {{ folder: string, time: string, passphrase: string | null }} BackupSettings
 * @typedef {{ takenAt: string, file: string }} GoodBackup
 * @typedef {{ state: 'idle' | 'running' | 'failing', folder: string, time: string, lastGood: GoodBackup | null,
 *   overdue: boolean, failures: number, lastError: string | null, nextAttemptAt: string | null }} BackupStatus
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
  }

  /** @returns {BackupStatus} */
  get status() {
    const s = readBackupSettings(this.dataDir);
    const lastGood = lastGoodBackup(s.folder);
    return {
      state: this.running ? 'running' : this.failures ? 'failing' : 'idle',
      folder: s.folder,
      time: s.time,
      lastGood,
      overdue: !lastGood || this.now().getTime() - new Date(lastGood.takenAt).getTime() > OVERDUE_MS,
      failures: this.failures,
      lastError: this.lastError,
      nextAttemptAt: this.nextAttemptAt?.toISOString() ?? null,
    };
  }

  /** Whether today (the PC's day) has a good backup. */
  doneToday() {
    const good = lastGoodBackup(readBackupSettings(this.dataDir).folder);
    return good !== null && localDay(new Date(good.takenAt)) === localDay(this.now());
  }

  /** Takes a backup now (one at a time). @returns {Promise<boolean>} whether it is good */
  backupNow() {
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
    if (this.running) return false;
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
  scheduler.start();
  return {
    scheduler,
    beforeStop: async () => {
      if (supervisor.state !== 'running' || scheduler.doneToday()) return;
      supervisor.say('taking today’s backup before closing…');
      await scheduler.onClose();
    },
  };
}
