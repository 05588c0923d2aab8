import { describe, expect, it } from 'vitest';
import { centsToIqd, dollarsToCents, iqdToCents, sanitizeAmountInput, typedAmountToCents } from './money.js';

describe('money', () => {
  it.each([
    [12.5, 1250],
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [1.005, 101],
    [0, 0],
  ])('dollars %s are %s cents', (dollars, cents) => expect(dollarsToCents(dollars)).toBe(cents));

  it('converts cents to whole dinars and back at the rate', () => {
    expect(centsToIqd(1000, 1450)).toBe(14500);
    expect(centsToIqd(1001, 1450)).toBe(14515);
    expect(iqdToCents(14500, 1450)).toBe(1000);
    expect(iqdToCents(1000, 1450)).toBe(69);
  });

  it.each([
    ['12.50', '12.50'],
    ['1a2.5.0', '12.50'],
    ['-5', '5'],
    ['١٢٫٥', '12.5'],
    ['۳۰۰۰', '3000'],
    ['', ''],
  ])('keeps only digits and one point of %j', (typed, kept) => expect(sanitizeAmountInput(typed)).toBe(kept));

  it('divides a typed IQD amount by the exchange rate', () => {
    expect(typedAmountToCents('2900', 'IQD', 1450)).toBe(200);
    expect(typedAmountToCents('2.5', 'USD', 1450)).toBe(250);
    expect(typedAmountToCents('abc', 'USD', 1450)).toBe(0);
  });
});
