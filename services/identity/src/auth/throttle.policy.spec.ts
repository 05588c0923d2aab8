import { ACCOUNT_LIMITS, afterFailure, secondsLocked, type ThrottleState } from './throttle.policy.js';

const t0 = new Date('2026-11-21T10:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

describe('login throttle policy', () => {
  it('locks an account on the fifth failure within the window, for the lock time', () => {
    let s: ThrottleState | null = null;
    for (let i = 1; i <= 4; i++) {
      s = afterFailure(s, at(i), ACCOUNT_LIMITS);
      expect(secondsLocked(s, at(i))).toBe(0);
    }
    s = afterFailure(s, at(5), ACCOUNT_LIMITS);
    expect(secondsLocked(s, at(5))).toBe(15 * 60);
    expect(secondsLocked(s, at(5 + 60))).toBe(14 * 60);
    expect(secondsLocked(s, at(5 + 15 * 60))).toBe(0);
  });

  it('forgets failures older than the window', () => {
    let s: ThrottleState | null = null;
    for (let i = 0; i < 4; i++) s = afterFailure(s, at(i), ACCOUNT_LIMITS);
    s = afterFailure(s, at(16 * 60), ACCOUNT_LIMITS);
    expect(s.failures).toBe(1);
    expect(secondsLocked(s, at(16 * 60))).toBe(0);
  });

  it('answers 0 for a key that never failed', () => {
    expect(secondsLocked(null, t0)).toBe(0);
  });
});
