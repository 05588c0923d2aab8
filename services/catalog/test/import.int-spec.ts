import ExcelJS from 'exceljs';
import type { ServiceTestApp } from '@dukan/testing';
import { productBody, startCatalog } from './helpers.js';

let t: ServiceTestApp;
let drinks: string;
let tea: { _id: string; sku: string; barcode: string };

/** Uploads a file as the import dialog does (multipart, field "file"). */
async function upload(content: Buffer | string, fileName: string, token: string, locale = 'en') {
  const form = new FormData();
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), fileName);
  const res = await fetch(`${t.url}/api/products/import`, {
    method: 'POST',
    body: form,
    headers: { ...t.gatewayHeaders, authorization: `Bearer ${token}`, 'accept-language': locale },
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** Polls the job as the inventory page does, until it is no longer running. */
async function finished(id: string, locale = 'en', token = t.tokens.manager) {
  for (let i = 0; i < 200; i++) {
    const res = await t.get(`/api/products/import/${id}`, { token, headers: { 'accept-language': locale } });
    expect(res.status).toBe(200);
    if (res.body.state !== 'running') return res.body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the import did not finish');
}

const csv = (lines: string[]) => `\uFEFF${lines.join('\r\n')}\r\n`;
const HEADER = 'Name (English),Name (Kurdish),SKU,Barcode,Price (USD),Cost (USD),Quantity,Category';

beforeAll(async () => {
  t = await startCatalog();
  const cat = await t.post('/api/categories', { name: { en: 'Drinks', ku: 'خواردنەوە' } }, { token: t.tokens.admin });
  expect(cat.status).toBe(201);
  drinks = cat.body._id;
  const res = await t.post('/api/products', productBody(drinks, { sku: 'TEA-1', barcode: '6260000000017', cost: 1, quantity: 1 }), {
    token: t.tokens.admin,
  });
  expect(res.status).toBe(201);
  tea = res.body;
});
afterAll(() => t.close());

describe('importing a CSV', () => {
  it('refuses the invalid rows with their row numbers and reasons, imports the rest, and merges a known SKU as a cost batch', async () => {
    const file = csv([
      HEADER,
      'Black coffee,قاوەی ڕەش,COF-1,6260000000024,3.50,2.00,12,Drinks',
      'No price,,COF-2,6260000000031,,1.00,5,Drinks',
      'Toy car,,TOY-1,6260000000048,4,2,1,Toys',
      `Green tea again,,tea-1,${tea.barcode},2.5,2.00,3,Drinks`,
      'Copy of coffee,,COF-3,6260000000024,3.50,2.00,1,Drinks',
      'Juice,شەربەت,JUI-1,6260000000055,1.25,0.75,,خواردنەوە',
    ]);
    const [{ seq: before }] = await t.dataSource().query(`SELECT coalesce(max(seq), 0)::int AS seq FROM outbox`);
    const res = await upload(file, 'products.csv', t.tokens.manager);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ fileName: 'products.csv', rowsInFile: 6, total: 3, refusedCount: 3 });
    expect(res.body.refused).toEqual([
      { row: 3, errors: [{ field: 'price', column: 'Price (USD)', message: 'Please enter a valid number' }] },
      { row: 4, errors: [{ field: 'category', column: 'Category', message: 'There is no category named "Toys"' }] },
      { row: 6, errors: [{ field: 'barcode', column: 'Barcode', message: 'Row 2 of the file already has this barcode' }] },
    ]);

    const job = await finished(res.body._id);
    expect(job).toMatchObject({ state: 'done', total: 3, done: 3, created: 2, merged: 1, failed: [] });

    const coffee = await t.get('/api/products/search/COF-1', { token: t.tokens.admin });
    expect(coffee.body[0]).toMatchObject({
      sku: 'COF-1',
      name: { en: 'Black coffee', ku: 'قاوەی ڕەش' },
      price: 3.5,
      cost: 2,
      quantity: 12,
      category: { _id: drinks },
    });
    const juice = await t.get('/api/products/search/JUI-1', { token: t.tokens.admin });
    expect(juice.body[0]).toMatchObject({ quantity: 1, category: { _id: drinks } }); // the form's default quantity; category by its Kurdish name
    expect((await t.get('/api/products/search/COF-2', { token: t.tokens.admin })).body).toEqual([]);

    // The same SKU took the quantity as a new cost batch, averaged into its cost, as the form's merge does.
    const merged = await t.get(`/api/products/${tea._id}`, { token: t.tokens.admin });
    expect(merged.body.quantity).toBe(4);
    expect(merged.body.cost).toBe(1.75); // (1 × 1.00 + 3 × 2.00) / 4
    expect(merged.body.costHistory.map((b: { quantity: number; cost: number }) => [b.quantity, b.cost]).sort()).toEqual([
      [1, 1],
      [3, 2],
    ]);

    // Events as the form publishes them, on the bulk lane (a sale made meanwhile is not held back behind them).
    const events = await t
      .dataSource()
      .query(
        `SELECT type, data->>'sku' AS sku, lane FROM outbox WHERE seq > $1 AND data->>'sku' IN ('COF-1', 'JUI-1', 'TEA-1') ORDER BY seq`,
        [before],
      );
    expect(new Set(events.map((e: { lane: string }) => e.lane))).toEqual(new Set(['bulk']));
    expect(
      events
        .filter((e: { type: string }) => e.type === 'dukan.catalog.product.created.v1')
        .map((e: { sku: string }) => e.sku)
        .sort(),
    ).toEqual(['COF-1', 'JUI-1']);
    expect(
      events.filter((e: { type: string; sku: string }) => e.type === 'dukan.catalog.product.updated.v1' && e.sku === 'TEA-1'),
    ).toHaveLength(1);
  });

  it('says why in Kurdish to a Kurdish reader', async () => {
    const res = await upload(csv([HEADER, 'Cola,,COL-1,6260000000062,1,0.5,1,Toys']), 'کاڵاکان.csv', t.tokens.admin, 'ku');
    expect(res.status).toBe(202);
    expect(res.body.fileName).toBe('کاڵاکان.csv');
    expect(res.body.refused).toEqual([
      { row: 2, errors: [{ field: 'category', column: 'Category', message: 'هیچ پۆلێک بە ناوی «Toys» نییە' }] },
    ]);
    expect(res.body).toMatchObject({ state: 'done', total: 0 });
  });

  it('refuses a file without the columns a product needs, naming them', async () => {
    const labels = csv(['Name (English),Name (Kurdish),SKU,Barcode,Price (USD)', 'Tea,,T-9,6260000000079,1.00']);
    const res = await upload(labels, 'barcodes.csv', t.tokens.admin);
    expect(res.status).toBe(400);
    expect(res.body.errors.file).toEqual({ message: 'The file lacks these columns: Cost (USD), Category' });
  });

  it('refuses a file over the upload limit, saying so', async () => {
    const res = await upload(Buffer.alloc(21 * 1024 * 1024, 'a'), 'huge.csv', t.tokens.admin);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The request is too large.');
  });

  it('refuses a file that is not a spreadsheet', async () => {
    const res = await upload(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 1, 2]), 'old.xls', t.tokens.admin);
    expect(res.status).toBe(400);
    expect(res.body.errors.file.message).toMatch(/cannot be read/);
  });
});

