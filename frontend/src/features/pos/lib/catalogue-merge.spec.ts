import { describe, expect, it } from 'vitest';
import type { TillDeltaDto } from '@dukan/contracts';
import { tillProduct } from '../../../test/fixtures.js';
import { mergeDelta } from './catalogue-merge.js';

const p = (id: string, en: string, price = 1) => tillProduct({ _id: id, sku: id, name: { en, ku: '' }, price });
const delta = (over: Partial<TillDeltaDto>): TillDeltaDto => ({ revision: '9', full: false, products: [], deleted: [], ...over });
const names = (list: { name: { en: string } }[]) => list.map((x) => x.name.en);

describe('mergeDelta: the till list after what changed elsewhere', () => {
  const list = [p('a', 'Apple'), p('c', 'Cola'), p('t', 'Tea')];

  it.each([
    ['nothing changed', delta({}), ['Apple', 'Cola', 'Tea']],
    ['a price changed', delta({ products: [p('c', 'Cola', 2)] }), ['Apple', 'Cola', 'Tea']],
    ['a product added in the middle', delta({ products: [p('m', 'Milk')] }), ['Apple', 'Cola', 'Milk', 'Tea']],
    ['a product added first', delta({ products: [p('z', 'Almond')] }), ['Almond', 'Apple', 'Cola', 'Tea']],
    ['a product deleted', delta({ deleted: ['c'] }), ['Apple', 'Tea']],
    ['a product renamed moves', delta({ products: [p('a', 'Water')] }), ['Cola', 'Tea', 'Water']],
    ['an unknown id deleted', delta({ deleted: ['x'] }), ['Apple', 'Cola', 'Tea']],
    ['a whole list replaces, sorted', delta({ full: true, products: [p('y', 'Yogurt'), p('b', 'Bread')] }), ['Bread', 'Yogurt']],
    [
      'a whole list nearly in order is sorted',
      delta({ full: true, products: [p('b', 'Bread'), p('y', 'Yogurt'), p('m', 'Milk')] }),
      ['Bread', 'Milk', 'Yogurt'],
    ],
    ['a whole list in order stays so', delta({ full: true, products: [p('b', 'Bread'), p('y', 'Yogurt')] }), ['Bread', 'Yogurt']],
  ])('%s', (_case, d, expected) => {
    expect(names(mergeDelta(list, d))).toEqual(expected);
  });

  it('takes the new price and keeps the unchanged products as they were', () => {
    const merged = mergeDelta(list, delta({ products: [p('c', 'Cola', 2.75)] }));
    expect(merged[1]!.price).toBe(2.75);
    expect(merged[0]).toBe(list[0]);
    expect(list[1]!.price).toBe(1);
  });
});
