import { describe, expect, it } from '@jest/globals';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BackupScheduler, lastGoodBackup, readBackupSettings } from '../src/supervisor/backups.mjs';
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
      const file = join(settings.folder, `dukan-shop-main-${clock.getTime()}.dukanbak`);
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
