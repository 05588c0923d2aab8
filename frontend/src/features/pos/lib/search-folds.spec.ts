import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FoldSource, ProductSearchIndex } from './search-index.js';
import { KEEP_FOLDS_AFTER_MS, forgetFolds, keepFolds, keptFolds } from './search-folds.js';
import { closeTillDb, tillDb } from './till-db.js';

const list = Array.from({ length: 600 }, (_, i) => ({
  _id: `p${i}`,
  sku: `S-${i}`,
  barcode: String(5_000_000 + i),
  name: { en: `Item ${i}`, ku: `کاڵا ${i}` },
}));

beforeEach(async () => {
  forgetFolds();
  await closeTillDb();
  globalThis.indexedDB = new IDBFactory();
});

/** Builds the index as the till does: with the kept folds, keeping its own a moment later. */
async function open(products: typeof list) {
  const folds = await keptFolds();
  const index = ProductSearchIndex.buildSync(products, folds);
  keepFolds(index, folds);
  return { index, folds };
}

const keptCount = async () => (await (await tillDb()).get('searchText', 'folds'))?.folded.split('\u0000').length ?? 0;

describe('the search folds kept in the browser', () => {
  it('are written after the first open and serve the next one, which folds only what changed', { timeout: 10_000 }, async () => {
    const first = await open(list);
    expect(first.folds.misses).toBe(600);
    expect(await keptCount()).toBe(0); // not in the open's way
    await vi.waitFor(async () => expect(await keptCount()).toBe(600), { timeout: KEEP_FOLDS_AFTER_MS + 2000, interval: 100 });

    forgetFolds(); // a new tab
    const renamed = list.map((p, i) => (i === 10 ? { ...p, name: { en: 'Green Tea', ku: 'چای سەوز' } } : p));
    const again = await open(renamed);
    expect(again.folds.misses).toBe(1);
    expect(again.index.search('سهوز').map((i) => renamed[i]!._id)).toEqual(['p10']);
    expect(again.index.texts).toEqual(ProductSearchIndex.buildSync(renamed, FoldSource.none()).texts);
  });
});
