import { isValidEan13 } from '@dukan/contracts';
import { averageCostCents, generatedBarcode, normalizeSearch } from './product.policy.js';

describe('average cost', () => {
  it.each([
    // onHand, current, add, addCost, expected
    [10, 200, 10, 400, 300],
    [0, 999, 5, 120, 120],
    [-3, 500, 5, 120, 120], // stock sold below zero carries no value
    [3, 100, 1, 101, 100], // (300 + 101) / 4 = 100.25 -> 100
    [1, 100, 1, 101, 101], // 100.5 rounds half up
    [100, 1000, 1, 0, 990], // a free unit lowers the average
  ])('%i units at %i plus %i at %i -> %i', (onHand, current, add, addCost, expected) => {
    expect(averageCostCents(onHand, current, add, addCost)).toBe(expected);
  });

  it('refuses a batch of no units', () => {
    expect(() => averageCostCents(1, 1, 0, 1)).toThrow(RangeError);
  });
});

describe('search normalisation', () => {
  it.each([
    ['Rice BASMATI', 'rice basmati'],
    ['چاي', 'چای'], // Arabic yeh typed on an Arabic keyboard matches Kurdish ی
    ['كولا', 'کولا'], // Arabic kaf -> Kurdish keheh
    ['شۀكر', 'شهکر'], // ۀ and ە typed for the same vowel
    ['٦٢٦١٢٣', '626123'], // Arabic-Indic digits
    ['۶۲۶', '626'], // Persian digits
    ['نـــان', 'نان'], // tatweel dropped
    ['مێو\u200cژ', 'میوژ'], // zero-width non-joiner dropped
    ['  two   words ', 'two words'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeSearch(input)).toBe(expected);
  });
});

describe('generated barcodes', () => {
  it.each([0, 1, 42, 99_999])('sequence %i gives a valid EAN-13 starting 9990001', (n) => {
    const code = generatedBarcode(n);
    expect(code).toMatch(/^9990001\d{6}$/);
    expect(isValidEan13(code)).toBe(true);
  });

  it('gives different codes for different sequence numbers', () => {
    expect(generatedBarcode(1)).not.toBe(generatedBarcode(2));
  });
});
