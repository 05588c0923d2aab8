import { isValidEan13 } from '@dukan/contracts';
import type { ServiceTestApp } from '@dukan/testing';
import { productBody, startCatalog } from './helpers.js';

let t: ServiceTestApp;
const cat: Record<string, string> = {};
const ids: Record<string, string> = {};

async function category(key: string, en: string, parent?: string) {
  const res = await t.post('/api/categories', { name: { en, ku: '' }, ...(parent ? { parent } : {}) }, { token: t.tokens.admin });
  expect(res.status).toBe(201);
  cat[key] = res.body._id;
}

async function product(key: string, categoryKey: string, over: Record<string, unknown>) {
  const res = await t.post('/api/products', productBody(cat[categoryKey]!, over), { token: t.tokens.admin });
  expect(res.status).toBe(201);
  ids[key] = res.body._id;
}

beforeAll(async () => {
  t = await startCatalog();
  await category('food', 'Food');
  await category('drinks', 'Drinks', cat.food);
  await category('tea', 'Tea', cat.drinks);
  await category('tools', 'Tools');
  await product('greenTea', 'tea', { name: { en: 'Green Tea', ku: 'چای سەوز' }, sku: 'TEA-GRN', barcode: '6260000000017', quantity: 12 });
  await product('cola', 'drinks', { name: { en: 'Cola 330ml', ku: 'کۆکا کۆلا' }, sku: 'COLA-330', barcode: '5449000000996' });
  await product('bread', 'food', { name: { en: 'Bread', ku: 'نان' }, sku: 'BRD-1', barcode: '2000000000015', price: 0.75, discount: 5 });
  await product('hammer', 'tools', { name: { en: 'Hammer', ku: 'چەکوش' }, sku: 'HAM-1', barcode: 'HAM-CODE-128', active: false });
});
afterAll(() => t.close());

describe('the till list', () => {
  it('returns active products in the compact form with stock of the branch', async () => {
    const res = await t.get('/api/products?active=true&view=till', { token: t.tokens.cashier });
    expect(res.status).toBe(200);
    expect(res.body.map((p: { sku: string }) => p.sku)).toEqual(['BRD-1', 'COLA-330', 'TEA-GRN']);
    expect(res.body[0]).toEqual({
      _id: ids.bread,
      sku: 'BRD-1',
      barcode: '2000000000015',
      name: { en: 'Bread', ku: 'نان' },
      price: 0.75,
      priceCurrency: 'USD',
      priceIqd: null,
      discount: 5,
      quantity: 1,
      categoryId: cat.food,
      imageUrl: null,
    });
  });

  it('carries how a product is sold, its scale code and its packs only when they are not the usual, in the list and in a delta', async () => {
    const since = (await t.get('/api/products?since=0', { token: t.tokens.cashier })).body.revision;
    await category('deli', 'Deli');
    await product('meat', 'deli', {
      name: { en: 'Lamb', ku: 'گۆشت' },
      sku: 'LAMB-KG',
      soldBy: 'weight',
      scaleCode: '00421',
      quantity: 5000,
    });
    await product('water', 'deli', {
      name: { en: 'Water 500ml', ku: 'ئاو' },
      sku: 'WTR-500',
      packs: [{ barcode: `W${Date.now()}`, units: 12, price: 3, name: { en: 'Carton', ku: 'کارتۆن' } }],
    });
    const list = (await t.get('/api/products?active=true&view=till', { token: t.tokens.cashier })).body as Record<string, unknown>[];
    const delta = (await t.get(`/api/products?since=${since}`, { token: t.tokens.cashier })).body.products as Record<string, unknown>[];
    for (const answer of [list, delta]) {
      const meat = answer.find((p) => p._id === ids.meat)!;
      const water = answer.find((p) => p._id === ids.water)!;
      expect(meat).toMatchObject({ soldBy: 'weight', scaleCode: '421' });
      expect(meat).not.toHaveProperty('packs');
      expect(water).not.toHaveProperty('soldBy');
      expect(water).not.toHaveProperty('scaleCode');
      expect(water.packs).toEqual([expect.objectContaining({ units: 12, price: 3, priceIqd: null, name: { en: 'Carton', ku: 'کارتۆن' } })]);
    }
  });

  it('shows a change at once although the list is cached', async () => {
    const before = await t.get('/api/products?active=true&view=till', { token: t.tokens.cashier });
    const tea = before.body.find((p: { _id: string }) => p._id === ids.greenTea);
    await t.put(`/api/products/${ids.greenTea}`, { price: 4.2 }, { token: t.tokens.admin });
    const after = await t.get('/api/products?active=true&view=till', { token: t.tokens.cashier });
    expect(after.body.find((p: { _id: string }) => p._id === ids.greenTea).price).toBe(4.2);
    expect(tea.price).not.toBe(4.2);
  });

  it('gzips the list for clients that accept it', async () => {
    for (let i = 0; i < 150; i++) {
      await t.post('/api/products', productBody(cat.tools!, { name: { en: `Screw ${i}`, ku: 'بورغی' } }), { token: t.tokens.admin });
    }
    const raw = await fetch(`${t.url}/api/products?active=true&view=till`, {
      headers: { authorization: `Bearer ${t.tokens.cashier}`, 'accept-encoding': 'gzip', ...t.gatewayHeaders },
    });
    expect(raw.headers.get('content-encoding')).toBe('gzip');
    const list = (await raw.json()) as unknown[]; // fetch inflates it
    expect(list.length).toBeGreaterThan(150);
  }, 30_000); // 150 products made one by one: slow on a busy machine
});

