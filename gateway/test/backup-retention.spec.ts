import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backupName, EXTENSION, GOOD_SUFFIX, listBackups, pruneBackups, writeGoodMark } from '../src/backup/index.js';
import { backupStatus } from '../src/backup/status.controller.js';

// A year of daily backups, pruned after each one as the schedule does: the shop keeps the last 7 days, the newest of
// each of the last 4 weeks and of each of the last 12 months; failed leftovers go after a day; good ones never early.

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'dukan-retention-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function backupOn(at: Date, good: boolean): Promise<string> {
  const file = join(folder, backupName('Dilan Market', 'main', at) + EXTENSION);
  writeFileSync(file, 'x');
  if (good) {
    await writeGoodMark({
      file,
      takenAt: at.toISOString(),
      verifiedAt: at.toISOString(),
      shop: 'Dilan Market',
      branch: 'main',
      encrypted: false,
      bytes: 1,
      rows: {},
    });
  }
  return file;
}

test('over a simulated year, retention keeps the last 7 days, 4 weeks and 12 months, and clears failed leftovers', async () => {
  for (let d = new Date('2026-01-01T18:00:00Z'); d <= new Date('2026-12-31T18:00:00Z'); d = new Date(d.getTime() + 86_400_000)) {
    // Every tenth day's backup failed its verification (no good mark); the next day's run takes a good one.
    await backupOn(d, d.getUTCDate() % 10 !== 0);
    await pruneBackups(folder, new Date(d.getTime() + 3600_000));
  }
  const kept = (await listBackups(folder)).map((b) => b.takenAt.toISOString().slice(0, 10)).sort();
  expect(kept).toEqual(
    [
      // the newest of each month, January to November
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-29',
      '2026-05-31',
      '2026-06-29',
      '2026-07-31',
      '2026-08-31',
      '2026-09-29',
      '2026-10-31',
      '2026-11-29',
      // the newest of the weeks ending 13 and 20 December (and of the two weeks the last 7 days cover)
      '2026-12-13',
      '2026-12-19',
      // the last 7 days with a good backup (30 December's failed one is gone: more than a day old)
      '2026-12-24',
      '2026-12-25',
      '2026-12-26',
      '2026-12-27',
      '2026-12-28',
      '2026-12-29',
      '2026-12-31',
    ].sort(),
  );
  expect(readdirSync(folder).filter((f) => f.endsWith(GOOD_SUFFIX))).toHaveLength(kept.length);
});

test('the status the settings page and dashboard show: the last good backup, where it is, and two days without one', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dukan-status-'));
  const usb = join(dataDir, 'usb');
  writeFileSync(join(dataDir, 'backup.json'), JSON.stringify({ folder: usb, time: '22:15' }));
  expect(await backupStatus(dataDir)).toEqual({ managed: false, folder: usb, time: '22:15', lastGood: null, overdue: true });
  mkdirSync(usb);
  const at = new Date('2026-11-02T19:15:00Z');
  const file = join(usb, backupName('Dilan Market', 'main', at) + EXTENSION);
  writeFileSync(file, 'x');
  writeFileSync(join(usb, backupName('Dilan Market', 'main', new Date('2026-11-03T19:15:00Z')) + EXTENSION), 'x'); // not verified
  await writeGoodMark({
    file,
    takenAt: at.toISOString(),
    verifiedAt: at.toISOString(),
    shop: 'Dilan Market',
    branch: 'main',
    encrypted: true,
    bytes: 1,
    rows: {},
  });
  expect(await backupStatus(dataDir, new Date('2026-11-04T19:00:00Z'))).toMatchObject({
    lastGood: { takenAt: at.toISOString(), file, encrypted: true },
    overdue: false,
  });
  expect((await backupStatus(dataDir, new Date('2026-11-04T19:16:00Z'))).overdue).toBe(true);
  rmSync(dataDir, { recursive: true, force: true });
});
