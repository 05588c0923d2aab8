// Product import at shop scale: a 50,000-row CSV, then a 50,000-row Excel workbook (every product new, in one
// category, as a shop's first catalogue), then the CSV again (every SKU known: 50,000 merges, each a new cost
// batch, as a restock), uploaded to a fresh catalog service process (identity beside it, for sign-in), polled
// as the inventory page polls it, until every row is in. Prints the time to the validation answer, the time to the
// last row, the rate, the catalog process's peak memory, and how long the relay then takes to publish the
// import's events (two per product: product.created and stock.changed).
//
//   node bench/import/bench.mjs                        PostgreSQL from DATABASE_URL, else 127.0.0.1:5432
//   BENCH_ROWS=10000 BENCH_FORMATS=csv node bench/import/bench.mjs
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { adminQuery, adminToken, memoryMb, sleep, startService, withDatabase } from '../lib.mjs';

const root = join(import.meta.dirname, '..', '..');
const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const FORMATS = (process.env.BENCH_FORMATS ?? 'csv,xlsx')
  .split(',')
  .map((f) => f.trim())
  .filter(Boolean);
const TARGET_S = 60;
const children = [];
// Stopped early: take the service processes down too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
    process.exit(130);
  });
}

async function canQuery(url) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await c.connect();
    await c.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

const COLUMNS = [
  'Name (English)',
  'Name (Kurdish)',
  'SKU',
  'Barcode',
  'Price (USD)',
  'Cost (USD)',
  'Quantity',
  'Category',
  'Reorder level',
];

/** Row i of the file: the labels columns and the product fields, SKUs and barcodes unique per format. */
function productRow(format, i) {
  const n = String(i).padStart(6, '0');
  const prefix = format === 'csv' ? '77' : '78';
  return [
    `Imported product ${n}`,
    `کاڵای هاوردە ${n}`,
    `IMP-${format.toUpperCase()}-${n}`,
    `${prefix}${String(i).padStart(11, '0')}`,
    (1 + (i % 500) / 100).toFixed(2),
    (0.5 + (i % 300) / 100).toFixed(2),
    1 + (i % 40),
    'Groceries',
    5,
  ];
}

