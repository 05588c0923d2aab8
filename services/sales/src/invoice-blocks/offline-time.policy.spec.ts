import { offlineSaleTime } from './offline-time.policy.js';

const now = new Date('2026-03-01T00:10:00.000Z');
const reservedAt = new Date('2026-02-28T21:00:00.000Z');

describe('the time an offline sale is recorded at', () => {
  it.each([
    ['made before midnight, sent after it', '2026-02-28T23:50:00.000Z', { ok: true, at: new Date('2026-02-28T23:50:00.000Z') }],
    ['the till\'s clock 4 minutes ahead', '2026-03-01T00:14:00.000Z', { ok: true, at: new Date('2026-03-01T00:14:00.000Z') }],
    ['the till\'s clock 6 minutes ahead', '2026-03-01T00:16:00.000Z', { ok: false, reason: 'future' }],
    ['an hour in the future', '2026-03-01T01:10:00.000Z', { ok: false, reason: 'future' }],
    ['4 minutes before the block was reserved', '2026-02-28T20:56:00.000Z', { ok: true, at: new Date('2026-02-28T20:56:00.000Z') }],
    ['6 minutes before the block was reserved', '2026-02-28T20:54:00.000Z', { ok: false, reason: 'beforeBlock' }],
    ['with an offset', '2026-03-01T02:50:00+03:00', { ok: true, at: new Date('2026-02-28T23:50:00.000Z') }],
    ['not a time', 'yesterday', { ok: false, reason: 'invalid' }],
  ])('%s', (_case, createdAt, expected) => {
    expect(offlineSaleTime(createdAt, reservedAt, now)).toEqual(expected);
  });
});
