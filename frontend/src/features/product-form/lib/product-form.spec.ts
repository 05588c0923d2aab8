import { describe, expect, it } from 'vitest';
import {
  costRows,
  EMPTY_VALUES,
  parseDecimal,
  serverFieldErrors,
  toPayload,
  validateProduct,
  valuesFromProduct,
  type ProductFormValues,
} from './product-form.js';

const valid: ProductFormValues = {
  ...EMPTY_VALUES,
  sku: 'TEA-1',
  barcode: '9990001000017',
  nameEn: 'Black tea',
  category: 'cat-1',
  price: '2.50',
  cost: '1.10',
};

describe('product form rules', () => {
  it('starts with quantity 1, reorder level 10 and active', () => {
    expect(EMPTY_VALUES.quantity).toBe('1');
    expect(EMPTY_VALUES.reorderLevel).toBe('10');
    expect(EMPTY_VALUES.active).toBe(true);
  });

  it('accepts a complete product, Kurdish name and descriptions being optional', () => {
    expect(validateProduct(valid, 'add')).toEqual({});
  });

  it('requires sku, barcode and the English name (validation.required) and a category (validation.requiredCategory)', () => {
    const errors = validateProduct({ ...valid, sku: ' ', barcode: '', nameEn: '', category: '' }, 'add');
    expect(errors.sku?.key).toBe('required');
    expect(errors.barcode?.key).toBe('required');
    expect(errors.nameEn?.key).toBe('required');
    expect(errors.category?.key).toBe('requiredCategory');
    expect(errors.nameKu).toBeUndefined();
  });

  it.each([
    ['', 'invalidNumber'],
    ['abc', 'invalidNumber'],
    ['-1', 'invalidNumber'],
    ['1e3', 'invalidNumber'],
    ['1.234', 'twoDecimals'],
    ['1000000.01', 'invalidNumber'], // above the largest price the server takes (AMOUNT_RULES.price)
  ])('refuses price and cost %j (%s)', (typed, key) => {
    const errors = validateProduct({ ...valid, price: typed, cost: typed }, 'add');
    expect(errors.price?.key).toBe(key);
    expect(errors.cost?.key).toBe(key);
  });

  it.each(['0', '0.5', '12', '12.30', '.75', '١٢٫٥', '1000000'])('accepts price %j', (typed) => {
    expect(validateProduct({ ...valid, price: typed }, 'add').price).toBeUndefined();
  });

  it('needs a whole quantity of at least 1 on add, and allows 0 when setting the stock on edit', () => {
    expect(validateProduct({ ...valid, quantity: '0' }, 'add').quantity).toEqual({ key: 'quantityMin', params: { min: 1 } });
    expect(validateProduct({ ...valid, quantity: '1.5' }, 'add').quantity?.key).toBe('wholeNumber');
    expect(validateProduct({ ...valid, quantity: '' }, 'add').quantity?.key).toBe('invalidNumber');
    expect(validateProduct({ ...valid, quantity: '0' }, 'edit').quantity).toBeUndefined();
    expect(validateProduct({ ...valid, quantity: '-2' }, 'edit').quantity?.key).toBe('invalidNumber');
  });

  it('does not judge a stock count the user left as loaded (it may be below 0 after sales)', () => {
    const loaded = { ...valid, quantity: '-3' };
    expect(validateProduct(loaded, 'edit', loaded).quantity).toBeUndefined();
  });

  it('needs a whole reorder level of 0 or more and a discount of 0 to 100', () => {
    expect(validateProduct({ ...valid, reorderLevel: '0' }, 'add').reorderLevel).toBeUndefined();
    expect(validateProduct({ ...valid, reorderLevel: '-1' }, 'add').reorderLevel?.key).toBe('invalidNumber');
    expect(validateProduct({ ...valid, reorderLevel: '2.5' }, 'add').reorderLevel?.key).toBe('wholeNumber');
    expect(validateProduct({ ...valid, discount: '101' }, 'add').discount?.key).toBe('discountRange');
    expect(validateProduct({ ...valid, discount: '' }, 'add').discount).toBeUndefined();
  });

  it('reads Eastern Arabic digits as numbers', () => {
    expect(parseDecimal('١٢٫٥٠')).toBe(12.5);
    expect(parseDecimal('۳')).toBe(3);
  });
});

