import {
  BARCODE_PREFIX,
  DEFAULT_BRANCH,
  DEFAULT_REGISTER,
  PRODUCTS_PAGE_SIZE,
  clampDiscountPercent,
  ean13CheckDigit,
  fallbackBarcode,
  isValidEan13,
  paymentStatusLabel,
  stockBadgeColour,
  stockStatus,
} from './constants.js';
import { MIN_PASSWORD_LENGTH } from './validation.js';

describe('EAN-13', () => {
  // Real barcodes printed on products and in the GS1 examples.
  it.each(['4006381333931', '5901234123457', '9780306406157', '0036000291452', '8710398527585'])('%s is valid', (code) => {
    expect(isValidEan13(code)).toBe(true);
    expect(ean13CheckDigit(code.slice(0, 12))).toBe(Number(code[12]));
  });

  it.each(['4006381333932', '5901234123450', '400638133393', '40063813339310', '400638133393a', '', ' 4006381333931'])(
    '%s is not valid',
    (code) => {
      expect(isValidEan13(code)).toBe(false);
    },
  );

  it('refuses anything but 12 digits when computing a check digit', () => {
    expect(() => ean13CheckDigit('12345678901')).toThrow(RangeError);
    expect(() => ean13CheckDigit('12345678901x')).toThrow(RangeError);
  });

  it('gives check digit 0 when the weighted sum is a multiple of ten', () => {
    // 0*1 + ... + 0 = 0 -> 0
    expect(ean13CheckDigit('000000000000')).toBe(0);
  });

  it('makes fallback barcodes of 13 digits starting with 9990001', () => {
    expect(BARCODE_PREFIX).toBe('9990001');
    // 9+27+9+0+0+0+1+0+0+0+0+3 = 49 -> check digit 1
    expect(fallbackBarcode(1)).toBe('9990001000011');
    expect(fallbackBarcode(99999)).toMatch(/^999000199999\d$/);
    expect(isValidEan13(fallbackBarcode(4242))).toBe(true);
    expect(() => fallbackBarcode(100000)).toThrow(RangeError);
    expect(() => fallbackBarcode(-1)).toThrow(RangeError);
  });
});

describe('stock', () => {
  it.each([
    [-1, 10, 'out'],
    [0, 10, 'out'],
    [1, 10, 'low'],
    [10, 10, 'low'],
    [11, 10, 'in'],
    [1, 0, 'in'],
    [0, 0, 'out'],
  ] as const)('quantity %i with reorder level %i is %s', (quantity, reorderLevel, status) => {
    expect(stockStatus(quantity, reorderLevel)).toBe(status);
  });

  it.each([
    [100, 'green'],
    [11, 'green'],
    [10, 'amber'],
    [6, 'amber'],
    [5, 'red'],
    [1, 'red'],
    [0, 'red'],
    [-2, 'red'],
  ] as const)('till badge for %i is %s', (quantity, colour) => {
    expect(stockBadgeColour(quantity)).toBe(colour);
  });
});

describe('other constants and rules', () => {
  it('has the spec values', () => {
    expect([DEFAULT_REGISTER, DEFAULT_BRANCH, MIN_PASSWORD_LENGTH, PRODUCTS_PAGE_SIZE]).toEqual(['main', 'main', 6, 20]);
  });

  it('clamps a percent discount to 0-100', () => {
    expect([-5, 0, 12.5, 100, 150, NaN, Infinity].map(clampDiscountPercent)).toEqual([0, 0, 12.5, 100, 100, 0, 100]);
  });

  it('names payment statuses as the transactions screen does', () => {
    expect(['paid', 'pending', 'failed', 'refunded'].map(paymentStatusLabel)).toEqual(['Completed', 'Pending', 'Cancelled', 'Unknown']);
  });
});
