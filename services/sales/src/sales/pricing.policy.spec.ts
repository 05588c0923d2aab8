import {
  allocate, cartDiscountCents, checkTender, includedTaxCents, inSaleCurrency, percentOfCents, priceLine, priceSale, refundPoints, refundShareCents,
} from './pricing.policy.js';

describe('priceLine: gross x (1 - discount %), rounded once per line', () => {
  it.each([
    // price, qty, discount %, subtotal
    [1000, 1, 0, 1000],
    [999, 3, 0, 2997],
    [105, 3, 50, 158], // 315 x 0.5 = 157.5 -> 158 (half up), not 3 x round(52.5)
    [99, 3, 15, 252], // 297 x 0.85 = 252.45 -> 252
    [1, 1, 50, 1], // half a cent rounds up
    [1, 1, 49.99, 1],
    [3333, 1, 33.33, 2222], // 3333 x 0.6667 = 2222.1111
    [1000, 2, 100, 0],
    [1000, 2, 150, 0], // clamped to 100
    [1000, 2, -5, 2000], // clamped to 0
    [1999, 7, 12.5, 12244], // 13993 x 0.875 = 12243.875
  ])('%i cents x %i at %d%% -> %i', (priceCents, quantity, discountPercent, subtotal) => {
    const line = priceLine({ priceCents, quantity, discountPercent });
    expect(line.subtotalCents).toBe(subtotal);
    expect(line.grossCents - line.discountCents).toBe(subtotal);
  });
});

describe('cart discount', () => {
  it.each([
    [10000, { type: 'percentage' as const, value: 10 }, 1000],
    [10000, { type: 'percentage' as const, value: 250 }, 10000], // clamped to 100 %
    [10000, { type: 'percentage' as const, value: -10 }, 0], // clamped to 0 %
    [999, { type: 'percentage' as const, value: 50 }, 500], // 499.5 -> 500
    [10000, { type: 'fixed' as const, value: 2500 }, 2500],
    [10000, { type: 'fixed' as const, value: 25000 }, 10000], // never above the subtotal
    [10000, { type: 'fixed' as const, value: -300 }, 0],
    [10000, null, 0],
  ])('subtotal %i with %o -> %i', (subtotal, discount, expected) => {
    expect(cartDiscountCents(subtotal, discount)).toBe(expected);
  });
});

describe('included tax', () => {
  it.each([
    [11000, 1000, 1000], // 10 % included in 110.00 is 10.00
    [10000, 0, 0],
    [10000, 500, 476], // 10000 x 5 / 105 = 476.19
    [1, 1000, 0],
    [0, 1000, 0],
  ])('%i cents at %i bp contains %i', (amount, bp, tax) => {
    expect(includedTaxCents(amount, bp)).toBe(tax);
  });
});

describe('priceSale', () => {
  const lines = [
    { priceCents: 1250, quantity: 2, discountPercent: 0 }, // 2500
    { priceCents: 333, quantity: 3, discountPercent: 10 }, // 999 x 0.9 = 899.1 -> 899
  ];

  it('adds the lines, takes the discounts off, never below 0', () => {
    const s = priceSale({ lines, discount: { type: 'percentage', value: 10 }, loyaltyDiscountCents: 500, taxRateBasisPoints: 0 });
    expect(s.subtotalCents).toBe(3399);
    expect(s.discountCents).toBe(340); // 339.9
    expect(s.totalBeforeLoyaltyCents).toBe(3059);
    expect(s.loyaltyDiscountCents).toBe(500);
    expect(s.totalCents).toBe(2559);
  });

  it('caps the loyalty discount at what is left, so the total is 0 and not negative', () => {
    const s = priceSale({ lines, discount: { type: 'fixed', value: 3000 }, loyaltyDiscountCents: 10_000, taxRateBasisPoints: 0 });
    expect(s.loyaltyDiscountCents).toBe(399);
    expect(s.totalCents).toBe(0);
  });

  it('spreads the total over the lines exactly, for partial refunds', () => {
    const s = priceSale({ lines, discount: { type: 'percentage', value: 33 }, loyaltyDiscountCents: 7, taxRateBasisPoints: 1000 });
    expect(s.lineNetCents.reduce((a, b) => a + b, 0)).toBe(s.totalCents);
    expect(s.taxCents).toBe(includedTaxCents(s.totalCents, 1000));
  });
});

describe('allocate', () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [0, [5, 5], [0, 0]],
    [10, [0, 0], [10, 0]],
    [2559, [2500, 899], [1882, 677]],
  ])('%i over %o -> %o', (total, weights, parts) => {
    expect(allocate(total, weights)).toEqual(parts);
  });
});

describe('tender and change', () => {
  it.each([
    [5000, 4999, { ok: true, changeCents: 1 }],
    [5000, 5000, { ok: true, changeCents: 0 }],
    [4999, 5000, { ok: false, shortByCents: 1 }],
  ])('tendered %i for %i', (tendered, total, result) => {
    expect(checkTender(tendered, total)).toEqual(result);
  });
});

describe('IQD shown in whole dinars', () => {
  it.each([
    [100, 1450, 1450],
    [1, 1450, 15], // 14.5 -> 15
    [3, 1450, 44], // 43.5 -> 44
    [999, 1310.5, 13092], // 13091.895
    [12345, 1, 123],
  ])('%i cents at %d -> %i IQD', (cents, rate, iqd) => {
    expect(inSaleCurrency(cents, 'IQD', rate)).toBe(iqd);
  });

  it('shows USD in dollars', () => {
    expect(inSaleCurrency(1999, 'USD', 1450)).toBe(19.99);
  });
});

describe('partial refunds never drift', () => {
  it('refunding a line one unit at a time returns exactly its net amount', () => {
    let refundedCents = 0;
    for (let done = 0; done < 3; done++) refundedCents += refundShareCents(1000, 3, done, 1, refundedCents);
    expect(refundedCents).toBe(1000);
  });

  it.each([
    [100, 2559, [1000, 1000, 559], [39, 39, 22]],
    [7, 10, [3, 3, 4], [2, 2, 3]],
  ])('%i points over refunds of %i in parts %o -> %o', (points, total, parts, expected) => {
    let before = 0;
    const got = parts.map((p) => {
      const r = refundPoints(points, before, before + p, total);
      before += p;
      return r;
    });
    expect(got).toEqual(expected);
    expect(got.reduce((a, b) => a + b, 0)).toBe(points);
  });
});

it('percentOfCents is exact where floats are not', () => {
  // 0.1 + 0.2 style trouble: 1005 x 50 % = 502.5 -> 503
  expect(percentOfCents(1005, 50)).toBe(503);
  expect(percentOfCents(2010, 1.15)).toBe(23); // 23.115
});