describe('importing an Excel workbook', () => {
  it('reads typed cells, refuses the bad rows and imports the good ones', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Products');
    sheet.addRow([
      'SKU',
      'Barcode',
      'Name (English)',
      'Name (Kurdish)',
      'Price (USD)',
      'Cost (USD)',
      'Quantity',
      'Category',
      'Reorder level',
      'Active',
    ]);
    sheet.addRow(['XL-1', '6260000000086', 'Water 1L', 'ئاو', 0.75, 0.3, 24, 'Drinks', 5, 'yes']);
    sheet.addRow(['XL-2', '6260000000093', 'Soda', '', 'cheap', 0.3, 2.5, 'Drinks', null, null]);
    sheet.addRow(['XL-3', '6260000000109', '', 'بێ ناو', 1, 0.5, 1, drinks, null, 'no']);
    sheet.addRow(['XL-4', 6260000000116, 'Milk', 'شیر', 1.5, { formula: 'E5/2', result: 0.75 }, 6, 'drinks', null, 'no']);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());

    const res = await upload(file, 'products.xlsx', t.tokens.admin);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ rowsInFile: 4, total: 2, refusedCount: 2 });
    expect(res.body.refused).toEqual([
      {
        row: 3,
        errors: expect.arrayContaining([
          { field: 'price', column: 'Price (USD)', message: 'Please enter a valid number' },
          { field: 'quantity', column: 'Quantity', message: 'Must be a whole number' },
        ]),
      },
      { row: 4, errors: [{ field: 'nameEn', column: 'Name (English)', message: 'This field is required' }] },
    ]);
    expect(await finished(res.body._id, 'en', t.tokens.admin)).toMatchObject({ state: 'done', done: 2, created: 2, merged: 0 });

    const water = (await t.get('/api/products/search/XL-1', { token: t.tokens.admin })).body[0];
    expect(water).toMatchObject({
      name: { en: 'Water 1L', ku: 'ئاو' },
      price: 0.75,
      cost: 0.3,
      quantity: 24,
      reorderLevel: 5,
      active: true,
    });
    const milk = (await t.get('/api/products/search/XL-4', { token: t.tokens.admin })).body[0];
    expect(milk).toMatchObject({ barcode: '6260000000116', cost: 0.75, quantity: 6, active: false, category: { _id: drinks } });
  });
});

