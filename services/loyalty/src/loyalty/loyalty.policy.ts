// The loyalty rules of issue 4, as pure functions. Money in USD cents; settings as the API shows them (dollars, rates).
// Fractional settings are turned into scaled integers so no float product ever decides a point or a cent.
import { pointsValueCents as sharedPointsValueCents } from '@dukan/contracts';

export const LOYALTY_STATUSES = ['standard', 'silver', 'gold', 'platinum'] as const;
export type LoyaltyStatus = (typeof LOYALTY_STATUSES)[number];
export const BONUS_TYPES = ['fixed', 'percentage'] as const;
export type BonusType = (typeof BONUS_TYPES)[number];

export interface PurchaseTier {
  threshold: number; // sale total in dollars that reaches the tier
  bonusType: BonusType;
  bonusValue: number; // points (fixed) or percent of the base points (percentage)
}

export interface LoyaltySettings {
  enabled: boolean;
  pointsPerDollar: number;
  redemptionRate: number; // dollars one point is worth
  minimumPoints: number; // balance a customer must hold before redeeming
  minimumRedemption: number; // fewest points one redemption may use
  maximumRedemptionValue: number; // dollars one redemption may be worth; 0 = no cap
  statusTiers: { silver: number; gold: number; platinum: number }; // lifetime points
  statusMultipliers: Record<LoyaltyStatus, number>;
  tiers: PurchaseTier[];
}

export const DEFAULT_LOYALTY_SETTINGS: LoyaltySettings = Object.freeze({
  enabled: true,
  pointsPerDollar: 1,
  redemptionRate: 0.01, // spec part 1 §9: 0.01 per point
  minimumPoints: 0,
  minimumRedemption: 1,
  maximumRedemptionValue: 0,
  statusTiers: Object.freeze({ silver: 1000, gold: 5000, platinum: 10000 }),
  statusMultipliers: Object.freeze({ standard: 1, silver: 1.25, gold: 1.5, platinum: 2 }),
  tiers: [],
}) as LoyaltySettings;

/** x as an integer count of 10^-digits units (x has at most `digits` decimals; DTOs check that). */
function scaled(x: number, digits: number): bigint {
  return BigInt(Math.round(x * 10 ** digits));
}

/** Status from lifetime points: the highest threshold reached (thresholds are checked from platinum down). */
export function statusFor(lifetimePoints: number, s: LoyaltySettings): LoyaltyStatus {
  if (lifetimePoints >= s.statusTiers.platinum) return 'platinum';
  if (lifetimePoints >= s.statusTiers.gold) return 'gold';
  if (lifetimePoints >= s.statusTiers.silver) return 'silver';
  return 'standard';
}

/** The purchase tier with the highest threshold the total reaches, or null. */
export function tierFor(totalCents: number, s: LoyaltySettings): PurchaseTier | null {
  let best: PurchaseTier | null = null;
  for (const tier of s.tiers) {
    if (scaled(tier.threshold, 2) <= BigInt(totalCents) && (!best || tier.threshold > best.threshold)) best = tier;
  }
  return best;
}

export interface Award {
  base: number;
  bonus: number;
  points: number;
}

/**
 * Points for a sale: base = floor(total in dollars × pointsPerDollar × status multiplier); plus the bonus of the
 * highest purchase tier reached: fixed points (whole points), or floor(base × percent / 100). Disabled: nothing.
 */
export function awardFor(totalCents: number, status: LoyaltyStatus, s: LoyaltySettings): Award {
  if (!s.enabled || !Number.isSafeInteger(totalCents) || totalCents <= 0) return { base: 0, bonus: 0, points: 0 };
  // cents × ppd(1/100) × multiplier(1/100) / (100 cents per dollar × 100 × 100)
  const base = Number((BigInt(totalCents) * scaled(s.pointsPerDollar, 2) * scaled(s.statusMultipliers[status], 2)) / 1_000_000n);
  const tier = tierFor(totalCents, s);
  let bonus = 0;
  if (tier) {
    bonus = tier.bonusType === 'fixed' ? Math.floor(tier.bonusValue) : Number((BigInt(base) * scaled(tier.bonusValue, 2)) / 10_000n);
  }
  return { base, bonus, points: base + bonus };
}

/** Value of `points` at the redemption rate, floored to the cent (the shared pricing rules). */
export function pointsValueCents(points: number, s: LoyaltySettings): number {
  return sharedPointsValueCents(points, s.redemptionRate);
}

