import { labelsCsv } from './labels.js';

describe('label CSV', () => {
  it('starts with a UTF-8 byte-order mark, keeps Kurdish text and neutralises formulas', async () => {
    const csv = await labelsCsv([
      { name_en: '=cmd|calc', name_ku: 'چای سەوز', sku: '+SKU-1', barcode: '6261234567890', price_cents: 1250 },
      { name_en: 'Tea, green', name_ku: '', sku: '@x', barcode: null, price_cents: 5 },
    ]);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.subarray(3).toString('utf8').split('\n');
    expect(lines[0]).toBe('Name (English),Name (Kurdish),SKU,Barcode,Price (USD)');
    expect(lines[1]).toBe(`"'=cmd|calc",چای سەوز,'+SKU-1,6261234567890,12.50`);
    expect(lines[2]).toBe(`"Tea, green",,'@x,,0.05`);
  });
});
