import {
  addedTaxCents,
  agreesWithin,
  allocate,
  applyTax,
  cartDiscountCents,
  exchangeBalance,
  checkTender,
  includedTaxCents,
  inSaleCurrency,
  lineAsSold,
  lineDiscountValue,
  percentOfCents,
  pointsForValue,
  pointsValueCents,
  priceLine,
  priceSale,
  settleTender,
} from './pricing.js';

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

describe('added tax', () => {
  it.each([
    [10000, 1000, 1000], // 10 % on 100.00 is 10.00
    [10000, 0, 0],
    [1999, 750, 150], // 149.925 -> 150
    [1990, 750, 149], // 149.25 -> 149
    [2000, 25, 5], // 0.25 % of 20.00 is 5 cents exactly
    [1, 4999, 0], // 0.4999 of a cent
    [1, 5000, 1], // half a cent rounds up
    [0, 1000, 0],
  ])('%i at %i bp adds %i', (amount, bp, tax) => {
    expect(addedTaxCents(amount, bp)).toBe(tax);
    expect(applyTax(amount, bp, 'added')).toEqual({ taxCents: tax, totalCents: amount + tax });
  });

  it('included leaves the amount as the total and finds the tax inside it', () => {
    expect(applyTax(11000, 1000, 'included')).toEqual({ taxCents: 1000, totalCents: 11000 });
    expect(applyTax(11000, 1000)).toEqual({ taxCents: 1000, totalCents: 11000 });
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

  it('adds the tax on what is left after the discounts and loyalty, and the lines share the taxed total', () => {
    const input = { lines, discount: { type: 'percentage' as const, value: 10 }, loyaltyDiscountCents: 500, taxRateBasisPoints: 750 };
    const added = priceSale({ ...input, taxMode: 'added' });
    expect(added).toMatchObject({ totalBeforeLoyaltyCents: 3059, loyaltyDiscountCents: 500, netCents: 2559, taxMode: 'added' });
    expect(added.taxCents).toBe(192); // 2559 x 7.5 % = 191.925
    expect(added.totalCents).toBe(2751);
    expect(added.lineNetCents.reduce((a, b) => a + b, 0)).toBe(2751);
    const included = priceSale(input);
    expect(included).toMatchObject({ totalCents: 2559, taxCents: 179, netCents: 2380, taxMode: 'included' }); // 2559 x 7.5 / 107.5
  });

  it('adds whole dinars of tax to a dinar sale', () => {
    const s = priceSale({
      lines: [{ priceCents: 18_125, quantity: 1, discountPercent: 0 }],
      discount: null,
      loyaltyDiscountCents: 0,
      taxRateBasisPoints: 1000,
      taxMode: 'added',
    });
    expect(s).toMatchObject({ netCents: 18_125, taxCents: 1_813, totalCents: 19_938 }); // 1,812.5 dinars half up
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

it('percentOfCents is exact where floats are not', () => {
  // 0.1 + 0.2 style trouble: 1005 x 50 % = 502.5 -> 503
  expect(percentOfCents(1005, 50)).toBe(503);
  expect(percentOfCents(2010, 1.15)).toBe(23); // 23.115
});

it('the $12.25 product at 10 % off comes to $11.03: 11.025 rounds half up at the cent', () => {
  expect(priceLine({ priceCents: 1225, quantity: 1, discountPercent: 10 })).toEqual({
    grossCents: 1225,
    discountCents: 122,
    subtotalCents: 1103,
  });
  expect(lineDiscountValue({ priceCents: 1225, quantity: 1, discountPercent: 10 }, 'fixed')).toBe(122);
  expect(lineDiscountValue({ priceCents: 1225, quantity: 1, discountPercent: 10 }, 'percentage')).toBe(10);
});

describe('loyalty points and their value', () => {
  it.each([
    [20, 0.01, 20],
    [3, 0.0125, 3], // 3.75 cents floored
    [1000, 0.05, 5000],
  ])('%i points at $%d are worth %i cents', (points, rate, cents) => {
    expect(pointsValueCents(points, rate)).toBe(cents);
  });

  it.each([
    [20, 0.01, 20],
    [0, 0.01, 0],
    [250, 0.05, 50],
    [7, 0.05, null], // 5 cents a point: 7 cents is no whole number of points
    [3, 0.0125, 3], // the fewest points worth exactly 3 cents (3 points = 3.75 floored)
    [20, 0, null],
  ])('%i cents at $%d a point are %p points', (cents, rate, points) => {
    expect(pointsForValue(cents, rate)).toBe(points);
  });
});

describe('tender in the sale currency', () => {
  it('counts dinars as the cashier does: change is tender less the total shown', () => {
    // $11.03 at 1450 is 15,993.5 -> 15,994 IQD; 20,000 tendered gives 4,006 back.
    const t = settleTender(1103, 20_000, 'IQD', 1450);
    expect(t).toMatchObject({ totalMinor: 15_994, covers: true, changeMinor: 4_006 });
    expect(t.tenderedCents - t.changeCents!).toBe(1103);
  });

  it('a dinar tender equal to the total shown covers it, whatever the rounding back to cents', () => {
    expect(settleTender(1103, 15_994, 'IQD', 1450)).toMatchObject({ covers: true, changeMinor: 0, tenderedCents: 1103, changeCents: 0 });
    expect(settleTender(1103, 15_993, 'IQD', 1450)).toMatchObject({ covers: false, changeMinor: null, changeCents: null });
  });

  it('works in cents for dollars', () => {
    expect(settleTender(1103, 2000, 'USD', 1450)).toEqual({
      totalMinor: 1103,
      covers: true,
      changeMinor: 897,
      tenderedCents: 2000,
      changeCents: 897,
    });
  });
});

describe('a client figure agrees to within half a cent (half a dinar)', () => {
  it.each([
    [1103, 11.03, true],
    [1103, 11.025, true],
    [1103, 11.035, true],
    [1103, 11.0351, false],
    [1103, 11.02, false],
    [73, 0.725, true],
    [653, 6.525, true],
    [30, 0.1 + 0.2, true],
  ])('%i cents and %d dollars: %p', (cents, given, ok) => {
    expect(agreesWithin(cents, given)).toBe(ok);
  });

  it('in dinars', () => {
    expect(agreesWithin(15_994, 15_993.5, 'IQD')).toBe(true);
    expect(agreesWithin(15_994, 15_993.4, 'IQD')).toBe(false);
  });
});

describe('lineAsSold: the product discount is the least the shop charges', () => {
  const rice = { priceCents: 420, quantity: 2, discountPercent: 10 };
  it('a line stated with no discount sells at the full list price', () => {
    expect(priceLine(lineAsSold(rice, 0))).toEqual({ grossCents: 840, discountCents: 0, subtotalCents: 840 });
  });
  it('any other statement keeps the product discount, against which it is checked', () => {
    expect(lineAsSold(rice, undefined)).toEqual(rice);
    expect(lineAsSold(rice, 20)).toEqual(rice);
    expect(lineAsSold(rice, 84)).toEqual(rice);
  });
});

describe('exchangeBalance', () => {
  const base = { currency: 'IQD' as const, exchangeRate: 1450, changeCurrency: 'IQD' as const, iqdCashRounding: 250 };
  it('leaves the customer what the return does not cover, and hands back what it covers beyond the sale', () => {
    expect(exchangeBalance({ ...base, saleTotalMinor: 57_972, returnMinor: 28_986 })).toEqual({
      dueMinor: 28_986,
      back: null,
      backRoundingMinor: 0,
    });
    // 10,100 dinars back, to the 250 step: 10,000 handed over, 100 kept by the rounding.
    expect(exchangeBalance({ ...base, saleTotalMinor: 18_886, returnMinor: 28_986 })).toEqual({
      dueMinor: 0,
      back: { method: 'cash', currency: 'IQD', amountMinor: 10_000, valueMinor: 10_100 },
      backRoundingMinor: -100,
    });
    // In dollars when the cashier chose dollars: converted once at the sale's rate.
    expect(exchangeBalance({ ...base, changeCurrency: 'USD', saleTotalMinor: 0, returnMinor: 14_500 }).back).toEqual({
      method: 'cash',
      currency: 'USD',
      amountMinor: 1000,
      valueMinor: 14_500,
    });
  });
});
