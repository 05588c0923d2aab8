import { describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BackupChoiceError,
  BackupScheduler,
  folderBackups,
  lastGoodBackup,
  readBackupSettings,
  restoreCommand,
  saveBackupSettings,
} from '../src/supervisor/backups.mjs';
import { tempDir } from './helpers.mjs';

// The shell's daily backup: at the time the shop set, once a day, again after a failure (which the status shows),
// on closing the app when the day has none, and a warning after two days without a good one.

/** A shop's data folder whose backups go to `folder`; `run` writes a good-marked backup there (or fails). */
function shop({ time = '21:00', fail = 0 } = {}) {
  const dataDir = tempDir();
  const folder = join(tempDir(), 'usb');
  writeFileSync(join(dataDir, 'backup.json'), JSON.stringify({ folder, time }));
  let clock = new Date(2026, 10, 2, 9, 0); // 2 November, 09:00 on the PC's clock
  let failing = fail;
  const taken = [];
  const scheduler = new BackupScheduler({
    dataDir,
    now: () => clock,
    run: async (settings) => {
      if (failing > 0) {
        failing -= 1;
        throw new Error('the USB drive is not there');
      }
      mkdirSync(settings.folder, { recursive: true });
      const stamp = clock
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d+Z$/, 'Z');
      const file = join(settings.folder, `dukan-shop-main-${stamp}.dukanbak`);
      writeFileSync(file, 'x');
      writeFileSync(`${file}.good.json`, JSON.stringify({ takenAt: clock.toISOString() }));
      taken.push(clock);
    },
  });
  return { scheduler, folder, taken, dataDir, at: (/** @type {Date} */ d) => (clock = d) };
}

describe('the daily backup', () => {
  it('runs once a day at the time the shop set, not before', async () => {
    const { scheduler, taken, at, folder } = shop({ time: '20:30' });
    expect(scheduler.status).toMatchObject({ state: 'idle', folder, time: '20:30', lastGood: null, overdue: true });
    await scheduler.check();
    at(new Date(2026, 10, 2, 20, 29));
    await scheduler.check();
    expect(taken).toHaveLength(0);
    at(new Date(2026, 10, 2, 20, 31));
    expect(await scheduler.check()).toBe(true);
    at(new Date(2026, 10, 2, 23, 0));
    await scheduler.check();
    expect(taken).toHaveLength(1); // once that day
    at(new Date(2026, 10, 3, 20, 30));
    await scheduler.check();
    expect(taken).toHaveLength(2);
    expect(scheduler.status).toMatchObject({ state: 'idle', overdue: false, lastGood: { takenAt: taken[1].toISOString() } });
  });

  it('defaults to closing time, 21:00, and backups beside the data when the owner chose no folder', () => {
    const dataDir = tempDir();
    expect(readBackupSettings(dataDir)).toEqual({ folder: join(dataDir, 'backups'), time: '21:00', passphrase: null });
    writeFileSync(join(dataDir, 'backup.json'), JSON.stringify({ time: '25:99' }));
    expect(readBackupSettings(dataDir).time).toBe('21:00');
  });

  it('retries a failed backup and shows why until one succeeds', async () => {
    const { scheduler, taken, at } = shop({ fail: 2 });
    at(new Date(2026, 10, 2, 21, 0));
    expect(await scheduler.check()).toBe(false);
    expect(scheduler.status).toMatchObject({ state: 'failing', failures: 1, lastError: 'the USB drive is not there' });
    expect(scheduler.status.nextAttemptAt).toBe(new Date(2026, 10, 2, 21, 5).toISOString());
    at(new Date(2026, 10, 2, 21, 4));
    await scheduler.check();
    expect(scheduler.status.failures).toBe(1); // waits for the retry time
    at(new Date(2026, 10, 2, 21, 5));
    await scheduler.check();
    expect(scheduler.status).toMatchObject({ failures: 2, nextAttemptAt: new Date(2026, 10, 2, 21, 20).toISOString() });
    at(new Date(2026, 10, 2, 21, 20));
    expect(await scheduler.check()).toBe(true);
    expect(scheduler.status).toMatchObject({ state: 'idle', failures: 0, lastError: null });
    expect(taken).toHaveLength(1);
  });

  it('takes the day’s backup on closing the app when it is missing, and not twice', async () => {
    const { scheduler, taken, at } = shop();
    at(new Date(2026, 10, 2, 17, 0)); // the shop closes early
    expect(await scheduler.onClose()).toBe(true);
    expect(taken).toHaveLength(1);
    await scheduler.onClose();
    expect(taken).toHaveLength(1);
  });

  it('warns after two days without a good backup', async () => {
    const ok = shop();
    ok.at(new Date(2026, 10, 2, 21, 0));
    await ok.scheduler.check();
    expect(lastGoodBackup(ok.folder)).not.toBeNull();
    ok.at(new Date(2026, 10, 4, 20, 59));
    expect(ok.scheduler.status.overdue).toBe(false);
    ok.at(new Date(2026, 10, 4, 21, 1));
    expect(ok.scheduler.status.overdue).toBe(true);
  });
});

