import { describe, expect, it } from 'vitest';
import { EMPTY_VALUES, toPayload, validateProduct, valuesFromProduct, type ProductFormValues } from './product-form.js';

const base: ProductFormValues = {
  ...EMPTY_VALUES,
  sku: 'COLA',
  barcode: '626',
  nameEn: 'Cola',
  category: 'c',
  price: '0.75',
  cost: '0.40',
};
const carton = { barcode: 'C12', units: '12', price: '8', priceIqd: '', nameEn: 'Carton', nameKu: 'کارتۆن' };

describe('packs and weight on the product form', () => {
  it('sends a new product’s packs and how it is sold', () => {
    const body = toPayload({ ...base, packs: [carton] }, 'add', false);
    expect(body.packs).toEqual([{ barcode: 'C12', units: 12, price: 8, name: { en: 'Carton', ku: 'کارتۆن' } }]);
    expect(body.soldBy).toBeUndefined();
    const weighed = toPayload({ ...base, soldBy: 'weight', scaleCode: '٤٢' }, 'add', false);
    expect({ soldBy: weighed.soldBy, scaleCode: weighed.scaleCode, packs: weighed.packs }).toEqual({
      soldBy: 'weight',
      scaleCode: '42',
      packs: undefined,
    });
  });

  it('sends a dinar product’s pack in dinars too, and refuses a pack without its dinar price', () => {
    const dinars = { ...base, priceIqd: '1000' };
    expect(validateProduct({ ...dinars, packs: [carton] }, 'add').packs).toEqual({ key: 'invalidNumber' });
    expect(toPayload({ ...dinars, packs: [{ ...carton, priceIqd: '11000' }] }, 'add', false).packs?.[0]).toMatchObject({
      priceIqd: 11_000,
    });
  });

  it('refuses a pack of fewer than 2 units', () => {
    expect(validateProduct({ ...base, packs: [{ ...carton, units: '1' }] }, 'add').packs).toEqual({ key: 'invalidNumber' });
  });

  it('leaves the packs alone on an edit that did not touch them', () => {
    const loaded = valuesFromProduct({
      sku: 'COLA',
      barcode: '626',
      name: { en: 'Cola' },
      price: 0.75,
      cost: 0.4,
      quantity: 5,
      soldBy: 'unit',
      scaleCode: null,
      packs: [{ barcode: 'C12', units: 12, price: 8, priceIqd: null, name: { en: 'Carton', ku: 'کارتۆن' } }],
    });
    const untouched = toPayload({ ...loaded, price: '0.80' }, 'edit', false, loaded);
    expect('packs' in untouched || 'soldBy' in untouched || 'scaleCode' in untouched).toBe(false);
    const removed = toPayload({ ...loaded, packs: [] }, 'edit', false, loaded);
    expect(removed.packs).toEqual([]);
  });
});
