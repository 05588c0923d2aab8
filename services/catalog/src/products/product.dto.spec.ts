import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync } from 'class-validator';
import { fieldErrorsOf, VALIDATION_OPTIONS } from '@dukan/platform';
import { CreateCategoryDto, UpdateCategoryDto } from '../categories/category.dto.js';
import { CreateProductDto, ListProductsQuery, UpdateProductDto } from './product.dto.js';

/** The message key per field the API would answer for this body. */
function refusals<T extends object>(cls: ClassConstructor<T>, body: object): Record<string, string> {
  const errors = fieldErrorsOf(validateSync(plainToInstance(cls, body), VALIDATION_OPTIONS));
  return Object.fromEntries(Object.entries(errors).map(([field, e]) => [field, e.key]));
}

const CATEGORY = '0b6f1c1e-4d7a-4a55-9a39-2f7f0a1c2b3d';
const product = { sku: 'T-1', barcode: '6260000000123', name: { en: 'Tea' }, category: CATEGORY, price: 2.5, cost: 1 };

describe('product create and update bodies', () => {
  it.each([
    ['a whole product', CreateProductDto, product, {}],
    [
      'nothing',
      CreateProductDto,
      {},
      {
        sku: 'validation.required',
        barcode: 'validation.required',
        name: 'validation.required',
        category: 'validation.requiredCategory',
        price: 'validation.invalidNumber',
        cost: 'validation.invalidNumber',
      },
    ],
    [
      'null and blank fields',
      CreateProductDto,
      { ...product, sku: '  ', price: null, cost: '' },
      {
        sku: 'validation.required',
        price: 'validation.invalidNumber',
        cost: 'validation.invalidNumber',
      },
    ],
    ['a new product with no units', CreateProductDto, { ...product, quantity: 0 }, { quantity: 'validation.min' }],
    ['an update of nothing', UpdateProductDto, {}, {}],
    ['an update of the price alone, as typed', UpdateProductDto, { price: '3.75' }, {}],
    ['a count of 0 (an adjustment)', UpdateProductDto, { quantity: 0 }, {}],
    ['an update with the id the form read', UpdateProductDto, { _id: 'x', name: { en: 'Tea' } }, {}],
    [
      'a blank SKU and a price in words on update',
      UpdateProductDto,
      { sku: '', price: 'ten' },
      {
        sku: 'validation.required',
        price: 'validation.invalidNumber',
      },
    ],
    ['a name without English on update', UpdateProductDto, { name: { ku: 'چا' } }, { 'name.en': 'validation.required' }],
    ['a field nobody may set', UpdateProductDto, { stock: 5 }, { stock: 'validation.unknownField' }],
  ] as const)('%s', (_what, cls, body, expected) => {
    expect(refusals(cls as ClassConstructor<object>, body)).toEqual(expected);
  });
});

describe('category create and update bodies', () => {
  it.each([
    ['a name', CreateCategoryDto, { name: { en: 'Drinks' } }, {}],
    ['no name', CreateCategoryDto, { parent: null }, { name: 'validation.required' }],
    ['an update of the parent alone', UpdateCategoryDto, { parent: '' }, {}],
    ['an update of nothing', UpdateCategoryDto, {}, {}],
    ['a blank English name on update', UpdateCategoryDto, { name: { en: ' ' } }, { 'name.en': 'validation.required' }],
    ['a parent that is not an id', UpdateCategoryDto, { parent: 'drinks' }, { parent: 'validation.invalidId' }],
  ] as const)('%s', (_what, cls, body, expected) => {
    expect(refusals(cls as ClassConstructor<object>, body)).toEqual(expected);
  });
});

describe('a product list query', () => {
  it('reads page and limit as numbers, with the paging rules every list shares', () => {
    const q = plainToInstance(ListProductsQuery, { page: '2', limit: '50', search: 'tea' });
    expect(q).toMatchObject({ page: 2, limit: 50, search: 'tea' });
    expect(refusals(ListProductsQuery, { page: '0', limit: '100000' })).toEqual({ page: 'validation.min', limit: 'validation.max' });
  });
});
