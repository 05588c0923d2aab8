import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@dukan/testing';
import {
  GOOD_SUFFIX,
  listBackups,
  readGoodMark,
  restoreInto,
  takeBackup,
  verifyBackup,
  type PrepareDatabase,
} from '../src/backup/index.js';
import { headerBytes, parseHeader, zstd } from '../src/backup/format.js';

// Backups a shop can trust: one snapshot taken while the tills sell, checked by a restore before it is called good,
// sealed by the owner's passphrase, and never marked good when cut short.

const root = join(import.meta.dirname, '..', '..');
const template = process.env.DUKAN_TEST_TEMPLATE;
/** A scratch database for verification: the run's migrated template, copied (what `migrate` would make). */
const prepare: PrepareDatabase = async (adminUrl, name) => {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(`CREATE DATABASE ${c.escapeIdentifier(name)}${template ? ` TEMPLATE ${c.escapeIdentifier(template)}` : ''}`);
  } finally {
    await c.end();
  }
};

let db: TestDatabase;
let folder: string;
const others: TestDatabase[] = [];

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql, params)).rows;
  } finally {
    await c.end();
  }
}

/** One sale and its two lines, in one transaction, as the tills' sales reach reporting. */
async function sell(client: pg.Client, n: number): Promise<void> {
  const id = `sale-${n}`;
  await client.query('BEGIN');
  await client.query(
    `INSERT INTO reporting.sales (sale_id, invoice_number, branch_id, register, cashier_id, currency, exchange_rate, subtotal_cents, discount_cents,
       loyalty_discount_cents, tax_cents, total_cents, points_redeemed, points_awarded, status, completed_at, subtotal_minor, discount_minor,
       loyalty_discount_minor, tax_minor, total_minor, total_iqd)
     VALUES ($1, $2, 'main', 'main', 'c1', 'IQD', 1450, $3, 0, 0, 0, $3, 0, 0, 'completed', now(), $3, 0, 0, 0, $3, $3)`,
    [id, `INV-${String(n).padStart(8, '0')}`, 250 * n],
  );
  for (const line of ['a', 'b']) {
    await client.query(
      `INSERT INTO reporting.sale_lines (sale_id, line_id, product_id, sku, name, quantity, unit_price_cents, unit_cost_cents, discount_cents, subtotal_cents)
       VALUES ($1, $2, 'p1', 'SKU-1', '{"en":"Tea","ku":"چا"}', 1, $3, 0, 0, $3)`,
      [id, line, 125 * n],
    );
  }
  await client.query('COMMIT');
}

beforeAll(async () => {
  db = await createTestDatabase('backup', { migrated: true });
  folder = mkdtempSync(join(tmpdir(), 'dukan-backups-'));
  await query(db.url, `UPDATE settings.general_settings SET store_name = 'Dilan Market'`);
});
afterAll(async () => {
  for (const d of others) await d.drop().catch(() => undefined);
  await db?.drop();
  rmSync(folder, { recursive: true, force: true });
});

async function freshDatabase(label: string): Promise<TestDatabase> {
  const d = await createTestDatabase(label, { migrated: true });
  others.push(d);
  return d;
}

