/**
 * Login throttling rules. Attempts are counted per key within a window; past the limit the key is locked.
 * Two keys per attempt: the account from this client address (so a stranger elsewhere cannot lock a shop's
 * `admin` out), and the address alone (so one address cannot try account after account). An attempt from a
 * device the account signed in from before (its device token) counts on one key, the account on that device: so
 * guesses from the shop's own address (every desktop user is 127.0.0.1) never lock out its staff's own devices.
 */
export interface ThrottleLimits {
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

export const PAIR_LIMITS: ThrottleLimits = { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };
export const ADDRESS_LIMITS: ThrottleLimits = { maxFailures: 20, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

export function pairKey(username: string, address: string): string {
  return `pair:${username.trim().toLowerCase()}@${address}`;
}

export function deviceKey(username: string, deviceId: string): string {
  return `device:${username.trim().toLowerCase()}@${deviceId}`;
}

export function addressKey(address: string): string {
  return `address:${address}`;
}

/** Seconds to wait before another attempt is allowed, or 0. */
export function secondsLocked(lockedUntil: Date | null, now: Date): number {
  if (!lockedUntil) return 0;
  const ms = lockedUntil.getTime() - now.getTime();
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
}
