import { clampExchangeRate, effectiveExchangeRate, isTimeZone, percentToBasisPoints, rateChange } from './settings.policy.js';

describe('exchange rate', () => {
  it.each([
    [0, 1],
    [-50, 1],
    [0.5, 1],
    [1, 1],
    [1310.25, 1310.25],
  ])('%d is stored as %d', (input, stored) => {
    expect(clampExchangeRate(input)).toBe(stored);
  });

  it.each([
    [null, null, { exchangeRate: 1450, isUserSpecific: false }],
    [1500, null, { exchangeRate: 1500, isUserSpecific: false }],
    [1500, 1480, { exchangeRate: 1480, isUserSpecific: true }],
    [null, 1480, { exchangeRate: 1480, isUserSpecific: true }],
  ])('global %p, own %p -> %o', (global, own, expected) => {
    expect(effectiveExchangeRate(global, own)).toEqual(expected);
  });

  it.each([
    [true, 1500, false, { kind: 'global', rate: 1500, overrideAll: false }],
    [true, 1500, true, { kind: 'global', rate: 1500, overrideAll: true }],
    [false, 1490, false, { kind: 'own', rate: 1490 }],
    [false, 0, false, { kind: 'own', rate: 1 }],
  ])('admin %p sets %d (apply to all %p) -> %o', (isAdmin, rate, all, change) => {
    expect(rateChange(isAdmin, rate, all)).toEqual(change);
  });
});

describe('tax rate and time zone', () => {
  it.each([
    [0, 0],
    [7.5, 750],
    [15, 1500],
    [0.01, 1],
  ])('%d %% is %d basis points', (percent, bp) => {
    expect(percentToBasisPoints(percent)).toBe(bp);
  });

  it.each([
    ['Asia/Baghdad', true],
    ['Europe/London', true],
    ['Mars/Olympus', false],
    ['', false],
  ])('%s is a time zone: %p', (name, ok) => {
    expect(isTimeZone(name)).toBe(ok);
  });
});
