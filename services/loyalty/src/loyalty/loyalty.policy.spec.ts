import {
  awardFor,
  DEFAULT_LOYALTY_SETTINGS,
  pointsValueCents,
  redeem,
  refundUndo,
  revokeFromBalance,
  statusFor,
  voidUndo,
  type LoyaltySettings,
  type SalePointsState,
} from './loyalty.policy.js';

const settings = (over: Partial<LoyaltySettings> = {}): LoyaltySettings => ({
  ...DEFAULT_LOYALTY_SETTINGS,
  statusTiers: { silver: 100, gold: 500, platinum: 1000 },
  statusMultipliers: { standard: 1, silver: 1.5, gold: 2, platinum: 3 },
  tiers: [],
  ...over,
});

describe('statusFor', () => {
  it.each([
    [0, 'standard'],
    [99, 'standard'],
    [100, 'silver'],
    [499, 'silver'],
    [500, 'gold'],
    [999, 'gold'],
    [1000, 'platinum'],
    [50_000, 'platinum'],
  ] as const)('%i lifetime points -> %s', (lifetime, status) => {
    expect(statusFor(lifetime, settings())).toBe(status);
  });
});

describe('awardFor', () => {
  const tiers = [
    { threshold: 50, bonusType: 'fixed' as const, bonusValue: 10 },
    { threshold: 100, bonusType: 'percentage' as const, bonusValue: 50 },
  ];
  it.each([
    // totalCents, status, settings override, expected {base, bonus}
    [1000, 'standard', {}, 10, 0],
    [1099, 'standard', {}, 10, 0], // $10.99 -> floor(10.99) = 10
    [1099, 'silver', {}, 16, 0], // 10.99 × 1.5 = 16.485
    [1000, 'gold', {}, 20, 0],
    [1000, 'platinum', {}, 30, 0],
    [1000, 'standard', { pointsPerDollar: 2.5 }, 25, 0],
    [333, 'standard', { pointsPerDollar: 0.1 }, 0, 0], // 0.333 -> 0
    [3000, 'standard', { pointsPerDollar: 0.1, statusMultipliers: { standard: 1.1, silver: 1, gold: 1, platinum: 1 } }, 3, 0], // 30×0.1×1.1 = 3.3 (float says 3.3000000000000003)
    [4999, 'standard', { tiers }, 49, 0], // below the first tier
    [5000, 'standard', { tiers }, 50, 10], // reaches the fixed tier
    [9999, 'standard', { tiers }, 99, 10],
    [10000, 'standard', { tiers }, 100, 50], // highest tier reached: 50 % of base
    [10000, 'silver', { tiers }, 150, 75],
    [10000, 'standard', { tiers, enabled: false }, 0, 0],
    [0, 'standard', { tiers: [{ threshold: 0, bonusType: 'fixed' as const, bonusValue: 5 }] }, 0, 0], // a free sale earns nothing
    [-500, 'standard', {}, 0, 0],
  ] as const)('%i cents as %s %j -> base %i + bonus %i', (total, status, over, base, bonus) => {
    const award = awardFor(total, status, settings(over as Partial<LoyaltySettings>));
    expect(award).toEqual({ base, bonus, points: base + bonus });
  });
});

