// Backups at scale: the reports benchmark's shop (1,000,000 sales with 3,000,000 lines, 50,000 products, 20,000
// customers: bench/reports/seed.sql, made by PostgreSQL), then the backup as the daily schedule takes it (one
// snapshot, COPY per table, gzip), its verification (restored into a scratch database migrated by this build, counts
// compared), and a restore into a new database, plain and encrypted. Targets: backup and verify under 60 s each,
// restore under 2 minutes.
//
//   node bench/backup/bench.mjs          BENCH_SALES=1000000 BENCH_PRODUCTS=50000 BENCH_CUSTOMERS=20000 BENCH_CASHIERS=30
//   BENCH_KEEP=1, BENCH_DB=name          keep the seeded database; measure a kept one again
//   BENCH_ENCRYPTED=0                    skip the encrypted round
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { adminPostgresUrl, adminQuery, fmt, withDatabase } from '../lib.mjs';

const root = join(import.meta.dirname, '..', '..');
const { takeBackup, verifyBackup, restoreInto, migrateDatabase, migratedDatabase, dropDatabase } = await import(
  join(root, 'gateway', 'dist', 'backup', 'index.js')
);
const N = {
  sales: Number(process.env.BENCH_SALES ?? 1_000_000),
  products: Number(process.env.BENCH_PRODUCTS ?? 50_000),
  customers: Number(process.env.BENCH_CUSTOMERS ?? 20_000),
  cashiers: Number(process.env.BENCH_CASHIERS ?? 30),
};
const TARGET = { backup: 60, verify: 60, restore: 120 };

async function seed(databaseUrl) {
  let sql = readFileSync(join(root, 'bench', 'reports', 'seed.sql'), 'utf8');
  for (const [k, v] of Object.entries(N)) sql = sql.replaceAll(`:${k}`, String(v));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(sql);
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}

const seconds = async (f) => {
  const t0 = performance.now();
  const value = await f();
  return { value, s: (performance.now() - t0) / 1000 };
};

async function main() {
  const adminUrl = await adminPostgresUrl();
  const reuse = process.env.BENCH_DB;
  const db = reuse ?? `dukan_bench_backup_${randomBytes(3).toString('hex')}`;
  const databaseUrl = withDatabase(adminUrl, db);
  const folder = mkdtempSync(join(tmpdir(), 'dukan-bench-backup-'));
  const restoredDb = `dukan_bench_restored_${randomBytes(3).toString('hex')}`;
  const failures = [];
  try {
    if (!reuse) {
      await adminQuery(adminUrl, `CREATE DATABASE "${db}"`);
      await migrateDatabase(databaseUrl);
      console.log(
        `backup: seeding ${N.sales.toLocaleString('en')} sales (3 lines each), ${N.products.toLocaleString('en')} products, ${N.customers.toLocaleString('en')} customers`,
      );
      const s = await seconds(() => seed(databaseUrl));
      console.log(`backup: seeded in ${fmt(s.s)} s`);
    }
    const size = (await adminQuery(adminUrl, `SELECT pg_database_size('${db}') AS b`)).rows[0].b;
    console.log(
      `backup: database ${(Number(size) / 1024 ** 2).toFixed(0)} MB; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} on ${os.cpus().length} cores`,
    );
    console.log('\nround      | step    | seconds | target | size MB | rows (sales, lines)');
    for (const passphrase of process.env.BENCH_ENCRYPTED === '0' ? [undefined] : [undefined, 'bench passphrase']) {
      const round = passphrase ? 'encrypted' : 'plain';
      const taken = await seconds(() => takeBackup({ databaseUrl, folder, passphrase }));
      const rows = `${taken.value.trailer.rows['reporting.sales']}, ${taken.value.trailer.rows['reporting.sale_lines']}`;
      const mb = (taken.value.bytes / 1024 ** 2).toFixed(1);
      const line = (step, s, target) => {
        if (s > target) failures.push(`${round} ${step} ${fmt(s)} s > ${target} s`);
        console.log(
          `${round.padEnd(10)} | ${step.padEnd(7)} | ${fmt(s).padStart(7)} | ${String(target).padStart(6)} | ${mb.padStart(7)} | ${rows}`,
        );
      };
      line('backup', taken.s, TARGET.backup);
      const verified = await seconds(() => verifyBackup({ file: taken.value.file, adminUrl, passphrase }));
      line('verify', verified.s, TARGET.verify);
      // Restore as `npm run backup -- restore` does it: a new database migrated by this build, then the rows.
      const restored = await seconds(async () => {
        await migratedDatabase(adminUrl, restoredDb, taken.value.head.migrations);
        return restoreInto(taken.value.file, withDatabase(adminUrl, restoredDb), passphrase);
      });
      line('restore', restored.s, TARGET.restore);
      await dropDatabase(adminUrl, restoredDb);
      rmSync(taken.value.file, { force: true });
      rmSync(`${taken.value.file}.good.json`, { force: true });
    }
  } finally {
    await dropDatabase(adminUrl, restoredDb).catch(() => undefined);
    rmSync(folder, { recursive: true, force: true });
    if (process.env.BENCH_KEEP || reuse) console.log(`backup: database ${db} kept (BENCH_DB=${db} measures it again)`);
    else await dropDatabase(adminUrl, db).catch(() => undefined);
  }
  if (failures.length) {
    console.log(`\nbackup: over target: ${failures.join('; ')}`);
    process.exitCode = 1;
  }
}

await main();
