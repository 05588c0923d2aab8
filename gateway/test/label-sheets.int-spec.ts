import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { seedCatalog } from '@dukan/catalog';
import { createAllInOneApp } from '@dukan/gateway';
import { startApp, type StartedApp } from '@dukan/testing';

// Label sheets from the inventory list as a PDF: the PDF read back as a print shop's scanner would see it
// (pdftoppm at 300 dpi), every barcode decoded (zxing-wasm) to the product's code, in the order asked.

const run = promisify(execFile);
prepareZXingModule({
  overrides: { wasmBinary: (await readFile('node_modules/zxing-wasm/dist/reader/zxing_reader.wasm')).buffer as ArrayBuffer },
});

interface Product {
  id: string;
  sku: string;
  barcode: string | null;
}

let t: StartedApp;
let products: Product[];
let work: string;
beforeAll(async () => {
  t = await startApp(createAllInOneApp);
  await seedCatalog({ databaseUrl: t.db.url, products: 30, branchId: 'main', reset: false, events: false, seed: 7 });
  const client = new pg.Client({ connectionString: t.db.url });
  await client.connect();
  try {
    // One product whose code is not an EAN: its SKU is printed as Code 128.
    await client.query(
      `UPDATE catalog.products SET barcode = NULL, sku = 'TEA-250G' WHERE id = (SELECT id FROM catalog.products ORDER BY sku LIMIT 1)`,
    );
    products = (await client.query<Product>(`SELECT id, sku, barcode FROM catalog.products ORDER BY md5(id::text)`)).rows;
  } finally {
    await client.end();
  }
  work = await mkdtemp(join(tmpdir(), 'dukan-labels-'));
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (work && !process.env.KEEP_LABELS) await rm(work, { recursive: true, force: true });
});

async function labelPdf(body: object): Promise<{ status: number; type: string | null; pdf: Buffer }> {
  const res = await fetch(`${t.url}/api/products/label-sheets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get('content-type'), pdf: Buffer.from(await res.arrayBuffer()) };
}

/** Every page at 300 dpi, its barcodes read top to bottom, left to right. */
async function scan(pdf: Buffer, name: string): Promise<{ pages: number; codes: string[]; formats: string[] }> {
  const file = join(work, `${name}.pdf`);
  await writeFile(file, pdf);
  await run('pdftoppm', ['-r', '300', '-gray', '-png', file, join(work, name)]);
  const pngs = (await readdir(work)).filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png')).sort();
  const codes: string[] = [];
  const formats: string[] = [];
  for (const png of pngs) {
    const found = await readBarcodes(new Uint8Array(await readFile(join(work, png))), {
      formats: ['EAN-13', 'Code128'],
      maxNumberOfSymbols: 255,
      tryHarder: true,
    });
    found
      .filter((b) => b.isValid)
      .sort((a, b) => Math.round((a.position.topLeft.y - b.position.topLeft.y) / 50) || a.position.topLeft.x - b.position.topLeft.x)
      .forEach((b) => {
        codes.push(b.text);
        formats.push(b.format);
      });
  }
  return { pages: pngs.length, codes, formats };
}

const codeOf = (p: Product) => p.barcode ?? p.sku;

it('prints A4 sheets of 3 × 8 whose every barcode scans as the product’s code, in the order asked', async () => {
  const res = await labelPdf({
    ids: products.map((p) => p.id),
    layout: 'a4-3x8',
    names: ['en', 'ku'],
    currencies: ['USD', 'IQD'],
    exportId: 'sheet-test-1',
  });
  expect({ status: res.status, type: res.type }).toEqual({ status: 200, type: 'application/pdf' });
  const read = await scan(res.pdf, 'a4');
  expect(read.pages).toBe(2); // 30 labels, 24 a sheet
  expect(read.codes).toEqual(products.map(codeOf));
  expect(read.formats.filter((f) => f !== 'EAN13')).toEqual(['Code128']);
  const progress = await t.get('/api/products/label-sheets/sheet-test-1', { token: t.adminToken });
  expect(progress.body.data).toEqual({ state: 'done', done: 30, total: 30 });
}, 120_000);

it('prints a 58 mm roll, one label a page, with 4 × 10 sheets as the other layout', async () => {
  const some = products.slice(0, 5);
  const roll = await labelPdf({ ids: some.map((p) => p.id), layout: 'roll-58', names: ['ku'], currencies: ['IQD'] });
  expect(roll.status).toBe(200);
  const rolled = await scan(roll.pdf, 'roll');
  expect(rolled.pages).toBe(5);
  expect(rolled.codes).toEqual(some.map(codeOf));
  const small = await labelPdf({ ids: some.map((p) => p.id), layout: 'a4-4x10', names: ['en'], currencies: ['USD'] });
  expect((await scan(small.pdf, 'small')).codes).toEqual(some.map(codeOf));
}, 120_000);

it('refuses what it cannot print, and keeps a label PDF’s progress to the one who asked', async () => {
  expect(
    (
      await t.post(
        '/api/products/label-sheets',
        { ids: [products[0]!.id], layout: '5x5', names: ['en'], currencies: ['USD'] },
        { token: t.adminToken },
      )
    ).status,
  ).toBe(400);
  expect(
    (await t.post('/api/products/label-sheets', { ids: [], layout: 'a4-3x8', names: ['en'], currencies: ['USD'] }, { token: t.adminToken }))
      .status,
  ).toBe(400);
  expect(
    (
      await t.post(
        '/api/products/label-sheets',
        { ids: [products[0]!.id], layout: 'a4-3x8', names: [], currencies: ['USD'] },
        { token: t.adminToken },
      )
    ).status,
  ).toBe(400);
  const ids = Array.from({ length: 5001 }, () => products[0]!.id);
  expect(
    (await t.post('/api/products/label-sheets', { ids, layout: 'a4-3x8', names: ['en'], currencies: ['USD'] }, { token: t.adminToken }))
      .status,
  ).toBe(400);
  expect((await t.get('/api/products/label-sheets/nobody-asked-this', { token: t.adminToken })).status).toBe(404);
});
