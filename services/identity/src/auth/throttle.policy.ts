/** Login throttling rules, pure: failures counted per key (an account or an address) within a window. */
export interface ThrottleLimits {
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

export const ACCOUNT_LIMITS: ThrottleLimits = { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };
export const ADDRESS_LIMITS: ThrottleLimits = { maxFailures: 20, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

export interface ThrottleState {
  failures: number;
  windowStartedAt: Date;
  lockedUntil: Date | null;
}

/** Seconds to wait before another attempt is allowed, or 0. */
export function secondsLocked(state: ThrottleState | null, now: Date): number {
  if (!state?.lockedUntil) return 0;
  const ms = state.lockedUntil.getTime() - now.getTime();
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
}

/** The state after one more failed attempt. */
export function afterFailure(state: ThrottleState | null, now: Date, limits: ThrottleLimits): ThrottleState {
  const windowOpen = state && now.getTime() - state.windowStartedAt.getTime() < limits.windowSeconds * 1000;
  const failures = windowOpen ? state.failures + 1 : 1;
  const windowStartedAt = windowOpen ? state.windowStartedAt : now;
  const lockedUntil = failures >= limits.maxFailures ? new Date(now.getTime() + limits.lockSeconds * 1000) : null;
  return { failures: lockedUntil ? 0 : failures, windowStartedAt: lockedUntil ? now : windowStartedAt, lockedUntil };
}
