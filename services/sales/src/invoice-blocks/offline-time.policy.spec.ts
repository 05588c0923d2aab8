import { offlineSaleTime } from './offline-time.policy.js';

const now = new Date('2026-03-01T00:10:00.000Z');
const reservedAt = new Date('2026-02-28T21:00:00.000Z');

describe('the time an offline sale is recorded at', () => {
  it.each([
    ['made before midnight, sent after it', '2026-02-28T23:50:00.000Z', '2026-02-28T23:50:00.000Z'],
    ["the till's clock 4 minutes ahead", '2026-03-01T00:14:00.000Z', '2026-03-01T00:14:00.000Z'],
    ["the till's clock an hour ahead: now, give or take the skew", '2026-03-01T01:10:00.000Z', '2026-03-01T00:15:00.000Z'],
    ['4 minutes before the block was reserved', '2026-02-28T20:56:00.000Z', '2026-02-28T20:56:00.000Z'],
    ['a day before the block was reserved: its reserving', '2026-02-27T21:00:00.000Z', '2026-02-28T20:55:00.000Z'],
    ['with an offset', '2026-03-01T02:50:00+03:00', '2026-02-28T23:50:00.000Z'],
  ])('%s', (_case, madeAt, expected) => {
    expect(offlineSaleTime(madeAt, reservedAt, now)?.toISOString()).toBe(expected);
  });

  it('is no time at all for what is not one', () => {
    expect(offlineSaleTime('yesterday', reservedAt, now)).toBeNull();
  });
});
