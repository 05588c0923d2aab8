import { describe, expect, it } from 'vitest';
import { wholeTicks } from './charts.js';

describe('whole-number axes (customers are counted, never fractional)', () => {
  it.each([
    [[1], [0, 1]],
    [
      [0, 0],
      [0, 1],
    ],
    [
      [2, 1],
      [0, 1, 2],
    ],
    [[3], [0, 1, 2, 3]],
    [[5], [0, 2, 4, 6]],
    [
      [9, 4],
      [0, 3, 6, 9],
    ],
    [[37], [0, 10, 20, 30, 40]],
  ])('%j → %j', (values, ticks) => {
    const got = wholeTicks(values);
    expect(got).toEqual(ticks);
    expect(got.every(Number.isInteger)).toBe(true);
    expect(got[got.length - 1]).toBeGreaterThanOrEqual(Math.max(...values));
  });
});
