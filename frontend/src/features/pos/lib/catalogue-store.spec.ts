import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TillProductDto } from '@dukan/contracts';
import { tillProduct } from '../../../test/fixtures.js';
import { COMPACT_AFTER, keepDelta, readCatalogue } from './catalogue-store.js';
import { mergeDelta } from './catalogue-merge.js';
import { closeTillDb, tillDb } from './till-db.js';

const p = (id: string, en: string, price = 1) => tillProduct({ _id: id, sku: id, name: { en, ku: '' }, price });
const names = (list: readonly TillProductDto[] | undefined) => list?.map((x) => `${x.name.en}:${x.price}`);

beforeEach(async () => {
  await closeTillDb();
  globalThis.indexedDB = new IDBFactory();
});

describe('the catalogue as the browser keeps it', () => {
  it('reads back the whole list and every delta kept after it, in the till order', async () => {
    const db = await tillDb();
    let list = mergeDelta([], { revision: '5', full: true, products: [p('t', 'Tea'), p('a', 'Apple'), p('c', 'Cola')], deleted: [] });
    await keepDelta(db, 'b1', { revision: '5', full: true, products: list, deleted: [] }, list);
    const delta = { revision: '7', full: false, products: [p('t', 'Tea', 3), p('b', 'Bread'), p('a', 'Zucchini')], deleted: ['c'] };
    list = mergeDelta(list, delta);
    await keepDelta(db, 'b1', delta, list);

    const kept = await readCatalogue(db, 'b1');
    expect(kept?.revision).toBe('7');
    expect(names(kept?.products)).toEqual(['Bread:1', 'Tea:3', 'Zucchini:1']);
    // The deltas sit beside the list; the list itself was written once.
    expect(await db.count('changes')).toBe(4);
    expect(await readCatalogue(db, 'b2')).toBeNull();
  });

  it('writes the list again once enough changes have gathered, and reads back the same', async () => {
    const db = await tillDb();
    const initial = Array.from({ length: 50 }, (_, i) => p(`p${i}`, `Product ${String(i).padStart(3, '0')}`));
    let list = mergeDelta([], { revision: '1', full: true, products: initial, deleted: [] });
    await keepDelta(db, 'b1', { revision: '1', full: true, products: initial, deleted: [] }, list);
    let revision = 1;
    const step = async (products: TillProductDto[]) => {
      revision += 1;
      const delta = { revision: String(revision), full: false, products, deleted: [] };
      list = mergeDelta(list, delta);
      await keepDelta(db, 'b1', delta, list);
    };
    const batch = Math.floor(COMPACT_AFTER / 3);
    for (let round = 0; round < 3; round++) await step(Array.from({ length: batch }, (_, i) => p(`n${round}-${i}`, `New ${round}-${i}`)));
    expect(await db.count('changes')).toBe(batch * 3);
    await step([p('p0', 'Product 000', 9), p('p1', 'Product 001', 8), p('p2', 'Product 002', 7)]);
    expect(await db.count('changes')).toBe(0);

    const kept = await readCatalogue(db, 'b1');
    expect(kept?.revision).toBe(String(revision));
    expect(kept?.products).toHaveLength(50 + 3 * batch);
    expect(names(kept?.products)).toEqual(names(list));
    expect(kept?.products.find((x) => x._id === 'p0')?.price).toBe(9);
  });

  it('keeps the list as the text of its columns, and still reads what earlier versions kept: the answer as text, a list', async () => {
    const db = await tillDb();
    const answer = { revision: '3', full: true, products: [p('t', 'Tea'), p('a', 'Apple')], deleted: [] };
    await keepDelta(db, 'b1', answer, mergeDelta([], answer));
    const kept = await db.get('snapshot', 'products');
    expect(typeof kept === 'string' && JSON.parse(kept).columns).toBe(1);
    expect(names((await readCatalogue(db, 'b1'))?.products)).toEqual(['Apple:1', 'Tea:1']);

    // An earlier version kept a whole answer as the server's text (in the server's order or not), or the list itself.
    await db.put('snapshot', JSON.stringify(answer), 'products');
    expect(names((await readCatalogue(db, 'b1'))?.products)).toEqual(['Apple:1', 'Tea:1']);
    await db.put('snapshot', JSON.stringify([p('c', 'Cola')]), 'products');
    expect(names((await readCatalogue(db, 'b1'))?.products)).toEqual(['Cola:1']);
    await db.put('snapshot', [p('c', 'Cola')], 'products');
    expect(names((await readCatalogue(db, 'b1'))?.products)).toEqual(['Cola:1']);
    // Unreadable (cut short, or of no known shape): nothing is kept, so the list is downloaded again.
    await db.put('snapshot', '{"products": [', 'products');
    expect(await readCatalogue(db, 'b1')).toBeNull();
    await db.put('snapshot', '{"columns": 1, "id": ["a"]}', 'products');
    expect(await readCatalogue(db, 'b1')).toBeNull();
  });

  it('drops a catalogue kept a product per record by an older version, keeping the waiting sales', async () => {
    const old = await openDB('dukan-till', 1, {
      upgrade(db) {
        db.createObjectStore('products', { keyPath: '_id' });
        db.createObjectStore('meta');
        db.createObjectStore('sales', { keyPath: 'key' }).createIndex('bySeq', 'seq', { unique: true });
        db.createObjectStore('invoiceBlocks', { keyPath: 'register' });
      },
    });
    await old.put('products', p('t', 'Tea'));
    await old.put('meta', { branch: 'b1', revision: '9' }, 'catalogue');
    await old.put('sales', { key: 'k1', seq: 1 });
    old.close();

    const db = await tillDb();
    expect(db.objectStoreNames.contains('products' as never)).toBe(false);
    expect(await readCatalogue(db, 'b1')).toBeNull();
    expect(await db.count('sales')).toBe(1);
  });
});