describe('the full list', () => {
  it('returns every live product, active or not, in the full form', async () => {
    const res = await t.get('/api/products', { token: t.tokens.manager });
    const hammer = res.body.find((p: { _id: string }) => p._id === ids.hammer);
    expect(hammer).toMatchObject({ active: false, category: { _id: cat.tools, name: { en: 'Tools', ku: '' } }, stockStatus: 'low' });
  });

  it('filters by category with its descendants', async () => {
    const res = await t.get(`/api/products?category=${cat.food}`, { token: t.tokens.manager });
    expect(res.body.map((p: { sku: string }) => p.sku).sort()).toEqual(['BRD-1', 'COLA-330', 'TEA-GRN']);
    const drinks = await t.get(`/api/products?category=${cat.drinks}&active=true`, { token: t.tokens.manager });
    expect(drinks.body.map((p: { sku: string }) => p.sku).sort()).toEqual(['COLA-330', 'TEA-GRN']);
  });

  it('filters by several categories, each with its descendants, on a page too', async () => {
    const skus = async (query: string) =>
      (await t.get(`/api/products?${query}`, { token: t.tokens.manager })).body.map((p: { sku: string }) => p.sku).sort();
    expect(await skus(`categories=${cat.tea},${cat.tools}&search=a`)).toEqual(['HAM-1', 'TEA-GRN']);
    // the parameter repeated works the same
    expect(await skus(`categories=${cat.tea}&categories=${cat.drinks}`)).toEqual(['COLA-330', 'TEA-GRN']);
    const page = await t.get(`/api/products?page=1&categories=${cat.drinks},${cat.food}`, { token: t.tokens.manager });
    expect(page.body.pagination.total).toBe(3);
    expect(page.body.data.map((p: { sku: string }) => p.sku)).toEqual(['BRD-1', 'COLA-330', 'TEA-GRN']);
  });

  it('refuses a malformed category id in the list filter', async () => {
    const res = await t.get(`/api/products?page=1&categories=${cat.tea},nope`, { token: t.tokens.manager });
    expect(res.status).toBe(400);
    expect(res.body.errorKeys).toEqual({ categories: 'validation.invalidId' });
  });

  it('pages 20 at a time when a page is asked for', async () => {
    const res = await t.get(`/api/products?page=2&category=${cat.tools}`, { token: t.tokens.manager });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 151, page: 2, limit: 20, pages: 8 });
    expect(res.body.data).toHaveLength(20);
    const last = await t.get(`/api/products?page=8&category=${cat.tools}`, { token: t.tokens.manager });
    expect(last.body.data).toHaveLength(11);
  });
});

describe('search', () => {
  const search = async (term: string) =>
    (await t.get(`/api/products/search/${encodeURIComponent(term)}`, { token: t.tokens.cashier })).body.map((p: { sku: string }) => p.sku);

  it.each([
    ['green', ['TEA-GRN']],
    ['GREEN TEA', ['TEA-GRN']],
    ['سەوز', ['TEA-GRN']],
    ['چاي', ['TEA-GRN']], // typed with the Arabic yeh
    ['كۆكا', ['COLA-330']], // typed with the Arabic kaf
    ['كوكا كولا', ['COLA-330']], // on an Arabic keyboard: kaf, and و for ۆ
    ['چاى سهوز', ['TEA-GRN']], // alef maksura for ی, ه for ە
    ['چـای سَەوز', ['TEA-GRN']], // tatweel and a diacritic
    ['cola-3', ['COLA-330']],
    ['5449000000996', ['COLA-330']],
    ['٥٤٤٩٠٠٠', ['COLA-330']], // barcode typed with Arabic-Indic digits
    ['ham-code', ['HAM-1']],
    ['100%', []],
  ])('%s finds %j', async (term, expected) => {
    expect(await search(term)).toEqual(expected);
  });

  it("folds the full list's search the same way", async () => {
    const res = await t.get(`/api/products?search=${encodeURIComponent('چاي سهوز')}`, { token: t.tokens.cashier });
    expect(res.body.map((p: { sku: string }) => p.sku)).toEqual(['TEA-GRN']);
  });

  it('puts an exact sku or barcode first and returns full products', async () => {
    const res = await t.get('/api/products/search/brd-1', { token: t.tokens.cashier });
    expect(res.body[0]).toMatchObject({ sku: 'BRD-1', category: { _id: cat.food }, price: 0.75 });
  });

  it('keeps inactive products out when asked for active ones only', async () => {
    const res = await t.get('/api/products/search/hammer?active=true', { token: t.tokens.cashier });
    expect(res.body).toEqual([]);
  });
});

