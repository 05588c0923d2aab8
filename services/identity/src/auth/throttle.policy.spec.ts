import { addressKey, pairKey, secondsLocked } from './throttle.policy.js';

describe('login throttle keys', () => {
  it('counts an account per client address, whatever the case of the name', () => {
    expect(pairKey('Admin', '10.0.0.7')).toBe(pairKey(' admin', '10.0.0.7'));
    expect(pairKey('admin', '10.0.0.7')).not.toBe(pairKey('admin', '10.0.0.8'));
    expect(addressKey('10.0.0.7')).not.toBe(pairKey('', '10.0.0.7'));
  });
});

describe('secondsLocked', () => {
  const now = new Date('2026-11-21T10:00:00Z');
  it('answers the whole seconds left, rounded up, and 0 when not or no longer locked', () => {
    expect(secondsLocked(new Date(now.getTime() + 899_001), now)).toBe(900);
    expect(secondsLocked(new Date(now.getTime() - 1), now)).toBe(0);
    expect(secondsLocked(null, now)).toBe(0);
  });
});
