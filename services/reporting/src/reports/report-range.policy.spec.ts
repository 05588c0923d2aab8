import { addDays, anchorOnOrBefore, hoursOf, isDay, moneyIn, nextAnchor, periodsOf, planOf } from './report-range.policy.js';

describe('isDay', () => {
  it.each([
    ['2026-01-31', true],
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['yesterday', false],
    ['2026-01-01T00:00', false],
  ])('%s -> %s', (v, ok) => expect(isDay(v)).toBe(ok));
});

describe('periodsOf', () => {
  const days = (from: string, n: number) => Array.from({ length: n }, (_, i) => addDays(from, i));
  it.each([
    ['nothing stored', null, null, null, null, { all: false, months: [], days: [] }],
    ['all time', null, null, '2024-06-10', '2026-05-20', { all: true, months: [], days: [] }],
    ['a range past both ends is all time', '2020-01-01', '2030-12-31', '2024-06-10', '2026-05-20', { all: true, months: [], days: [] }],
    ['a range before anything stored', '2020-01-01', '2020-12-31', '2024-06-10', '2026-05-20', { all: false, months: [], days: [] }],
    ['a calendar month', '2025-03-01', '2025-03-31', '2024-06-10', '2026-05-20', { all: false, months: ['2025-03-01'], days: [] }],
    [
      'this month so far (nothing stored after today)',
      '2026-05-01',
      '2026-05-31',
      '2024-06-10',
      '2026-05-20',
      { all: false, months: ['2026-05-01'], days: [] },
    ],
    [
      'the first month, partly before anything stored',
      '2024-06-01',
      '2024-06-30',
      '2024-06-10',
      '2026-05-20',
      { all: false, months: ['2024-06-01'], days: [] },
    ],
    ['a week', '2025-03-10', '2025-03-16', '2024-06-10', '2026-05-20', { all: false, months: [], days: days('2025-03-10', 7) }],
    [
      '30 days over two months',
      '2025-03-20',
      '2025-04-18',
      '2024-06-10',
      '2026-05-20',
      { all: false, months: [], days: days('2025-03-20', 30) },
    ],
    [
      'edges and whole months',
      '2025-01-30',
      '2025-04-02',
      '2024-06-10',
      '2026-05-20',
      { all: false, months: ['2025-02-01', '2025-03-01'], days: ['2025-01-30', '2025-01-31', '2025-04-01', '2025-04-02'] },
    ],
    [
      'open start',
      null,
      '2024-07-02',
      '2024-06-10',
      '2026-05-20',
      { all: false, months: ['2024-06-01'], days: ['2024-07-01', '2024-07-02'] },
    ],
    ['one day', '2025-12-31', '2025-12-31', '2024-06-10', '2026-05-20', { all: false, months: [], days: ['2025-12-31'] }],
  ] as const)('%s', (_name, start, end, first, last, expected) => {
    expect(periodsOf(start, end, first, last)).toEqual(expected);
  });
});

describe('money in the viewer currency', () => {
  it('dollars with two decimals, or whole dinars at the rate', () => {
    expect(moneyIn('USD', 1450)(12345)).toBe(123.45);
    expect(moneyIn('USD', 1450)('-250')).toBe(-2.5);
    expect(moneyIn('IQD', 1450)(12345)).toBe(179_003); // 123.45 x 1450 = 179002.5, half up
    expect(moneyIn('IQD', 1310)(null)).toBe(0);
  });
});

describe('hours', () => {
  it.each([
    [0, 0],
    [3600, 1],
    [5400, 1.5],
    [3599, 1],
    [179, 0],
    [180, 0.1],
  ])('%d s -> %d h', (s, h) => expect(hoursOf(s)).toBe(h));
});

