// `npm run backup [-- now | list | verify FILE | prune | restore FILE]` for the all-in-one (scripts/backup.mjs runs
// this, built). The database is the all-in-one's embedded PostgreSQL in DUKAN_DATA_DIR (started for the command
// when the server is not running), or DATABASE_URL when set. The folder: DUKAN_BACKUP_DIR, else the one the owner
// chose (backup.json in the data folder: { "folder": …, "time": "HH:MM" }), else `backups` in the data folder.
// The passphrase, when the backups are sealed: DUKAN_BACKUP_PASSPHRASE, else backup-passphrase in the data folder.
import { existsSync, readFileSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { SERVICES } from '@dukan/contracts';
import { stopPostgres } from '../../../desktop/src/supervisor/processes.mjs';
import { liveOwner, startEmbeddedPostgres, type EmbeddedDatabase } from '../embedded-db.js';
import { VERSION } from '../version.js';
import { backupNow, listBackups, pruneBackups, restoreInto, verifyBackup } from './index.js';
import type { BackupHead } from './manifest.js';
import { readWhole, startNewSeries } from './restore.js';
import { migrateDatabase, readMigrations } from './verify.js';

export interface BackupSettings {
  folder?: string;
  /** The daily backup's time, HH:MM in the shop's clock (default: closing time). */
  time?: string;
}

export function backupSettings(dataDir: string): BackupSettings {
  try {
    return JSON.parse(readFileSync(join(dataDir, 'backup.json'), 'utf8')) as BackupSettings;
  } catch {
    return {};
  }
}

const env = process.env;
const dataDir = resolve(env.DUKAN_DATA_DIR ?? 'data');
const databaseDir = join(dataDir, 'pg');
const folder = resolve(env.DUKAN_BACKUP_DIR ?? backupSettings(dataDir).folder ?? join(dataDir, 'backups'));
/** The owner's passphrase: DUKAN_BACKUP_PASSPHRASE, else `backup-passphrase` in the data folder; none: not sealed. */
function ownersPassphrase(): string | undefined {
  if (env.DUKAN_BACKUP_PASSPHRASE) return env.DUKAN_BACKUP_PASSPHRASE;
  try {
    return readFileSync(join(dataDir, 'backup-passphrase'), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}
const passphrase = ownersPassphrase();
const say = (s: string) => process.stdout.write(`${s}\n`);

/** The running server's database (port from PostgreSQL's lock file), or the embedded one started for this command. */
async function database(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, stop: async () => undefined };
  const password = () => readFileSync(join(dataDir, 'pg-password'), 'utf8').trim();
  if (liveOwner(databaseDir) !== null) {
    const port = Number(readFileSync(join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
    return { url: `postgres://postgres:${encodeURIComponent(password())}@127.0.0.1:${port}/dukan`, stop: async () => undefined };
  }
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) throw new Error(`there is no Dukan database in ${dataDir} (DUKAN_DATA_DIR)`);
  const db: EmbeddedDatabase = await startEmbeddedPostgres(dataDir, Number(env.DUKAN_DB_PORT ?? 5488));
  return db;
}

const counts = (rows: Record<string, number>) =>
  ['sales.sales', 'sales.sale_lines', 'catalog.products', 'loyalty.customers', 'identity.users', 'expenses.expenses']
    .filter((t) => t in rows)
    .map((t) => `${t.split('.')[1]} ${rows[t]}`)
    .join(', ');

async function now(): Promise<void> {
  const db = await database();
  try {
    const good = await backupNow({ databaseUrl: db.url, folder, passphrase, version: VERSION });
    say(`Backup taken and verified: ${good.file}`);
    say(`  as of ${good.takenAt}, ${(good.bytes / 1024 / 1024).toFixed(1)} MB${good.encrypted ? ', encrypted' : ''}; ${counts(good.rows)}`);
    if (good.pruned.length) say(`  ${good.pruned.length} older backup(s) pruned (kept: 7 daily, 4 weekly, 12 monthly)`);
  } finally {
    await db.stop();
  }
}

async function list(): Promise<void> {
  const all = await listBackups(folder);
  say(`Backups in ${folder}:`);
  if (!all.length) say('  none yet: `npm run backup` takes one');
  for (const b of all) {
    const state = b.good ? `good (verified ${b.good.verifiedAt})` : 'NOT verified: do not rely on it';
    say(`  ${b.takenAt.toISOString()}  ${(b.bytes / 1024 / 1024).toFixed(1).padStart(7)} MB  ${state}  ${b.file}`);
  }
}

async function verify(file: string): Promise<void> {
  const db = await database();
  try {
    const good = await verifyBackup({ file: resolve(file), adminUrl: db.url, passphrase });
    say(`Good: ${good.file} restores, ${counts(good.rows)}`);
  } finally {
    await db.stop();
  }
}

/**
 * Restores onto a new database folder: the current `pg` folder is moved aside (never deleted), a fresh one is made,
 * migrated and filled; if anything fails, the restored folder is moved aside instead and the old one comes back.
 */
async function restore(file: string, asJson: boolean): Promise<void> {
  if (env.DATABASE_URL)
    throw new Error('restore is for the all-in-one’s own database; with DATABASE_URL, restore into a new database with restoreInto');
  const owner = liveOwner(databaseDir);
  if (owner !== null) throw new Error(`Dukan is running on ${dataDir} (process ${owner}): stop it first, then restore`);
  await stopPostgres(databaseDir); // one left running by a server that died: stopped cleanly before its folder moves
  const source = resolve(file);
  if (!existsSync(source)) throw new Error(`no such backup: ${source}`);
  // The whole file is read once first: a damaged file or a wrong passphrase stops here, before anything moves.
  let head: BackupHead;
  try {
    ({ head } = await readWhole(source, passphrase));
  } catch (e) {
    say('Nothing was changed: the database is as it was.');
    throw e;
  }
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const aside = `${databaseDir}.before-restore-${stamp}`;
  const hadData = existsSync(join(databaseDir, 'PG_VERSION'));
  if (hadData) await rename(databaseDir, aside);
  let db: EmbeddedDatabase | null = null;
  try {
    db = await startEmbeddedPostgres(dataDir, Number(env.DUKAN_DB_PORT ?? 5488));
    // The schema as the backup's version had it, the rows, then this version's later migrations over them (none when
    // the backup is of this version), and only then the registers' new series.
    await migrateDatabase(db.url, head.migrations);
    const restored = await restoreInto(source, db.url, passphrase, { newSeries: false });
    await migrateDatabase(db.url);
    const now = await readMigrations(db.url, SERVICES);
    const upgraded = SERVICES.reduce((n, s) => n + now[s]!.filter((m) => !head.migrations[s]?.includes(m)).length, 0);
    const series = await startNewSeries(db.url, head);
    await db.stop();
    db = null;
    say(
      `Restored the backup of ${restored.head.shop} (${restored.head.branch}) as of ${restored.head.takenAt}: ${counts(restored.counted)}`,
    );
    if (upgraded)
      say(
        `The backup came from ${head.version ? `Dukan ${head.version}` : 'an older Dukan'}: brought up to date (${upgraded} changes since).`,
      );
    for (const s of series)
      say(`  ${s.register} (${s.branchId}): invoices go on from ${s.next}; ${s.retired} was the last one in the backup`);
    if (hadData) say(`The database as it was is kept in ${aside}`);
    // The desktop panel tells the owner what came back, in the owner's language: one line it reads.
    if (asJson)
      say(
        JSON.stringify({
          restored: {
            takenAt: restored.head.takenAt,
            shop: restored.head.shop,
            branch: restored.head.branch,
            rows: restored.counted,
            keptAside: hadData ? aside : null,
            series,
          },
        }),
      );
    else say('Start Dukan again (npm start).');
  } catch (e) {
    await db?.stop().catch(() => undefined);
    if (hadData) {
      await rename(databaseDir, `${databaseDir}.failed-restore-${stamp}`).catch(() => undefined);
      await rename(aside, databaseDir);
      say(`Nothing was changed: the database is as it was.`);
    }
    throw e;
  }
}

const [command = 'now', arg, option] = process.argv.slice(2);
try {
  if (command === 'now') await now();
  else if (command === 'list') await list();
  else if (command === 'prune') say(`pruned: ${(await pruneBackups(folder)).join(', ') || 'nothing'}`);
  else if ((command === 'restore' || command === 'verify') && arg)
    await (command === 'restore' ? restore(arg, option === '--json') : verify(arg));
  else throw new Error(`usage: npm run backup [-- now | list | prune | verify FILE | restore FILE]`);
  process.exit(0);
} catch (e) {
  process.stderr.write(`\n  Backup: ${e instanceof Error ? e.message : String(e)}\n\n`);
  process.exit(1);
}
