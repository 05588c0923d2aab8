import { barcodeSvg, symbologyFor } from './label-barcode.js';
import { labelIqd, labelSheetHtml } from './label-sheet-html.js';

describe('the barcode on a label', () => {
  it.each([
    ['6227697967681', 'ean13'], // a right check digit
    ['6227697967682', 'code128'], // a wrong one: printed as what it is, not "corrected"
    ['622769796768', 'code128'], // 12 digits: an EAN would add a digit the till does not know
    ['TEA-250G', 'code128'],
    ['12345', 'code128'],
  ])('%s is printed as %s', (code, symbology) => {
    expect(symbologyFor(code)).toBe(symbology);
    expect(barcodeSvg(code)?.symbology).toBe(symbology);
  });

  it('draws EAN-13 as 30 bars over 95 modules and its quiet zones', () => {
    const svg = barcodeSvg('6227697967681')!.svg;
    expect(svg).toContain('viewBox="0 0 113 1"');
    expect(svg.match(/M/g)).toHaveLength(30);
  });
});

describe('the price on a label', () => {
  it.each([
    [125, null, 1450, 1, 1813],
    [125, null, 1450, 250, 1750],
    [1000, null, 1310, 250, 13_000],
    [0, null, 1450, 250, 0],
    // Priced in dinars: the dinar price itself (never through dollars), rounded to the cash step, half up.
    [1000, 14_125, 1450, 250, 14_250],
    [1000, 14_100, 1450, 1, 14_100],
    [1000, '14100', 1450, 250, 14_000],
  ])('%s cents or %s IQD set, at %d IQD/USD, rounded to %i dinars, is %i IQD', (cents, iqd, rate, rounding, shown) => {
    expect(labelIqd({ price_cents: cents, price_iqd: iqd }, rate, rounding)).toBe(shown);
  });

  it('escapes what a product name holds', () => {
    const html = labelSheetHtml(
      [{ name_en: '<img src=x onerror=alert(1)>', name_ku: 'چا', sku: 'S', barcode: null, price_cents: 100, price_iqd: null }],
      {
        layout: 'a4-3x8',
        names: ['en', 'ku'],
        currencies: ['USD'],
        exchangeRate: 1450,
        iqdRounding: 1,
      },
    );
    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;img');
  });
});