test('a backup taken while sales are written holds every sale committed before it, and its restore reproduces them exactly', async () => {
  const writer = new pg.Client({ connectionString: db.url });
  await writer.connect();
  let committed = 0;
  let stop = false;
  const selling = (async () => {
    while (!stop) await sell(writer, ++committed);
  })();
  try {
    while (committed < 30) await new Promise((r) => setTimeout(r, 10));
    const before = committed; // every sale up to here was committed before the backup began
    let tablesSeen = 0;
    const taken = await takeBackup({
      databaseUrl: db.url,
      folder,
      // Selling goes on while the backup copies: a few more sales between the tables.
      onTable: async () => {
        if (tablesSeen++ % 20 === 0) {
          const target = committed + 3;
          while (committed < target) await new Promise((r) => setTimeout(r, 5));
        }
      },
    });
    stop = true;
    await selling;
    expect(committed).toBeGreaterThan(before + 3);
    expect(taken.file).toMatch(/dukan-dilan-market-main-\d{8}T\d{6}Z\.dukanbak$/);
    expect(existsSync(taken.file + GOOD_SUFFIX)).toBe(false); // not good until verified

    const good = await verifyBackup({ file: taken.file, adminUrl: db.url, prepare });
    expect(good.rows['reporting.sales']).toBe(taken.trailer.rows['reporting.sales']);
    expect((await readGoodMark(taken.file))?.takenAt).toBe(taken.head.takenAt);
    expect((await listBackups(folder)).map((b) => [b.file, Boolean(b.good)])).toEqual([[taken.file, true]]);

    const target = await freshDatabase('restored');
    await restoreInto(taken.file, target.url);
    // The keys and indexes dropped while the rows went in are all back, as migrations made them.
    const shape = `SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS d FROM pg_constraint
                    WHERE connamespace IN (SELECT oid FROM pg_namespace WHERE nspname IN ('sales', 'reporting', 'catalog', 'identity'))
                   UNION ALL SELECT indexdef FROM pg_indexes WHERE schemaname IN ('sales', 'reporting', 'catalog', 'identity') ORDER BY 1`;
    const keys = (await query<{ d: string }>(target.url, shape)).map((r) => r.d);
    expect(keys.length).toBeGreaterThan(50);
    expect(keys).toEqual((await query<{ d: string }>(db.url, shape)).map((r) => r.d));
    const [sales] = await query<{ n: string; first: string; last: string; total: string; orphan: string; lines: string; lineSum: string }>(
      target.url,
      `SELECT count(*) AS n, min(substring(sale_id from 6)::int) AS first, max(substring(sale_id from 6)::int) AS last, sum(total_minor) AS total,
              (SELECT count(*) FROM reporting.sales s WHERE (SELECT count(*) FROM reporting.sale_lines l WHERE l.sale_id = s.sale_id) <> 2) AS orphan,
              (SELECT count(*) FROM reporting.sale_lines) AS lines, (SELECT sum(subtotal_cents) FROM reporting.sale_lines) AS "lineSum"
         FROM reporting.sales`,
    );
    const k = Number(sales!.n);
    // Every sale committed before the backup, none torn: sales 1..k with both their lines, nothing after the snapshot.
    expect(k).toBeGreaterThanOrEqual(before);
    expect(k).toBeLessThan(committed);
    expect([Number(sales!.first), Number(sales!.last)]).toEqual([1, k]);
    expect(Number(sales!.orphan)).toBe(0);
    expect(Number(sales!.lines)).toBe(2 * k);
    const expectedSum = (250 * k * (k + 1)) / 2; // IQD, whole dinars
    expect(Number(sales!.total)).toBe(expectedSum);
    expect(Number(sales!.lineSum)).toBe(expectedSum);
    // Every table's row count as the manifest says, settings included.
    const [{ name }] = await query<{ name: string }>(target.url, 'SELECT store_name AS name FROM settings.general_settings');
    expect(name).toBe('Dilan Market');
  } finally {
    stop = true;
    await selling.catch(() => undefined);
    await writer.end();
  }
});

test('a damaged or cut-short backup fails its verification and is not marked good', async () => {
  const taken = await takeBackup({ databaseUrl: db.url, folder: mkdtempSync(join(tmpdir(), 'dukan-bad-')) });
  const bytes = readFileSync(taken.file);
  const damaged = join(folder, 'dukan-x-main-20260101T000000Z.dukanbak');
  const copy = Buffer.from(bytes);
  for (let i = Math.floor(copy.length / 2); i < Math.floor(copy.length / 2) + 64; i++) copy[i] = copy[i]! ^ 0x5a;
  writeFileSync(damaged, copy);
  await expect(verifyBackup({ file: damaged, adminUrl: db.url, prepare })).rejects.toThrow(/damaged|cut short/);
  expect(existsSync(damaged + GOOD_SUFFIX)).toBe(false);

  const cut = join(folder, 'dukan-x-main-20260102T000000Z.dukanbak');
  writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
  await expect(verifyBackup({ file: cut, adminUrl: db.url, prepare })).rejects.toThrow(/damaged|cut short/);
  expect(existsSync(cut + GOOD_SUFFIX)).toBe(false);
  const listed = await listBackups(folder);
  expect(listed.filter((b) => b.file === damaged || b.file === cut).map((b) => b.good)).toEqual([null, null]);
  // Nothing of the scratch databases is left behind.
  expect(await query(db.url, `SELECT datname FROM pg_database WHERE datname LIKE 'dukan_verify_%'`)).toEqual([]);
});

