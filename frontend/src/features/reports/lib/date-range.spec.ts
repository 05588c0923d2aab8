import { describe, expect, it } from 'vitest';
import { dayOf, isValidCustomRange, presetRange, shopToday } from './date-range.js';

const today = new Date(2026, 2, 15, 10, 30); // 15 March 2026, local time

describe('report presets', () => {
  it.each([
    ['today', '2026-03-15', '2026-03-15'],
    ['yesterday', '2026-03-14', '2026-03-14'],
    ['last7days', '2026-03-09', '2026-03-15'],
    ['last30days', '2026-02-14', '2026-03-15'],
    ['thisMonth', '2026-03-01', '2026-03-15'],
    ['lastMonth', '2026-02-01', '2026-02-28'],
    ['allTime', null, null],
  ] as const)('%s -> %s .. %s', (preset, startDate, endDate) => {
    expect(presetRange(preset, today)).toEqual({ startDate, endDate });
  });

  it('last month of January is December of the year before', () => {
    expect(presetRange('lastMonth', new Date(2026, 0, 5))).toEqual({ startDate: '2025-12-01', endDate: '2025-12-31' });
  });
});

describe('custom range', () => {
  it.each([
    ['2026-03-01', '2026-03-15', true],
    ['2026-03-15', '2026-03-15', true],
    ['2026-03-10', '2026-03-09', false],
    ['2026-03-01', '2026-03-16', false],
    ['', '2026-03-10', false],
  ])('%s .. %s -> %s', (s, e, ok) => {
    expect(isValidCustomRange(s, e, today)).toBe(ok);
  });
});

describe("the shop's today", () => {
  it('is the calendar day in the shop time zone, not the browser one', () => {
    const lateUtc = new Date('2026-11-22T21:30:00Z'); // 00:30 on the 23rd in Baghdad
    expect(dayOf(shopToday('Asia/Baghdad', lateUtc))).toBe('2026-11-23');
    expect(dayOf(shopToday('America/New_York', lateUtc))).toBe('2026-11-22');
    expect(shopToday(null, lateUtc)).toBe(lateUtc);
    expect(shopToday('Mars/Olympus', lateUtc)).toBe(lateUtc);
  });
});
