import { dayInTimeZone, daysInTimeZone, isDayOrDateTime } from './dates.js';

describe('date fields: a day or an ISO 8601 date-time, read as a day of the shop', () => {
  it.each([
    ['2026-11-28', true],
    ['2026-11-28T00:00:00.000Z', true],
    ['2026-11-28T10:15:00+03:00', true],
    ['2026-11-28T10:15Z', true],
    ['2026-02-30', false],
    ['2026-02-30T00:00:00.000Z', false],
    ['2026-11-28T25:00:00Z', false],
    ['2026-11-28T10:00:00', false], // no offset: which day it is depends on a zone the client did not name
    ['tomorrow', false],
    ['', false],
  ])('%s: %s', (value, ok) => {
    expect(isDayOrDateTime(value)).toBe(ok);
  });

  it('a date-time names its date in the shop’s time zone; a day stays itself', () => {
    expect(dayInTimeZone('2026-11-28T00:00:00.000Z', 'Asia/Baghdad')).toBe('2026-11-28');
    expect(dayInTimeZone('2026-11-27T21:30:00.000Z', 'Asia/Baghdad')).toBe('2026-11-28');
    expect(dayInTimeZone('2026-11-27T21:30:00.000Z', 'UTC')).toBe('2026-11-27');
    expect(dayInTimeZone('2026-11-28', 'Pacific/Honolulu')).toBe('2026-11-28');
    expect(daysInTimeZone({ a: '2026-11-27T21:30:00.000Z', b: '', c: 'x' }, ['a', 'b'], 'Asia/Baghdad')).toEqual({
      a: '2026-11-28',
      b: '',
      c: 'x',
    });
  });
});
