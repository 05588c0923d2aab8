// Rules of the general settings (spec part 2 §5, §6): pure functions.
import { DEFAULT_EXCHANGE_RATE, MIN_EXCHANGE_RATE } from '@dukan/contracts';

/** Exchange rates below 1 become 1 (spec part 2 §5). */
export function clampExchangeRate(rate: number): number {
  return Math.max(MIN_EXCHANGE_RATE, rate);
}

/** The rate a user sees: their own if set, else the global one, else 1450. */
export function effectiveExchangeRate(global: number | null, own: number | null): { exchangeRate: number; isUserSpecific: boolean } {
  if (own !== null) return { exchangeRate: own, isUserSpecific: true };
  return { exchangeRate: global ?? DEFAULT_EXCHANGE_RATE, isUserSpecific: false };
}

/** Tax rate typed as a percent (e.g. 7.5) to basis points (750). */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export type RateChange =
  | { kind: 'own'; rate: number } // a manager or cashier sets their own rate
  | { kind: 'global'; rate: number; overrideAll: boolean }; // an admin sets the shop's rate

/** Who sets which rate: admins the global one (with applyToAllUsers overriding everyone's own), others their own. */
export function rateChange(isAdmin: boolean, rate: number, applyToAllUsers: boolean): RateChange {
  const clamped = clampExchangeRate(rate);
  return isAdmin ? { kind: 'global', rate: clamped, overrideAll: applyToAllUsers } : { kind: 'own', rate: clamped };
}
