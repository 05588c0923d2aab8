import { shopDayRuns } from '../src/read-models/daily-counts.js';

const at = (iso: string) => ({ occurredAt: iso });
const days = (runs: { occurredAt: string }[][]) => runs.map((r) => r.map((e) => e.occurredAt));

describe('shopDayRuns', () => {
  it.each([
    ['one day', 'Asia/Baghdad', ['2026-11-20T10:00:00Z', '2026-11-20T11:00:00Z'], [['2026-11-20T10:00:00Z', '2026-11-20T11:00:00Z']]],
    // 20:59 UTC is 23:59 in Baghdad (UTC+3); 21:01 UTC is already the next shop day there, but not in UTC.
    ['midnight in Baghdad', 'Asia/Baghdad', ['2026-11-20T20:59:00Z', '2026-11-20T21:01:00Z'], [['2026-11-20T20:59:00Z'], ['2026-11-20T21:01:00Z']]],
    ['the same times in UTC', 'UTC', ['2026-11-20T20:59:00Z', '2026-11-20T21:01:00Z'], [['2026-11-20T20:59:00Z', '2026-11-20T21:01:00Z']]],
    ['back to an earlier day', 'UTC', ['2026-11-21T01:00:00Z', '2026-11-20T23:00:00Z', '2026-11-20T23:30:00Z'],
      [['2026-11-21T01:00:00Z'], ['2026-11-20T23:00:00Z', '2026-11-20T23:30:00Z']]],
    ['a zone JavaScript does not know: each alone', 'Mars/Olympus', ['2026-11-20T10:00:00Z', '2026-11-20T11:00:00Z'], [['2026-11-20T10:00:00Z'], ['2026-11-20T11:00:00Z']]],
    ['nothing', 'UTC', [], []],
  ])('%s', (_name, zone, times, expected) => {
    expect(days(shopDayRuns(times.map(at), zone))).toEqual(expected);
  });
});