describe('barcode generator', () => {
  it('returns unused EAN-13 codes starting 9990001 with a valid check digit', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await t.get('/api/products/generate-barcode', { token: t.tokens.manager });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.barcode).toMatch(/^9990001\d{6}$/);
      expect(isValidEan13(res.body.barcode)).toBe(true);
      seen.add(res.body.barcode);
    }
    expect(seen.size).toBe(5);
  });

  it('skips codes that products already carry', async () => {
    const next = (await t.get('/api/products/generate-barcode', { token: t.tokens.admin })).body.barcode as string;
    const n = Number(next.slice(7, 12));
    // take the next three codes by hand, as a typed barcode would
    const { generatedBarcode } = await import('../src/products/product.policy.js');
    const taken = [1, 2, 3].map((k) => generatedBarcode(n + k));
    for (const barcode of taken) await t.post('/api/products', productBody(cat.tools!, { barcode }), { token: t.tokens.admin });
    const res = await t.get('/api/products/generate-barcode', { token: t.tokens.admin });
    expect(taken).not.toContain(res.body.barcode);
    expect(res.body.barcode).toBe(generatedBarcode(n + 4));
  });
});

describe('label export', () => {
  it('exports a CSV with a byte-order mark, Kurdish names and neutralised formulas', async () => {
    const evil = await t.post(
      '/api/products',
      productBody(cat.tools!, { name: { en: '=HYPERLINK("http://evil")', ku: '@چای' }, sku: '+SKU', price: 12.5 }),
      { token: t.tokens.admin },
    );
    const res = await fetch(`${t.url}/api/products/export-barcodes?ids=${evil.body._id},${ids.greenTea}`, {
      headers: { authorization: `Bearer ${t.tokens.manager}`, ...t.gatewayHeaders },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="barcodes.csv"');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('Name (English),Name (Kurdish),SKU,Barcode,Price (USD)');
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil"")",'@چای,'+SKU,${evil.body.barcode},12.50`);
    expect(lines[2]).toBe('Green Tea,چای سەوز,TEA-GRN,6260000000017,4.20');
  });

  it('exports the same CSV for ids sent in the body, in the order asked', async () => {
    const page = await t.get(`/api/products?page=1&limit=1000&category=${cat.tools}`, { token: t.tokens.admin });
    const tools: { _id: string; sku: string }[] = page.body.data;
    expect(tools.length).toBeGreaterThan(3);
    // the bread first, then the tools in list order: the CSV keeps the order asked
    const wanted = [ids.bread!, ...tools.map((p) => p._id)];
    const res = await fetch(`${t.url}/api/products/export-barcodes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.tokens.manager}`, 'content-type': 'application/json', ...t.gatewayHeaders },
      body: JSON.stringify({ ids: wanted }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="barcodes.csv"');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split('\n');
    expect(lines[0]).toBe('Name (English),Name (Kurdish),SKU,Barcode,Price (USD)');
    expect(lines).toHaveLength(wanted.length + 1);
    expect(lines[1]).toBe('Bread,نان,BRD-1,2000000000015,0.75');
    // (the one formula-like product of this file is quoted and neutralised, as the test above shows)
    expect(
      lines
        .slice(2)
        .map((l) => l.split(',')[2])
        .filter((sku) => !sku!.startsWith("'")),
    ).toEqual(tools.map((p) => p.sku).filter((sku) => !/^[=+@-]/.test(sku)));
  });

  it('refuses a body without ids, with a malformed id, or a cashier without reports export', async () => {
    const post = (body: unknown, token = t.tokens.admin) => t.post('/api/products/export-barcodes', body, { token });
    expect((await post({ ids: [] })).body.errorKeys).toEqual({ ids: 'validation.required' });
    expect((await post({})).body.errorKeys).toEqual({ ids: 'validation.required' });
    expect((await post({ ids: [ids.bread!, 'x'] })).body.errorKeys).toEqual({ ids: 'validation.invalidId' });
    expect((await post({ ids: [ids.bread!] }, t.tokens.cashier)).status).toBe(403);
  });

  it('refuses a request without ids or with a malformed id', async () => {
    expect((await t.get('/api/products/export-barcodes', { token: t.tokens.admin })).body.errorKeys).toEqual({
      ids: 'validation.required',
    });
    expect((await t.get('/api/products/export-barcodes?ids=1,2', { token: t.tokens.admin })).body.errorKeys).toEqual({
      ids: 'validation.invalidId',
    });
  });
});