describe('redeem', () => {
  it.each([
    // requested, spendable, override, sale total, expected
    [100, 500, {}, null, { ok: true, points: 100, valueCents: 100, capped: false }],
    [500, 500, {}, null, { ok: true, points: 500, valueCents: 500, capped: false }],
    [501, 500, {}, null, { ok: false, reason: 'INSUFFICIENT_POINTS' }],
    [0, 500, {}, null, { ok: false, reason: 'MINIMUM_POINTS' }],
    [-5, 500, {}, null, { ok: false, reason: 'MINIMUM_POINTS' }],
    [1.5, 500, {}, null, { ok: false, reason: 'MINIMUM_POINTS' }],
    [49, 500, { minimumRedemption: 50 }, null, { ok: false, reason: 'MINIMUM_POINTS' }],
    [50, 500, { minimumRedemption: 50 }, null, { ok: true, points: 50, valueCents: 50, capped: false }],
    [10, 99, { minimumPoints: 100 }, null, { ok: false, reason: 'BELOW_MINIMUM_BALANCE' }],
    [10, 100, { minimumPoints: 100 }, null, { ok: true, points: 10, valueCents: 10, capped: false }],
    [100, 500, { enabled: false }, null, { ok: false, reason: 'LOYALTY_DISABLED' }],
    [333, 500, { redemptionRate: 0.005 }, null, { ok: true, points: 333, valueCents: 166, capped: false }], // 1.665 -> 1.66
    [400, 500, { maximumRedemptionValue: 2.5 }, null, { ok: true, points: 250, valueCents: 250, capped: true }],
    [400, 500, {}, 175, { ok: true, points: 175, valueCents: 175, capped: true }], // capped by the sale total
    [400, 500, { redemptionRate: 0.03 }, 1000, { ok: true, points: 334, valueCents: 1000, capped: true }], // ceil(10/0.03)
    [400, 500, { maximumRedemptionValue: 3 }, 200, { ok: true, points: 200, valueCents: 200, capped: true }], // lower cap wins
    [400, 500, {}, 0, { ok: true, points: 0, valueCents: 0, capped: true }],
  ] as const)('%p of %i %j total %p', (requested, spendable, over, total, expected) => {
    expect(redeem(requested, spendable, settings(over as Partial<LoyaltySettings>), total)).toEqual(expected);
  });

  it('values points at the redemption rate, floored to the cent', () => {
    expect(pointsValueCents(1, settings({ redemptionRate: 0.001 }))).toBe(0);
    expect(pointsValueCents(10, settings({ redemptionRate: 0.001 }))).toBe(1);
    expect(pointsValueCents(7, settings({ redemptionRate: 0.07 }))).toBe(49);
  });
});

describe('refunds and voids', () => {
  const sale: SalePointsState = {
    totalCents: 10000,
    pointsRedeemed: 30,
    pointsAwarded: 99,
    refundedCents: 0,
    pointsReturned: 0,
    pointsRevoked: 0,
  };
  it.each([
    // state override, amount, full, expected
    [{}, 5000, false, { returnPoints: 15, revokePoints: 49 }], // half: floor(49.5)
    [{ refundedCents: 5000, pointsReturned: 15, pointsRevoked: 49 }, 5000, false, { returnPoints: 15, revokePoints: 50 }], // the rest adds up to the whole
    [{}, 10000, false, { returnPoints: 30, revokePoints: 99 }],
    [{}, 100, true, { returnPoints: 30, revokePoints: 99 }], // flagged full
    [{}, 20000, false, { returnPoints: 30, revokePoints: 99 }], // never more than the sale
    [{}, 0, false, { returnPoints: 0, revokePoints: 0 }],
    [{ totalCents: 0 }, 0, false, { returnPoints: 0, revokePoints: 0 }],
    [{ totalCents: 0 }, 0, true, { returnPoints: 30, revokePoints: 99 }],
  ] as const)('%j refund %i full=%p -> %j', (over, amount, full, expected) => {
    expect(refundUndo({ ...sale, ...over }, amount, full)).toEqual(expected);
  });

  it.each([
    [{}, { returnPoints: 30, revokePoints: 99 }],
    [
      { pointsReturned: 15, pointsRevoked: 49 },
      { returnPoints: 15, revokePoints: 50 },
    ],
    [
      { pointsReturned: 30, pointsRevoked: 99 },
      { returnPoints: 0, revokePoints: 0 },
    ],
  ])('void after %j -> %j', (over, expected) => {
    expect(voidUndo({ ...sale, ...over })).toEqual(expected);
  });

  it.each([
    [100, 40, 40],
    [10, 40, 10], // already spent: the balance stops at zero
    [0, 40, 0],
    [50, 0, 0],
  ])('balance %i, owed %i -> takes %i', (balance, owed, taken) => {
    expect(revokeFromBalance(balance, owed)).toBe(taken);
  });
});