export type RedemptionRefusal = 'LOYALTY_DISABLED' | 'MINIMUM_POINTS' | 'BELOW_MINIMUM_BALANCE' | 'INSUFFICIENT_POINTS';

export type Redemption = { ok: true; points: number; valueCents: number; capped: boolean } | { ok: false; reason: RedemptionRefusal };

/**
 * A redemption of `requested` points by a customer who can spend `spendable`:
 * refused when loyalty is off, below minimumRedemption (or not above 0), when the customer holds less than
 * minimumPoints, or asks for more than they hold. Its value is points × redemptionRate, capped by
 * maximumRedemptionValue (0 = no cap) and by `saleTotalCents` when given; a capped redemption uses only the
 * points needed to reach the cap, so nobody pays points for nothing.
 */
export function redeem(requested: number, spendable: number, s: LoyaltySettings, saleTotalCents: number | null = null): Redemption {
  if (!s.enabled) return { ok: false, reason: 'LOYALTY_DISABLED' };
  if (!Number.isSafeInteger(requested) || requested <= 0 || requested < s.minimumRedemption) return { ok: false, reason: 'MINIMUM_POINTS' };
  if (spendable < s.minimumPoints) return { ok: false, reason: 'BELOW_MINIMUM_BALANCE' };
  if (requested > spendable) return { ok: false, reason: 'INSUFFICIENT_POINTS' };
  const value = pointsValueCents(requested, s);
  const caps: number[] = [];
  if (s.maximumRedemptionValue > 0) caps.push(Number(scaled(s.maximumRedemptionValue, 2)));
  if (saleTotalCents !== null) caps.push(Math.max(0, saleTotalCents));
  const cap = caps.length > 0 ? Math.min(...caps) : Infinity;
  if (value <= cap) return { ok: true, points: requested, valueCents: value, capped: false };
  const rate = scaled(s.redemptionRate, 4); // hundredths of a cent per point; > 0 here, since value > cap >= 0
  const needed = Number((BigInt(cap) * 100n + rate - 1n) / rate); // ceil(cap / value of one point)
  return { ok: true, points: Math.min(requested, needed), valueCents: cap, capped: true };
}

export interface SalePointsState {
  totalCents: number;
  pointsRedeemed: number;
  pointsAwarded: number;
  refundedCents: number; // refunded before this refund
  pointsReturned: number; // redeemed points given back so far
  pointsRevoked: number; // awarded points taken back so far (as owed, before the zero floor)
}

export interface PointsUndo {
  returnPoints: number; // redeemed points to give back now
  revokePoints: number; // awarded points to take back now
}

/**
 * A refund of `amountCents` gives back redeemed points and takes back awarded points in proportion to the share
 * of the sale refunded so far (cumulative, so partial refunds add up to exactly the whole): owed so far =
 * floor(points × refunded / total), all of them once the sale is fully refunded. Only what is owed beyond
 * earlier refunds moves now.
 */
export function refundUndo(state: SalePointsState, amountCents: number, fullyRefunded: boolean): PointsUndo {
  const refunded = Math.min(state.totalCents, state.refundedCents + Math.max(0, amountCents));
  const whole = fullyRefunded || (state.totalCents > 0 && refunded >= state.totalCents);
  const share = (points: number) =>
    whole ? points : state.totalCents > 0 ? Number((BigInt(points) * BigInt(refunded)) / BigInt(state.totalCents)) : 0;
  return {
    returnPoints: Math.max(0, share(state.pointsRedeemed) - state.pointsReturned),
    revokePoints: Math.max(0, share(state.pointsAwarded) - state.pointsRevoked),
  };
}

/** A void gives back every redeemed point and takes back every awarded point not already undone by refunds. */
export function voidUndo(state: SalePointsState): PointsUndo {
  return {
    returnPoints: Math.max(0, state.pointsRedeemed - state.pointsReturned),
    revokePoints: Math.max(0, state.pointsAwarded - state.pointsRevoked),
  };
}

/**
 * Taking back awarded points never makes a balance negative: if the customer already spent them, the balance
 * stops at zero and the rest is forgiven. Lifetime points (and so the status) lose the whole amount owed.
 */
export function revokeFromBalance(balance: number, owed: number): number {
  return Math.min(Math.max(0, balance), Math.max(0, owed));
}
