import { isTimeZone, saleStatusLabel, trendOf } from './dashboard.policy.js';

describe('trendOf', () => {
  it.each([
    [150, 100, 'up', 50],
    [100, 100, 'up', 0],
    [50, 100, 'down', 50],
    [0, 100, 'down', 100],
    [100, 0, 'up', 100],
    [0, 0, 'up', 0],
    [1, 3, 'down', 66.7],
    [2, 3, 'down', 33.3],
    [1001, 1000, 'up', 0.1],
  ] as const)('today %d, yesterday %d -> %s %d %%', (today, yesterday, trend, percent) => {
    expect(trendOf(today, yesterday)).toEqual({ trend, percent });
  });
});

describe('saleStatusLabel', () => {
  it.each([
    ['completed', 'Completed'],
    ['voided', 'Voided'],
    ['refunded', 'Refunded'],
    ['weird', 'Unknown'],
  ])('%s -> %s', (state, label) => {
    expect(saleStatusLabel(state as never)).toBe(label);
  });
});

describe('isTimeZone', () => {
  it.each([
    ['Asia/Baghdad', true],
    ['UTC', true],
    ['America/New_York', true],
    ['Mars/Olympus', false],
    ['', false],
    [42, false],
  ])('%p -> %p', (name, ok) => {
    expect(isTimeZone(name)).toBe(ok);
  });
});