describe('a range over most of the history', () => {
  it('is all time less the months and days outside it, when that reads fewer rows', () => {
    // Two years of figures; the range leaves out the first two months and a half and the last nine days.
    const p = periodsOf('2025-02-15', '2026-11-19', '2024-11-28', '2026-11-28');
    expect(p).toMatchObject({ all: true, months: [], days: [] });
    expect(p.less?.months).toEqual(['2024-11-01', '2024-12-01', '2025-01-01']);
    expect(p.less?.days).toHaveLength(14 + 9);
    expect(p.less?.toLast).toBe(false);
    expect(p.less?.inside.months).toHaveLength(20);
  });

  it('is read as its own months and days when those are fewer', () => {
    expect(periodsOf('2025-06-10', '2025-08-20', '2024-11-28', '2026-11-28').less).toBeUndefined();
  });
});

describe('anchored cumulative ranges', () => {
  const ANCHORS = { main: { first: '2024-11-21', last: '2026-11-21' } };

  it('anchors fall on the 1st, 11th and 21st', () => {
    expect(['2026-01-01', '2026-01-10', '2026-01-11', '2026-01-20', '2026-01-21', '2026-01-31'].map(anchorOnOrBefore)).toEqual([
      '2026-01-01',
      '2026-01-01',
      '2026-01-11',
      '2026-01-11',
      '2026-01-21',
      '2026-01-21',
    ]);
    expect(['2025-12-21', '2026-02-01', '2026-02-11', '2026-02-21'].map(nextAnchor)).toEqual([
      '2026-01-01',
      '2026-02-11',
      '2026-02-21',
      '2026-03-01',
    ]);
  });

  it('reads 700 days to a week ago as two anchors and at most five days at each end', () => {
    const p = planOf('2024-12-29', '2026-11-21', '2024-11-28', '2026-11-28', ANCHORS, ['main'], true);
    // Up to 21 November: the 21st's rows plus the 21st; before 29 December: the 1 January rows less 29-31 December.
    expect(p.terms).toEqual([
      { grain: 'c', from: '2026-11-21', to: '2026-11-21', coef: 1, branches: null },
      { grain: 'c', from: '2025-01-01', to: '2025-01-01', coef: -1, branches: null },
      { grain: 'd', from: '2024-12-29', to: '2024-12-31', coef: 1, branches: null },
      { grain: 'd', from: '2026-11-21', to: '2026-11-21', coef: 1, branches: null },
    ]);
  });

  it('reads a range to the last figures as all time less what came before it', () => {
    const p = planOf('2025-05-12', null, '2024-11-28', '2026-11-28', ANCHORS, ['main'], true);
    expect(p.terms).toEqual([
      { grain: 'a', from: '2000-01-01', to: '2000-01-01', coef: 1, branches: null },
      { grain: 'c', from: '2025-05-11', to: '2025-05-11', coef: -1, branches: null },
      { grain: 'd', from: '2025-05-11', to: '2025-05-11', coef: -1, branches: null },
    ]);
  });

  it('only adds at the end when asked (a latest purchase cannot be taken off)', () => {
    const p = planOf('2024-12-29', '2026-11-19', '2024-11-28', '2026-11-28', ANCHORS, ['main'], true, true);
    expect(p.terms!.filter((t) => t.from >= '2026-11-01')).toEqual([
      { grain: 'c', from: '2026-11-11', to: '2026-11-11', coef: 1, branches: null },
      { grain: 'd', from: '2026-11-11', to: '2026-11-19', coef: 1, branches: null },
    ]);
  });

  it('lists the branches of each group holding other anchors, and reads short ranges as their own days', () => {
    const p = planOf(
      '2025-03-05',
      '2026-06-15',
      '2024-11-28',
      '2026-11-28',
      { ...ANCHORS, b: { first: '2025-02-01', last: '2026-05-01' } },
      ['main', 'b'],
      true,
    );
    expect(new Set(p.terms!.map((t) => t.branches?.join()))).toEqual(new Set(['main', 'b']));
    const short = planOf('2026-03-05', '2026-03-15', '2024-11-28', '2026-11-28', ANCHORS, ['main'], true);
    expect(short.terms).toBeUndefined();
    expect(short.days).toHaveLength(11);
  });
});
