import { labelsCsv } from '../labels.js';
import { readImportFile } from './import-file.js';
import { cellText, mapColumns, nameKey, rowToProduct } from './import-rows.policy.js';

describe('mapColumns', () => {
  it.each([
    [['Name (English)', 'Name (Kurdish)', 'SKU', 'Barcode', 'Price (USD)', 'Cost (USD)', 'Category'], []],
    [['\uFEFFsku', 'BARCODE', 'name', 'price', 'cost', 'category id'], []],
    [
      ['Name (English)', 'Name (Kurdish)', 'SKU', 'Barcode', 'Price (USD)'],
      ['cost', 'category'],
    ],
    [
      ['Title', 'Code'],
      ['sku', 'barcode', 'nameEn', 'price', 'cost', 'category'],
    ],
    [['ناو', 'ناوی کوردی', 'کۆدی کاڵا', 'بارکۆد', 'نرخ', 'تێچوو', 'پۆل'], []],
  ])('%j lacks %j', (headers, missing) => {
    expect(mapColumns(headers).missing).toEqual(missing);
  });

  it('reads Kurdish headers', () => {
    expect(mapColumns(['کۆدی کاڵا', 'بارکۆد', 'ناو', 'ناوی کوردی', 'نرخ', 'تێچوو', 'پۆل', 'بڕ']).index).toEqual({
      sku: 0,
      barcode: 1,
      nameEn: 2,
      nameKu: 3,
      price: 4,
      cost: 5,
      category: 6,
      quantity: 7,
    });
  });

  it('keeps the header as the file writes it, without its byte-order mark', () => {
    expect(mapColumns(['\uFEFFSKU ', 'Price']).header).toEqual({ sku: 'SKU', price: 'Price' });
  });
});

describe('cells', () => {
  it.each([
    [null, ''],
    ['  tea ', 'tea'],
    [12, '12'],
    ["'=SUM(A1)", '=SUM(A1)'],
    ["'-5", '-5'],
    ["'plain", "'plain"],
  ])('%j reads as %j', (cell, text) => {
    expect(cellText(cell)).toBe(text);
  });

  it('folds Arabic letter variants and case in names', () => {
    expect(nameKey(' Drinks ')).toBe(nameKey('DRINKS'));
    expect(nameKey('چاي')).toBe(nameKey('چای'));
  });
});

describe('rowToProduct', () => {
  const columns = mapColumns([
    'SKU',
    'Barcode',
    'Name (English)',
    'Price',
    'Cost',
    'Category',
    'Quantity',
    'Active',
    'Description (Kurdish)',
  ]);
  it('builds the form body, resolving the category and reading yes/no', () => {
    const { body } = rowToProduct(['A-1', '0123', 'Tea', '2.5', 1, 'Drinks', '', 'no', 'چا'], columns, (t) =>
      t === 'Drinks' ? 'cat-id' : null,
    );
    expect(body).toEqual({
      sku: 'A-1',
      barcode: '0123',
      name: { en: 'Tea', ku: '' },
      category: 'cat-id',
      price: '2.5',
      cost: 1,
      active: false,
      description: { en: '', ku: 'چا' },
    });
  });

  it('leaves an unknown category as written and an unknown word for active as it is', () => {
    const { body, categoryText } = rowToProduct(['A-1', '1', 'Tea', 1, 1, 'Toys', 3, 'maybe', null], columns, () => null);
    expect(categoryText).toBe('Toys');
    expect(body).toMatchObject({ category: 'Toys', quantity: 3, active: 'maybe' });
  });
});

describe('the barcode labels CSV', () => {
  it('reads back through the import: its five columns, formula-like cells restored, cost and category still wanted', async () => {
    const file = await labelsCsv([{ name_en: '=cmd', name_ku: 'چا', sku: '+S-1', barcode: '0626', price_cents: 1250 }]);
    const {
      headers,
      rows: [row],
    } = await readImportFile(file, 10);
    const columns = mapColumns(headers);
    expect(columns.missing).toEqual(['cost', 'category']);
    expect(rowToProduct(row!.cells, columns, () => null).body).toMatchObject({
      sku: '+S-1',
      barcode: '0626',
      name: { en: '=cmd', ku: 'چا' },
      price: '12.50',
    });
  });
});