describe('who may import', () => {
  it('refuses a cashier, and an unknown job is not found', async () => {
    const res = await upload(csv([HEADER, 'Tea,,T-1,6260000000123,1,1,1,Drinks']), 'p.csv', t.tokens.cashier);
    expect(res.status).toBe(403);
    expect((await t.get('/api/products/import/00000000-0000-4000-8000-000000000000', { token: t.tokens.admin })).status).toBe(404);
    expect((await t.get('/api/products/import/00000000-0000-4000-8000-000000000000', { token: t.tokens.cashier })).status).toBe(403);
  });

  it('shows a job to the user who started it and to an admin, not to another user who may import', async () => {
    const res = await upload(csv([HEADER, 'Mug,,MUG-1,6260000000147,3,2,1,Drinks']), 'mugs.csv', t.tokens.manager);
    expect(res.status).toBe(202);
    const path = `/api/products/import/${res.body._id}`;
    expect((await t.get(path, { token: t.tokens.manager })).body).toMatchObject({ fileName: 'mugs.csv' });
    expect((await t.get(path, { token: t.tokens.admin })).body).toMatchObject({ fileName: 'mugs.csv' });
    const otherManager = t.tokenFor({ role: 'manager', id: '00000000-0000-4000-8000-0000000000a2', username: 'manager2' });
    const other = await t.get(path, { token: otherManager });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Import not found');
  });

  it('keeps a file name readable: direction controls are dropped, not stored; a NUL in it is a malformed upload', async () => {
    const res = await upload(csv([HEADER, 'Pot,,POT-1,6260000000154,3,2,1,Drinks']), 'po\u202ets\u2066.csv', t.tokens.manager);
    expect(res.status).toBe(202);
    expect(res.body.fileName).toBe('pots.csv');
    const nul = await upload(csv([HEADER, 'Pan,,PAN-1,6260000000161,3,2,1,Drinks']), 'pa\u0000ns.csv', t.tokens.manager);
    expect(nul.status).toBe(400);
  });
});

describe('an import whose process died', () => {
  it('is reported as stopped once it has not moved for minutes, so the page stops waiting', async () => {
    const res = await upload(csv([HEADER, `Lamp,,LMP-1,6260000000130,3,2,1,Drinks`]), 'lamp.csv', t.tokens.admin);
    await finished(res.body._id, 'en', t.tokens.admin);
    await t
      .dataSource()
      .query(`UPDATE product_imports SET state = 'running', done = 0, updated_at = now() - interval '10 minutes' WHERE id = $1`, [
        res.body._id,
      ]);
    const job = await t.get(`/api/products/import/${res.body._id}`, { token: t.tokens.admin });
    expect(job.body).toMatchObject({ state: 'failed', done: 0, total: 1 });
  });
});