/** The file as a shop would save it from a spreadsheet: CSV with a byte-order mark, or an .xlsx with numbers typed. */
async function makeFile(format, rows) {
  if (format === 'csv') {
    const lines = ['\uFEFF' + COLUMNS.join(',')];
    for (let i = 1; i <= rows; i++) lines.push(productRow(format, i).join(','));
    return Buffer.from(lines.join('\r\n') + '\r\n', 'utf8');
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Products');
  sheet.addRow(COLUMNS);
  for (let i = 1; i <= rows; i++) {
    const r = productRow(format, i);
    sheet.addRow([r[0], r[1], r[2], r[3], Number(r[4]), Number(r[5]), r[6], r[7], r[8]]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function main() {
  const adminUrl = [process.env.DATABASE_URL, 'postgres://postgres@127.0.0.1:5432/postgres'].find(Boolean);
  if (!(await canQuery(adminUrl))) {
    console.log('import: skipped (no PostgreSQL at DATABASE_URL or 127.0.0.1:5432)');
    return;
  }
  const dbName = `dukan_bench_import_${process.pid}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${dbName}`);
  const databaseUrl = withDatabase(adminUrl, dbName);
  const dataDir = mkdtempSync(join(tmpdir(), 'dukan-bench-import-'));
  try {
    const internalToken = randomBytes(24).toString('base64url');
    const adminPassword = randomBytes(12).toString('base64url');
    const common = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DUKAN_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      EVENT_BUS: 'in-process',
      INTERNAL_TOKEN: internalToken,
    };
    const start = (service, env) => startService(root, service, { ...common, ...env }, children);
    const identity = await start('identity', { DUKAN_ADMIN_PASSWORD: adminPassword });
    const catalog = await start('catalog', { IDENTITY_URL: identity.url, CATALOG_WARM_TILL_LIST: 'false' });
    const internal = { 'x-dukan-internal': internalToken };
    const token = await adminToken(identity.url, adminPassword, internal);
    const headers = { authorization: `Bearer ${token}`, ...internal };
    const category = await fetch(`${catalog.url}/api/categories`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: { en: 'Groceries', ku: 'خواردەمەنی' } }),
    });
    if (!category.ok) throw new Error(`category: ${category.status}`);

    const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const steps = [
        ...FORMATS.map((format) => ({ format, again: false })),
        ...(FORMATS.includes('csv') ? [{ format: 'csv', again: true }] : []),
      ];
      for (const { format, again } of steps) {
        const file = await makeFile(format, ROWS);
        const form = new FormData();
        form.append('file', new Blob([file]), `products.${format}`);
        const t0 = performance.now();
        const res = await fetch(`${catalog.url}/api/products/import`, { method: 'POST', body: form, headers });
        const answer = await res.json();
        const validatedMs = performance.now() - t0;
        if (res.status !== 202) throw new Error(`import answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
        if (answer.refusedCount !== 0) throw new Error(`rows refused: ${JSON.stringify(answer.refused.slice(0, 3))}`);
        let job = answer;
        let peak = 0;
        while (job.state === 'running') {
          await sleep(250);
          peak = Math.max(peak, memoryMb(catalog.child.pid).peak);
          job = await (await fetch(`${catalog.url}/api/products/import/${answer._id}`, { headers })).json();
        }
        const totalMs = performance.now() - t0;
        if (job.state !== 'done' || (again ? job.merged : job.created) !== ROWS) {
          throw new Error(`import ended ${job.state}: ${job.created} created, ${job.merged} merged, ${job.failed.length} failed`);
        }

        // The events wait in the outbox for the relay, after the import has answered done.
        let pending = Infinity;
        const relayStart = performance.now();
        while (pending > 0 && performance.now() - relayStart < 600_000) {
          ({
            rows: [{ pending }],
          } = await db.query(`SELECT count(*)::int AS pending FROM catalog.outbox WHERE published_at IS NULL AND dead_at IS NULL`));
          if (pending > 0) await sleep(250);
        }
        const relayMs = performance.now() - relayStart;
        const {
          rows: [{ events }],
        } = await db.query(
          `SELECT count(*)::int AS events FROM catalog.outbox WHERE correlation_id = (SELECT correlation_id FROM catalog.outbox WHERE data->>'sku' = $1 ORDER BY seq DESC LIMIT 1)`,
          [productRow(format, 1)[2]],
        );

        const what = again
          ? `${ROWS.toLocaleString('en')} rows again, every SKU known (${job.merged.toLocaleString('en')} merged as new cost batches)`
          : `${ROWS.toLocaleString('en')} new products`;
        console.log(`${format.toUpperCase()}: ${what}, ${(file.length / 1024 / 1024).toFixed(1)} MB`);
        console.log(`  validated, refused rows answered: ${s(validatedMs)}`);
        console.log(
          `  all rows imported: ${s(totalMs)} (${Math.round(ROWS / (totalMs / 1000)).toLocaleString('en')} rows/s) — target < ${TARGET_S} s: ${totalMs / 1000 < TARGET_S ? 'met' : 'MISSED'}`,
        );
        console.log(`  catalog process peak memory so far: ${Math.max(peak, memoryMb(catalog.child.pid).peak)} MB`);
        console.log(
          `  events: ${events.toLocaleString('en')} written to the outbox, all published ${s(relayMs)} after the import finished${pending > 0 ? ` (${pending} still pending)` : ''}`,
        );
      }
    } finally {
      await db.end();
    }
  } finally {
    await Promise.all(
      children
        .filter((c) => c.exitCode === null)
        .map(
          (c) =>
            new Promise((resolve) => {
              c.once('exit', resolve);
              c.kill('SIGTERM');
            }),
        ),
    );
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
