import { describe, expect, it } from 'vitest';
import type { TillProductDto } from '@dukan/contracts';
import { tillProduct } from '../../../test/fixtures.js';
import { fromColumns, isColumns, toColumns } from './catalogue-columns.js';

const roundTrip = (list: TillProductDto[]) => {
  const parsed: unknown = JSON.parse(JSON.stringify(toColumns(list)));
  expect(isColumns(parsed)).toBe(true);
  return fromColumns(parsed as never);
};

describe('the till list kept in columns', () => {
  it('reads back every product as it was: packs, sold by weight, scale codes, dinar prices, categories, missing names', () => {
    const list: TillProductDto[] = [
      tillProduct({ _id: 'a', sku: 'A-1', barcode: '6260000000011', name: { en: 'Apple', ku: 'سێو' }, categoryId: 'c1', quantity: 7 }),
      tillProduct({
        _id: 'b',
        sku: 'B-1',
        name: { en: 'Bread', ku: '' },
        price: 0,
        priceCurrency: 'IQD',
        priceIqd: 1500,
        categoryId: 'c2',
      }),
      { ...tillProduct({ _id: 'c', sku: 'C-1', categoryId: 'c1', discount: 15, imageUrl: '/img/c.png' }), name: { en: 'Cheese' } as never },
      tillProduct({ _id: 'd', sku: 'D-1', soldBy: 'weight', scaleCode: '21001', price: 4.5 }),
      tillProduct({
        _id: 'e',
        sku: 'E-1',
        barcode: '6260000000028',
        packs: [{ _id: 'k1', barcode: '6260000000035', units: 12, price: 10, priceIqd: null, name: { en: 'Box', ku: 'قوتوو' } }],
      }),
    ];
    const back = roundTrip(list);
    expect(back).toEqual(list);
    // No field appears that the product did not have (a missing Kurdish name stays missing).
    expect(back.map((p) => Object.keys(p).sort())).toEqual(list.map((p) => Object.keys(p).sort()));
    expect(Object.keys(back[2]!.name)).toEqual(['en']);
  });

  it('keeps a product of an unexpected shape as it is', () => {
    const odd = { _id: 'x', sku: 'X', name: { en: 'Odd', ku: 'x' }, price: 1 } as unknown as TillProductDto;
    const list = [tillProduct({ _id: 'a', sku: 'A' }), odd];
    expect(roundTrip(list)).toEqual(list);
  });

  it('writes each category once and is much shorter than the list as objects', () => {
    const list = Array.from({ length: 200 }, (_, i) =>
      tillProduct({ _id: `id-${i}`, sku: `SKU-${i}`, name: { en: `Product ${i}`, ku: `کاڵا ${i}` }, categoryId: `category-${i % 3}` }),
    );
    const columns = toColumns(list);
    expect(columns.categoryIds).toEqual(['category-0', 'category-1', 'category-2']);
    expect(JSON.stringify(columns).length).toBeLessThan(JSON.stringify(list).length * 0.6);
  });

  it('is not taken for the server answer or a list kept by an earlier version, nor when a column is cut short', () => {
    expect(isColumns([tillProduct({ _id: 'a', sku: 'A' })])).toBe(false);
    expect(isColumns({ revision: '1', full: true, products: [], deleted: [] })).toBe(false);
    const cut = toColumns([tillProduct({ _id: 'a', sku: 'A' }), tillProduct({ _id: 'b', sku: 'B' })]);
    cut.price.pop();
    expect(isColumns(JSON.parse(JSON.stringify(cut)))).toBe(false);
  });
});
