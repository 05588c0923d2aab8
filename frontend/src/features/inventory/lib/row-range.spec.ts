import { describe, expect, it } from 'vitest';
import { checkRowRange, pagesForRows, parseRowNumber } from './row-range.js';

describe('label export row range', () => {
  it.each([
    ['1', '20', 50, { ok: true, start: 1, end: 20 }],
    ['7', '7', 50, { ok: true, start: 7, end: 7 }],
    ['1', '50', 50, { ok: true, start: 1, end: 50 }],
    [' ٣ ', '۱۲', 50, { ok: true, start: 3, end: 12 }], // Arabic-Indic and Kurdish digits
    ['', '5', 50, { ok: false, problem: 'invalid' }],
    ['abc', '5', 50, { ok: false, problem: 'invalid' }],
    ['0', '5', 50, { ok: false, problem: 'invalid' }],
    ['2.5', '5', 50, { ok: false, problem: 'invalid' }],
    ['-1', '5', 50, { ok: false, problem: 'invalid' }],
    ['9', '3', 50, { ok: false, problem: 'order' }],
    ['1', '51', 50, { ok: false, problem: 'bounds' }],
    ['60', '70', 50, { ok: false, problem: 'bounds' }],
    ['1', '1', 0, { ok: false, problem: 'bounds' }],
  ])('start %j, end %j of %i rows: %j', (start, end, rows, expected) => {
    expect(checkRowRange(start, end, rows)).toEqual(expected);
  });

  it('checks validity before order, and order before bounds', () => {
    expect(checkRowRange('x', '0', 10)).toEqual({ ok: false, problem: 'invalid' });
    expect(checkRowRange('90', '80', 10)).toEqual({ ok: false, problem: 'order' });
  });

  it('refuses more rows than one export carries', () => {
    expect(checkRowRange('1', '5001', 6000)).toEqual({ ok: false, problem: 'tooMany' });
    expect(checkRowRange('2', '5001', 6000)).toEqual({ ok: true, start: 2, end: 5001 });
  });

  it('parses digits only', () => {
    expect(parseRowNumber('١٠')).toBe(10);
    expect(parseRowNumber('1e3')).toBeNull();
  });

  it('finds the list pages that hold a range and the slice of each', () => {
    expect(pagesForRows(1, 20, 1000)).toEqual([{ page: 1, from: 0, to: 20 }]);
    expect(pagesForRows(995, 2003, 1000)).toEqual([
      { page: 1, from: 994, to: 1000 },
      { page: 2, from: 0, to: 1000 },
      { page: 3, from: 0, to: 3 },
    ]);
    expect(pagesForRows(21, 40, 20)).toEqual([{ page: 2, from: 0, to: 20 }]);
  });
});
