import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { startEmbeddedPostgres } from '@dukan/gateway';
import { configureLogger } from '@dukan/platform';
import { createTestDatabase, freePort, type TestDatabase } from '@dukan/testing';
import { postmasterPid } from '../../desktop/src/supervisor/processes.mjs';
import { SERVICES } from '@dukan/contracts';
import { migrateDatabase, takeBackup } from '../src/backup/index.js';
import { readMigrations } from '../src/backup/verify.js';

// `npm run backup -- restore FILE` on the all-in-one's own data folder, as on a new PC of the same shop: the database
// folder there is kept aside (never deleted), the backup's shop comes back with its numbers, and a damaged file
// changes nothing.

const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'gateway', 'dist', 'backup', 'cli.js');
let source: TestDatabase;
let dataDir: string;
let folder: string;
let port: number;

async function one<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql)).rows[0] as T;
  } finally {
    await c.end();
  }
}

function run(...args: string[]) {
  return promisify(execFile)(process.execPath, [cli, ...args], {
    env: {
      ...process.env,
      DUKAN_DATA_DIR: dataDir,
      DUKAN_DB_PORT: String(port),
      DUKAN_BACKUP_DIR: folder,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );
}

beforeAll(async () => {
  configureLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent', service: 'test' });
  source = await createTestDatabase('backup_restore', { migrated: true });
  await one(source.url, `UPDATE settings.general_settings SET store_name = 'Dilan Market'`);
  await one(
    source.url,
    `INSERT INTO sales.invoice_counters (branch_id, register, register_no, last_number) VALUES ('main', 'till-1', 1, 4180)`,
  );
  dataDir = mkdtempSync(join(tmpdir(), 'dukan-restore-'));
  folder = mkdtempSync(join(tmpdir(), 'dukan-restore-usb-'));
  port = await freePort();
  // The PC's own database as it was before the restore: one table of its own, to be found kept aside.
  const before = await startEmbeddedPostgres(dataDir, port);
  await one(before.url, 'CREATE TABLE public.before_restore (x int)');
  await before.stop();
}, 180_000);
afterAll(async () => {
  const pid = postmasterPid(resolve(dataDir, 'pg'));
  if (pid) process.kill(pid, 'SIGINT');
  await source?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(folder, { recursive: true, force: true });
});

test('restore brings the shop back on a fresh database folder, keeps the old one aside, and a damaged file changes nothing', async () => {
  const { file } = await takeBackup({ databaseUrl: source.url, folder });
  const restored = await run('restore', file);
  expect(restored.out).toMatch(/Restored the backup of Dilan Market \(Main\) as of \d{4}-\d\d-\d\dT/);
  expect(restored.out).toMatch(/till-1 \(main\): invoices go on from INV-1020000001; INV-0010004180 was the last one in the backup/);
  expect(restored.code).toBe(0);
  const aside = readdirSync(dataDir).filter((n) => n.startsWith('pg.before-restore-'));
  expect(aside).toHaveLength(1);
  expect(existsSync(join(dataDir, aside[0]!, 'PG_VERSION'))).toBe(true);

  const check = async () => {
    const db = await startEmbeddedPostgres(dataDir, port);
    try {
      return {
        shop: (await one<{ v: string }>(db.url, 'SELECT store_name AS v FROM settings.general_settings')).v,
        // The register numbers on in a new series; the rest of the old one stays reserved for its tills.
        numbers: (
          await one<{ v: string }>(
            db.url,
            `SELECT format('%s/%s; kept %s', c.register_no, c.last_number, string_agg(format('%s:%s-%s', b.register_no, b.first_number, b.last_number), ','))
               AS v FROM sales.invoice_counters c LEFT JOIN sales.invoice_blocks b USING (branch_id, register)
              WHERE register = 'till-1' GROUP BY c.register_no, c.last_number`,
          )
        ).v,
        mine: (await one<{ v: string | null }>(db.url, `SELECT to_regclass('public.before_restore')::text AS v`)).v,
      };
    } finally {
      await db.stop();
    }
  };
  expect(await check()).toEqual({ shop: 'Dilan Market', numbers: '102/0; kept 1:4181-9999999', mine: null });

  const damaged = join(folder, 'dukan-x-main-20260101T000000Z.dukanbak');
  const bytes = readFileSync(file);
  writeFileSync(damaged, bytes.subarray(0, bytes.length - 40));
  const failed = await run('restore', damaged);
  expect(failed.code).toBe(1);
  expect(failed.out).toMatch(/Nothing was changed/);
  expect(failed.out).toMatch(/damaged|cut short/);
  expect(await check()).toEqual({ shop: 'Dilan Market', numbers: '102/0; kept 1:4181-9999999', mine: null });
  // The damaged file was found out before anything moved: only the first restore's folder is aside.
  expect(readdirSync(dataDir).filter((n) => n.startsWith('pg.'))).toEqual(aside);
});

test('npm run backup takes a verified backup of the restored shop (this build migrates the scratch database), and list calls it good', async () => {
  const now = await run('now');
  expect(now.out).toMatch(/Backup taken and verified: .*dukan-dilan-market-main-\d{8}T\d{6}Z\.dukanbak/);
  expect(now.code).toBe(0);
  const listed = await run('list');
  expect(listed.out.split('\n').filter((l) => l.includes('good (verified')).length).toBe(1);
  expect(listed.out).toMatch(/NOT verified/); // the damaged copy of the first test
});

test('the desktop panel’s restore runs the same command and reads back what it restored', async () => {
  // The shell's own module (plain JavaScript, as the desktop app runs it).
  const shellBackups = join(root, 'desktop', 'src', 'supervisor', 'backups.mjs');
  const { restoreCommand } = (await import(shellBackups)) as {
    restoreCommand: (o: {
      entry: string;
      dataDir: string;
      env: NodeJS.ProcessEnv;
    }) => (
      file: string,
      passphrase: string | null,
    ) => Promise<{ takenAt: string; shop: string; rows: Record<string, number>; keptAside: string | null; series: { next: string }[] }>;
  };
  const { file, head } = await takeBackup({ databaseUrl: source.url, folder });
  const restore = restoreCommand({
    entry: join(root, 'gateway', 'dist', 'main.js'),
    dataDir,
    env: { ...process.env, DUKAN_DB_PORT: String(port) },
  });
  const restored = await restore(file, null);
  expect(restored).toMatchObject({ takenAt: head.takenAt, shop: 'Dilan Market' });
  expect(restored.rows['sales.invoice_counters']).toBe(1);
  expect(restored.keptAside).toMatch(/pg\.before-restore-/);
  // Register 1 of the backup goes on as register 102 (100 numbers left for registers made after the backup).
  expect(restored.series.map((s) => s.next)).toEqual(['INV-1020000001']);
  const damaged = join(folder, 'dukan-y-main-20260101T000000Z.dukanbak');
  writeFileSync(damaged, readFileSync(file).subarray(0, 200));
  await expect(restore(damaged, null)).rejects.toThrow(/damaged|cut short/);
});

test('a backup from an older version comes back in the schema it was taken from and is brought up to date; one from a newer version changes nothing', async () => {
  // This build's migrations; the older version lacked catalog's latest (suppliers' phones written in one form, packs).
  const all = await readMigrations(source.url, SERVICES);
  const older = { ...all, catalog: all.catalog!.slice(0, all.catalog!.indexOf('CanonicalSupplierPhones1797300000200')) };
  const old = await createTestDatabase('backup_older');
  try {
    await migrateDatabase(old.url, older);
    expect(await readMigrations(old.url, SERVICES)).toEqual(older);
    await one(old.url, `UPDATE settings.general_settings SET store_name = 'Shilan Market'`);
    await one(old.url, `INSERT INTO catalog.suppliers (name_en, phone) VALUES ('Nawroz Foods', '0750 123 4567')`);
    const { file, head } = await takeBackup({ databaseUrl: old.url, folder });
    expect(head.migrations.catalog).toEqual(older.catalog);

    const restored = await run('restore', file);
    expect(restored.out).toMatch(/Restored the backup of Shilan Market/);
    expect(restored.out).toContain(`brought up to date (${all.catalog!.length - older.catalog.length} changes since)`);
    expect(restored.code).toBe(0);
    const check = async () => {
      const db = await startEmbeddedPostgres(dataDir, port);
      try {
        return {
          shop: (await one<{ v: string }>(db.url, 'SELECT store_name AS v FROM settings.general_settings')).v,
          // The phone as the later version writes every phone (its migration ran over the restored rows).
          phone: (await one<{ v: string }>(db.url, `SELECT phone AS v FROM catalog.suppliers WHERE name_en = 'Nawroz Foods'`)).v,
          migrations: await readMigrations(db.url, SERVICES),
        };
      } finally {
        await db.stop();
      }
    };
    expect(await check()).toEqual({ shop: 'Shilan Market', phone: '+9647501234567', migrations: all });

    // A backup naming a change this version does not have: refused before anything moves.
    await one(old.url, `INSERT INTO settings.migrations (timestamp, name) VALUES (1899999999999, 'FromTheFuture1899999999999')`);
    const newer = await takeBackup({ databaseUrl: old.url, folder });
    const refused = await run('restore', newer.file);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(
      'this backup comes from a newer Dukan (settings has changes this version does not know: FromTheFuture1899999999999)',
    );
    expect(refused.out).toMatch(/Nothing was changed/);
    expect(await check()).toEqual({ shop: 'Shilan Market', phone: '+9647501234567', migrations: all });
  } finally {
    await old.drop();
  }
});