describe('product form payload', () => {
  it('sends dollars with at most 2 decimals, trimmed texts, the category id and isNewBarcode', () => {
    const body = toPayload({ ...valid, price: '0.1', cost: '19.99', sku: ' TEA-1 ', nameKu: ' چا ', quantity: '24' }, 'add', true);
    expect(body).toMatchObject({
      sku: 'TEA-1',
      name: { en: 'Black tea', ku: 'چا' },
      category: 'cat-1',
      price: 0.1,
      cost: 19.99,
      quantity: 24,
      reorderLevel: 10,
      active: true,
      isNewBarcode: true,
    });
  });

  it('on edit sends quantity and cost only when the user changed them', () => {
    const loaded = { ...valid, quantity: '7', cost: '1.10' };
    const same = toPayload(loaded, 'edit', false, loaded);
    expect(same).not.toHaveProperty('quantity');
    expect(same).not.toHaveProperty('cost');
    const changed = toPayload({ ...loaded, quantity: '9', cost: '1.2' }, 'edit', false, loaded);
    expect(changed.quantity).toBe(9);
    expect(changed.cost).toBe(1.2);
  });

  it('asks why when an edit changes the stock, and sends the reason with the new quantity', () => {
    const loaded = { ...valid, quantity: '7' };
    expect(validateProduct(loaded, 'edit', loaded).stockReason).toBeUndefined();
    expect(validateProduct({ ...loaded, quantity: '5' }, 'edit', loaded).stockReason?.key).toBe('required');
    expect(validateProduct({ ...loaded, quantity: '٧' }, 'edit', loaded).stockReason).toBeUndefined(); // 7 in Eastern digits
    expect(validateProduct({ ...loaded, quantity: '5', stockReason: 'damaged' }, 'edit', loaded).stockReason).toBeUndefined();
    expect(toPayload({ ...loaded, quantity: '5', stockReason: 'damaged' }, 'edit', false, loaded)).toMatchObject({
      quantity: 5,
      stockReason: 'damaged',
    });
    // A new product's first stock is no change by hand.
    expect(validateProduct({ ...valid, quantity: '5' }, 'add').stockReason).toBeUndefined();
    expect(toPayload({ ...valid, quantity: '5' }, 'add', false)).not.toHaveProperty('stockReason');
  });

  it('fills the form from a product as the API sends it', () => {
    const v = valuesFromProduct({
      sku: 'S',
      barcode: null,
      name: { en: 'Tea', ku: 'چا' },
      description: { en: 'd', ku: '' },
      category: { _id: 'c9' },
      categoryId: 'c9',
      price: 12.5,
      cost: 3,
      quantity: 4,
      reorderLevel: 2,
      discount: 5,
      active: false,
      imageUrl: null,
    });
    expect(v).toMatchObject({
      sku: 'S',
      barcode: '',
      nameKu: 'چا',
      category: 'c9',
      price: '12.50',
      cost: '3.00',
      quantity: '4',
      reorderLevel: '2',
      discount: '5',
      active: false,
    });
  });

  it("maps the server's field errors to the form's fields", () => {
    const error = {
      status: 409,
      data: {
        message: 'This barcode already exists',
        errors: {
          barcode: { message: 'This barcode already exists' },
          'name.en': { message: 'This field is required' },
          weird: { message: 'x' },
        },
      },
    };
    expect(serverFieldErrors(error)).toEqual({ barcode: 'This barcode already exists', nameEn: 'This field is required' });
    expect(serverFieldErrors({ status: 'FETCH_ERROR' })).toEqual({});
  });
});

describe('cost history rows', () => {
  it('puts the newest batch first and totals cost × quantity in cents', () => {
    const rows = costRows([
      { date: '2026-01-01T10:00:00.000Z', quantity: 3, cost: 0.1 },
      { date: '2026-03-01T10:00:00.000Z', quantity: 7, cost: 1.15 },
      { date: '2026-02-01T10:00:00.000Z', quantity: 1, cost: 20 },
    ]);
    expect(rows.map((r) => r.date.slice(0, 7))).toEqual(['2026-03', '2026-02', '2026-01']);
    expect(rows.map((r) => r.totalCents)).toEqual([805, 2000, 30]);
  });
});
