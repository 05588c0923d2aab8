import { addPeriods, dayIn, dueDays, firstDueDate } from './recurrence.policy.js';

describe('adding periods', () => {
  it.each([
    ['2026-01-30', 'daily', 3, '2026-02-02'],
    ['2026-12-31', 'daily', 1, '2027-01-01'],
    ['2026-03-01', 'weekly', 2, '2026-03-15'],
    ['2026-01-31', 'monthly', 1, '2026-02-28'], // the last day of a shorter month
    ['2026-01-31', 'monthly', 2, '2026-03-31'], // and back to the 31st, counted from the anchor
    ['2028-01-31', 'monthly', 1, '2028-02-29'], // leap year
    ['2026-11-15', 'monthly', 3, '2027-02-15'],
    ['2026-01-31', 'quarterly', 1, '2026-04-30'],
    ['2026-02-15', 'quarterly', 4, '2027-02-15'],
    ['2028-02-29', 'yearly', 1, '2029-02-28'],
    ['2028-02-29', 'yearly', 4, '2032-02-29'],
    ['2026-05-10', 'monthly', 0, '2026-05-10'],
  ] as const)('%s + %s x %i = %s', (anchor, frequency, n, expected) => {
    expect(addPeriods(anchor, frequency, n)).toBe(expected);
  });

  it('starts a new schedule one period after the expense day', () => {
    expect(firstDueDate('2026-01-31', 'monthly')).toBe('2026-02-28');
    expect(firstDueDate('2026-03-01', 'weekly')).toBe('2026-03-08');
  });
});

describe('today in the shop', () => {
  it.each([
    ['Asia/Baghdad', '2026-03-01T20:59:59Z', '2026-03-01'],
    ['Asia/Baghdad', '2026-03-01T21:00:00Z', '2026-03-02'], // midnight in Baghdad (UTC+3)
    ['UTC', '2026-03-01T23:59:59Z', '2026-03-01'],
    ['America/New_York', '2026-03-02T03:00:00Z', '2026-03-01'],
  ])('%s at %s is %s', (zone, instant, day) => {
    expect(dayIn(zone, new Date(instant))).toBe(day);
  });
});

describe('due days', () => {
  const monthly = { anchor: '2026-01-31', index: 0, frequency: 'monthly' as const, endDate: null };
  it.each([
    ['nothing before the first due day', monthly, '2026-01-30', 10, [], 0],
    ['the first due day itself', monthly, '2026-01-31', 10, ['2026-01-31'], 1],
    ['each missed day after a long stop', monthly, '2026-04-15', 10, ['2026-01-31', '2026-02-28', '2026-03-31'], 3],
    ['from where the schedule stands', { ...monthly, index: 2 }, '2026-04-15', 10, ['2026-03-31'], 3],
    [
      'no more than the cap at once',
      { ...monthly, anchor: '2026-01-01', frequency: 'daily' as const },
      '2026-12-31',
      5,
      ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05'],
      5,
    ],
    ['nothing after the end date', { ...monthly, endDate: '2026-03-30' }, '2026-12-31', 10, ['2026-01-31', '2026-02-28'], 2],
    ['the end date itself', { ...monthly, endDate: '2026-02-28' }, '2026-12-31', 10, ['2026-01-31', '2026-02-28'], 2],
  ] as const)('%s', (_name, schedule, today, cap, days, nextIndex) => {
    expect(dueDays(schedule, today, cap)).toEqual({ days, nextIndex });
  });
});
