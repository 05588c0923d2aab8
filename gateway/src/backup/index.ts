// Backups of the all-in-one's database: take (take.ts), verify and mark good (verify.ts), list and prune
// (manifest.ts), restore (restore.ts). The file format and why it is not pg_dump: format.ts and take.ts.
import { pruneBackups, type GoodMark } from './manifest.js';
import { takeBackup, type TakeOptions } from './take.js';
import { verifyBackup, type PrepareDatabase } from './verify.js';

export * from './format.js';
export * from './manifest.js';
export { restoreInto, backupFrames, countRows, BackupMismatchError, type Restored } from './restore.js';
export { takeBackup, type TakeOptions, type TakenBackup } from './take.js';
export { verifyBackup, migratedDatabase, migrateDatabase, dropDatabase, databaseUrlFor, type PrepareDatabase } from './verify.js';

/** Take, verify (marked good only then) and prune: what the daily schedule and `npm run backup` do. */
export async function backupNow(
  options: TakeOptions & { adminUrl?: string; prepare?: PrepareDatabase; prune?: boolean },
): Promise<GoodMark & { pruned: string[] }> {
  const taken = await takeBackup(options);
  const mark = await verifyBackup({
    file: taken.file,
    adminUrl: options.adminUrl ?? options.databaseUrl,
    passphrase: options.passphrase,
    prepare: options.prepare,
  });
  const pruned = options.prune === false ? [] : await pruneBackups(options.folder);
  const { restored: _restored, ...good } = mark;
  return { ...good, pruned };
}