// The desktop panel's part: the owner chooses the folder and passphrase, takes a backup now, and restores one.
describe('the backup panel', () => {
  it('keeps the folder, time and passphrase the owner chose, and refuses what cannot work', () => {
    const dataDir = tempDir();
    const usb = join(tempDir(), 'usb', 'dukan');
    expect(saveBackupSettings(dataDir, { folder: usb, time: '19:45', passphrase: 'hewlêr shop 2026' })).toEqual({
      folder: usb,
      time: '19:45',
      passphrase: 'hewlêr shop 2026',
    });
    expect(existsSync(usb)).toBe(true); // made, and written to once
    expect(readdirSync(usb)).toEqual([]);
    if (process.platform !== 'win32') expect(statSync(join(dataDir, 'backup-passphrase')).mode & 0o777).toBe(0o600);
    // A passphrase left out stays; an empty one unseals the next backups.
    expect(saveBackupSettings(dataDir, { time: '20:00' })).toMatchObject({ folder: usb, time: '20:00', passphrase: 'hewlêr shop 2026' });
    expect(saveBackupSettings(dataDir, { passphrase: '' }).passphrase).toBeNull();

    const refused = (/** @type {Parameters<typeof saveBackupSettings>[1]} */ choice) => {
      try {
        saveBackupSettings(dataDir, choice);
      } catch (e) {
        return e instanceof BackupChoiceError ? e.code : String(e);
      }
      return 'saved';
    };
    expect(refused({ folder: 'backups' })).toBe('folder');
    expect(refused({ time: '24:00' })).toBe('time');
    expect(refused({ passphrase: 'short' })).toBe('passphrase');
    const aFile = join(tempDir(), 'not-a-folder');
    writeFileSync(aFile, 'x');
    expect(refused({ folder: join(aFile, 'dukan') })).toBe('folderNotWritable');
    expect(readBackupSettings(dataDir)).toEqual({ folder: usb, time: '20:00', passphrase: null }); // nothing refused was kept
  });

  it('lists the folder’s backups newest first, saying which are good, and nothing else', async () => {
    const { scheduler, folder, at } = shop();
    at(new Date(Date.UTC(2026, 10, 2, 18, 0)));
    await scheduler.backupNow();
    writeFileSync(join(folder, 'dukan-shop-main-20261103T180000Z.dukanbak'), 'not verified');
    writeFileSync(join(folder, 'dukan-shop-main-20261104T180000Z.dukanbak.partial'), 'cut short');
    writeFileSync(join(folder, 'notes.txt'), 'x');
    expect(folderBackups(folder).map((b) => [b.name, b.takenAt, b.good])).toEqual([
      ['dukan-shop-main-20261103T180000Z.dukanbak', '2026-11-03T18:00:00.000Z', false],
      ['dukan-shop-main-20261102T180000Z.dukanbak', '2026-11-02T18:00:00.000Z', true],
    ]);
  });

  it('restores a chosen backup: stops the server, restores, starts it again, and says what came back', async () => {
    const { scheduler, folder, at } = shop();
    at(new Date(2026, 10, 2, 21, 0));
    await scheduler.backupNow();
    const [chosen] = folderBackups(folder);
    /** @type {string[]} */
    const steps = [];
    const summary = {
      takenAt: '2026-11-02T18:00:00.000Z',
      shop: 'Dilan Market',
      branch: 'Main',
      rows: {},
      keptAside: '/data/pg.before',
      series: [],
    };
    const done = await scheduler.restore({
      file: chosen.file,
      stopServer: async () => void steps.push('stop'),
      startServer: async () => void steps.push('start'),
      restore: async (file, passphrase) => (steps.push(`restore ${file === chosen.file} ${passphrase}`), summary),
      passphrase: 'given now',
    });
    expect(done).toBe(summary);
    expect(steps).toEqual(['stop', 'restore true given now', 'start']);
    expect(scheduler.status.state).toBe('idle');

    // A restore that fails still starts the server (on the data as it was) and says why.
    steps.length = 0;
    await expect(
      scheduler.restore({
        file: chosen.file,
        stopServer: async () => void steps.push('stop'),
        startServer: async () => void steps.push('start'),
        restore: async () => {
          throw new Error('the passphrase does not open this backup');
        },
      }),
    ).rejects.toThrow('the passphrase does not open this backup');
    expect(steps).toEqual(['stop', 'start']);

    // A file that is not one of the folder's backups stops nothing.
    steps.length = 0;
    const elsewhere = join(tempDir(), 'dukan-x-main-20260101T000000Z.dukanbak');
    writeFileSync(elsewhere, 'x');
    await expect(
      scheduler.restore({
        file: elsewhere,
        stopServer: async () => void steps.push('stop'),
        startServer: async () => void steps.push('start'),
        restore: async () => summary,
      }),
    ).rejects.toMatchObject({ code: 'notInFolder' });
    expect(steps).toEqual([]);
  });

  it('runs the built restore command and reads what it restored, or its reason for failing', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'backup'));
    writeFileSync(
      join(dir, 'backup', 'cli.js'),
      `const [, , command, file, json] = process.argv;
       if (file.endsWith('bad.dukanbak')) { process.stderr.write('\\n  Backup: the backup file is damaged\\n\\n'); process.exit(1); }
       console.log('Restored the backup of Dilan Market');
       console.log(JSON.stringify({ restored: { takenAt: '2026-11-02T18:00:00.000Z', command, json, passphrase: process.env.DUKAN_BACKUP_PASSPHRASE } }));`,
    );
    const restore = restoreCommand({ entry: join(dir, 'main.js'), dataDir: tempDir() });
    expect(await restore('/usb/good.dukanbak', 'secret words')).toEqual({
      takenAt: '2026-11-02T18:00:00.000Z',
      command: 'restore',
      json: '--json',
      passphrase: 'secret words',
    });
    await expect(restore('/usb/bad.dukanbak', null)).rejects.toThrow(/^the backup file is damaged$/);
  });
});