test('an encrypted backup does not restore without its passphrase, nor with a wrong one, and nothing of it reads in the clear', async () => {
  const sealed = mkdtempSync(join(tmpdir(), 'dukan-sealed-'));
  const taken = await takeBackup({ databaseUrl: db.url, folder: sealed, passphrase: 'hewlêr shop 2026' });
  const bytes = readFileSync(taken.file);
  expect(bytes.includes(Buffer.from('Dilan Market'))).toBe(false);
  const target = await freshDatabase('sealed');
  await expect(restoreInto(taken.file, target.url)).rejects.toThrow(/passphrase is needed/);
  await expect(restoreInto(taken.file, target.url, 'wrong')).rejects.toThrow(/passphrase does not open/);
  await expect(verifyBackup({ file: taken.file, adminUrl: db.url, prepare, passphrase: 'wrong' })).rejects.toThrow(/passphrase/);
  expect(existsSync(taken.file + GOOD_SUFFIX)).toBe(false);
  const [{ n: untouched }] = await query<{ n: string }>(target.url, 'SELECT count(*) AS n FROM reporting.sales');
  expect(Number(untouched)).toBe(0);

  const good = await verifyBackup({ file: taken.file, adminUrl: db.url, prepare, passphrase: 'hewlêr shop 2026' });
  expect(good.encrypted).toBe(true);
  await restoreInto(taken.file, target.url, 'hewlêr shop 2026');
  const [{ n }] = await query<{ n: string }>(target.url, 'SELECT count(*) AS n FROM reporting.sales');
  expect(Number(n)).toBe(taken.trailer.rows['reporting.sales']);
  rmSync(sealed, { recursive: true, force: true });
});

test('a backup whose process is killed, or whose database connection dies, leaves no file marked good', async () => {
  const killedIn = mkdtempSync(join(tmpdir(), 'dukan-killed-'));
  // The built module, in a process of its own, killed outright halfway through the tables.
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { takeBackup } from ${JSON.stringify(join(root, 'gateway', 'dist', 'backup', 'index.js'))};
       let n = 0;
       await takeBackup({ databaseUrl: process.env.URL, folder: process.env.FOLDER, onTable: async () => {
         if (++n === 40) { process.stdout.write('halfway\\n'); await new Promise(() => {}); }
       } });`,
    ],
    { env: { ...process.env, URL: db.url, FOLDER: killedIn }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('halfway') && resolve());
    child.once('exit', (code) => reject(new Error(`the backup process ended first (${code})`)));
  });
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
  expect(readdirSync(killedIn).filter((f) => f.endsWith('.dukanbak') || f.endsWith(GOOD_SUFFIX))).toEqual([]);
  expect(await listBackups(killedIn)).toEqual([]);

  // The database's side of the connection ends mid-backup (PostgreSQL restarted): the backup fails, no file is left.
  const cutIn = mkdtempSync(join(tmpdir(), 'dukan-cut-'));
  let n = 0;
  await expect(
    takeBackup({
      databaseUrl: db.url,
      folder: cutIn,
      onTable: async () => {
        if (++n === 30)
          await query(
            db.url,
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'dukan-backup' AND datname = current_database()`,
          );
      },
    }),
  ).rejects.toThrow();
  expect(readdirSync(cutIn)).toEqual([]);
  for (const d of [killedIn, cutIn]) rmSync(d, { recursive: true, force: true });
});

test('a backup made before backups were zstd (gzip inside) still verifies and restores', async () => {
  const older = mkdtempSync(join(tmpdir(), 'dukan-gzip-'));
  const taken = await takeBackup({ databaseUrl: db.url, folder: older });
  // The same frames as an older Dukan wrote them: the header says nothing of compression, and gzip follows it.
  const { seal, length } = parseHeader(readFileSync(taken.file));
  expect(seal).toEqual({ encrypted: false, compression: 'zstd' });
  const frames = zstd.zstdDecompressSync(readFileSync(taken.file).subarray(length));
  const file = join(older, 'dukan-dilan-market-main-20260101T000000Z.dukanbak');
  writeFileSync(file, Buffer.concat([headerBytes({ encrypted: false }), gzipSync(frames)]));

  const good = await verifyBackup({ file, adminUrl: db.url, prepare });
  expect(good.rows).toEqual(taken.trailer.rows);
  const target = await freshDatabase('gzip');
  await restoreInto(file, target.url);
  const [{ n }] = await query<{ n: string }>(target.url, 'SELECT count(*) AS n FROM reporting.sales');
  expect(Number(n)).toBe(taken.trailer.rows['reporting.sales']);
  rmSync(older, { recursive: true, force: true });
});
