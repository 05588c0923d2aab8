import type { TillDeltaDto, TillProductDto } from '@dukan/contracts';
import type { ServiceTestApp } from '@dukan/testing';
import { productBody, startCatalog } from './helpers.js';

let t: ServiceTestApp;
let categoryId: string;

async function delta(since: string): Promise<TillDeltaDto> {
  const res = await t.get(`/api/products?since=${since}`, { token: t.tokens.cashier });
  expect(res.status).toBe(200);
  return res.body;
}

async function newProduct(over: Record<string, unknown> = {}): Promise<string> {
  const res = await t.post('/api/products', productBody(categoryId, over), { token: t.tokens.admin });
  expect(res.status).toBe(201);
  return res.body._id;
}

/** What a till holds after applying an answer to the list it had. */
function apply(held: Map<string, TillProductDto>, d: TillDeltaDto): Map<string, TillProductDto> {
  const next = d.full ? new Map<string, TillProductDto>() : new Map(held);
  for (const id of d.deleted) next.delete(id);
  for (const p of d.products) next.set(p._id, p);
  return next;
}

beforeAll(async () => {
  t = await startCatalog();
  const res = await t.post('/api/categories', { name: { en: 'Tea', ku: 'چا' } }, { token: t.tokens.admin });
  categoryId = res.body._id;
  await newProduct({ name: { en: 'Black tea', ku: 'چای ڕەش' } });
  await newProduct({ name: { en: 'Mint tea', ku: 'چای پونگ' } });
});
afterAll(() => t.close());

describe('GET /api/products?since=REV (the till catalogue delta)', () => {
  it('answers the whole till list with its revision for a revision older than the stamps (0)', async () => {
    const d = await delta('0');
    expect(d.full).toBe(true);
    expect(d.deleted).toEqual([]);
    expect(d.products.map((p) => p.name.en)).toEqual(['Black tea', 'Mint tea']);
    expect(Number(d.revision)).toBeGreaterThan(0);
  });

  it('answers only what changed: a new price, a new product, stock received', async () => {
    const start = await delta('0');
    expect(await delta(start.revision)).toEqual({ revision: start.revision, full: false, products: [], deleted: [] });

    const black = start.products.find((p) => p.name.en === 'Black tea')!;
    const mint = start.products.find((p) => p.name.en === 'Mint tea')!;
    expect((await t.put(`/api/products/${black._id}`, { price: 3.75, discount: 10 }, { token: t.tokens.admin })).status).toBe(200);
    const green = await newProduct({ name: { en: 'Green tea', ku: 'چای سەوز' }, price: 1.5 });
    expect((await t.patch(`/api/products/${mint._id}/quantity`, { quantity: 7, cost: 1 }, { token: t.tokens.admin })).status).toBe(200);

    const d = await delta(start.revision);
    expect(d.full).toBe(false);
    expect(BigInt(d.revision)).toBeGreaterThan(BigInt(start.revision));
    const byName = new Map(d.products.map((p) => [p.name.en, p]));
    expect([...byName.keys()].sort()).toEqual(['Black tea', 'Green tea', 'Mint tea']);
    expect(byName.get('Black tea')).toMatchObject({ price: 3.75, discount: 10 });
    expect(byName.get('Green tea')).toMatchObject({ _id: green, price: 1.5 });
    expect(byName.get('Mint tea')!.quantity).toBe(mint.quantity + 7);
    expect(await delta(d.revision)).toMatchObject({ full: false, products: [], deleted: [] });
  });

  it('lists a deleted or deactivated product among the ids gone', async () => {
    const gone = await newProduct();
    const paused = await newProduct();
    const { revision } = await delta('0');
    expect((await t.delete(`/api/products/${gone}`, { token: t.tokens.admin })).status).toBe(200);
    expect((await t.put(`/api/products/${paused}`, { active: false }, { token: t.tokens.admin })).status).toBe(200);
    const d = await delta(revision);
    expect(d.deleted.sort()).toEqual([gone, paused].sort());
    expect(d.products).toEqual([]);
  });

  it('brings a till holding an old revision to exactly the list a fresh till gets', async () => {
    const old = await delta('0');
    const held = apply(new Map(), old);
    const [first, second] = old.products;
    await t.put(`/api/products/${first!._id}`, { price: 9.99, barcode: '6269999999994' }, { token: t.tokens.admin });
    await t.delete(`/api/products/${second!._id}`, { token: t.tokens.admin });
    await newProduct({ name: { en: 'Zaatar', ku: 'زەعتەر' } });

    const caughtUp = apply(held, await delta(old.revision));
    const fresh = apply(new Map(), await delta('0'));
    expect(caughtUp).toEqual(fresh);
    expect(caughtUp.get(first!._id)).toMatchObject({ price: 9.99, barcode: '6269999999994' });
    expect(caughtUp.has(second!._id)).toBe(false);
  });

  it('answers the whole list for a revision ahead of this catalogue (a restored database)', async () => {
    const d = await delta('999999999999');
    expect(d.full).toBe(true);
    expect(d.products.length).toBeGreaterThan(0);
  });

  it('refuses a revision that is not a number', async () => {
    const res = await t.get('/api/products?since=abc', { token: t.tokens.cashier });
    expect(res.status).toBe(400);
  });
});
