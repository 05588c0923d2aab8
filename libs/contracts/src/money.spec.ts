import { DEFAULT_EXCHANGE_RATE, formatMoney, fromCents, iqdToUsdCents, toCents, toMinor, usdCentsToIqd } from './money.js';

const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
const latinDigits = (text: string) => text.replace(/[٠-٩]/g, (d) => String(ARABIC_INDIC.indexOf(d))).replace(/[^0-9]/g, '');

describe('toCents', () => {
  it.each([
    [1.005, 101], // 1.005 * 100 is 100.49999999999999 in floating point
    [2.675, 268],
    [1.255, 126],
    [0.125, 13],
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [12, 1200],
    [0.004, 0],
    [0.005, 1],
    [-1.005, -101],
    [-0.005, -1],
    [-2.5, -250],
    [1e-7, 0],
    [123456789.125, 12345678913],
  ])('%d dollars -> %i cents', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it('never returns negative zero', () => {
    expect(Object.is(toCents(-0.004), 0)).toBe(true);
    expect(Object.is(toCents(-0), 0)).toBe(true);
  });

  it('refuses amounts that are not finite or too large to count in cents', () => {
    for (const bad of [NaN, Infinity, -Infinity, 1e21, Number.MAX_SAFE_INTEGER]) expect(() => toCents(bad)).toThrow(RangeError);
  });
});

describe('fromCents', () => {
  it('turns cents into dollars', () => {
    expect(fromCents(101)).toBe(1.01);
    expect(fromCents(-250)).toBe(-2.5);
    expect(fromCents(0)).toBe(0);
  });

  it('refuses fractional cents', () => {
    expect(() => fromCents(1.5)).toThrow(RangeError);
    expect(() => fromCents(NaN)).toThrow(RangeError);
  });
});

describe('USD and IQD', () => {
  it('uses 1450 IQD per USD by default', () => {
    expect(DEFAULT_EXCHANGE_RATE).toBe(1450);
    expect(usdCentsToIqd(100, DEFAULT_EXCHANGE_RATE)).toBe(1450);
  });

  it.each([
    [1, 1450, 15], // 14.5 dinars rounds up
    [3, 1450, 44], // 43.5
    [2, 1450, 29],
    [1999, 1450, 28986], // 28985.5
    [1234, 1310, 16165], // 16165.4
    [3, 1450.5, 44], // 43.515
    [1, 1, 0],
    [0, 1450, 0],
    [-1, 1450, -15], // refunds round the same way, away from zero
  ])('%i cents at %d -> %i dinars', (cents, rate, iqd) => {
    expect(usdCentsToIqd(cents, rate)).toBe(iqd);
  });

  it.each([
    [1450, 1450, 100],
    [1000, 1450, 69], // 68.97
    [725, 1450, 50],
    [7, 1400, 1], // 0.5 cent rounds up
    [1, 1450, 0],
    [250000, 1450, 17241], // 17241.379...
    [1000, 1310.5, 76], // 76.307
    [-1000, 1450, -69],
  ])('%i dinars at %d -> %i cents', (iqd, rate, cents) => {
    expect(iqdToUsdCents(iqd, rate)).toBe(cents);
  });

  it('converts there and back within one cent', () => {
    for (let cents = 0; cents <= 5000; cents += 7) {
      expect(Math.abs(iqdToUsdCents(usdCentsToIqd(cents, 1450), 1450) - cents)).toBeLessThanOrEqual(1);
    }
  });

  it('refuses a rate that is not positive and amounts that are not whole minor units', () => {
    expect(() => usdCentsToIqd(100, 0)).toThrow(RangeError);
    expect(() => usdCentsToIqd(100, -1450)).toThrow(RangeError);
    expect(() => usdCentsToIqd(100, NaN)).toThrow(RangeError);
    expect(() => iqdToUsdCents(100, 0)).toThrow(RangeError);
    expect(() => iqdToUsdCents(100.5, 1450)).toThrow(RangeError);
    expect(() => usdCentsToIqd(1.5, 1450)).toThrow(RangeError);
  });

  it('reads a typed amount in the minor units of its currency', () => {
    expect(toMinor(12.345, 'USD')).toBe(1235);
    expect(toMinor(1450.5, 'IQD')).toBe(1451);
    expect(toMinor(250000, 'IQD')).toBe(250000);
  });
});

describe('formatMoney', () => {
  it('shows dollars with two decimals in English', () => {
    expect(formatMoney(145000, 'USD', 'en')).toBe('$1,450.00');
    expect(formatMoney(5, 'USD', 'en')).toBe('$0.05');
    expect(formatMoney(-250, 'USD', 'en')).toBe('-$2.50');
  });

  it('shows dinars without decimals', () => {
    const text = formatMoney(14500, 'IQD', 'en');
    expect(text).toMatch(/IQD/);
    expect(text).toContain('14,500');
    expect(text).not.toMatch(/\.\d/);
  });

  it('formats in Kurdish with the same value', () => {
    expect(latinDigits(formatMoney(14500, 'IQD', 'ku'))).toBe('14500');
    expect(latinDigits(formatMoney(145099, 'USD', 'ku'))).toBe('145099');
  });

  it('falls back to English for a locale tag the runtime cannot read', () => {
    expect(formatMoney(145000, 'USD', 'not a locale!')).toBe('$1,450.00');
  });

  it('refuses fractional minor units', () => {
    expect(() => formatMoney(1.5, 'USD', 'en')).toThrow(RangeError);
  });
});
