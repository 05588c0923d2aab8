import fc from 'fast-check';
import type { Currency } from './money.js';
import { priceSale, roundCash, settleSale, type SaleInput, type TaxMode } from './pricing.js';

/** A rate as a shop types it (percent, at most 2 decimals) in basis points: 0 to 100 %. */
const rateBp = fc.oneof(fc.constantFrom(0, 1, 500, 750, 1000, 1500, 10_000), fc.integer({ min: 0, max: 10_000 }));
/** Unit prices in the sale's minor unit: cents up to $5,000, or whole dinars up to 7,500,000. */
const unitPrice = (cur: Currency) => (cur === 'USD' ? fc.integer({ min: 1, max: 500_000 }) : fc.integer({ min: 1, max: 7_500_000 }));

const sale = fc.constantFrom<Currency>('USD', 'IQD').chain((currency) =>
  fc.record({
    currency: fc.constant(currency),
    input: fc.record({
      lines: fc.array(
        fc.record({
          priceCents: unitPrice(currency),
          quantity: fc.integer({ min: 1, max: 50 }),
          discountPercent: fc.oneof(
            fc.constant(0),
            fc.integer({ min: 0, max: 10_000 }).map((h) => h / 100),
          ),
        }),
        { minLength: 1, maxLength: 6 },
      ),
      discount: fc.oneof(
        fc.constant(null),
        fc.record({ type: fc.constant('percentage' as const), value: fc.integer({ min: 0, max: 10_000 }).map((h) => h / 100) }),
        fc.record({ type: fc.constant('fixed' as const), value: fc.integer({ min: 0, max: 1_000_000 }) }),
      ),
      loyaltyDiscountCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1_000_000 })),
      taxRateBasisPoints: rateBp,
    }),
  }),
);

const withMode = (input: SaleInput, taxMode: TaxMode): SaleInput => ({ ...input, taxMode });

describe('tax (properties), in dollars and in dinars', () => {
  it('added: the total is the amount after discounts and loyalty plus its tax, rounded half up, no minor unit lost', () => {
    fc.assert(
      fc.property(sale, ({ input }) => {
        const s = priceSale(withMode(input, 'added'));
        const taxable = s.totalBeforeLoyaltyCents - s.loyaltyDiscountCents;
        expect(s.netCents).toBe(taxable);
        expect(s.totalCents).toBe(s.netCents + s.taxCents);
        // |tax - taxable x rate| <= half a minor unit, exactly (in basis points)
        const exact = taxable * input.taxRateBasisPoints;
        expect(Math.abs(s.taxCents * 10_000 - exact) * 2).toBeLessThanOrEqual(10_000);
        if ((exact % 10_000) * 2 === 10_000) expect(s.taxCents * 10_000).toBeGreaterThan(exact);
        expect(Number.isSafeInteger(s.taxCents)).toBe(true);
        expect(s.lineNetCents.reduce((a, b) => a + b, 0)).toBe(s.totalCents);
      }),
      { numRuns: 2_000 },
    );
  });

  it('included: the total is what it is with no tax, and the tax is part of it', () => {
    fc.assert(
      fc.property(sale, ({ input }) => {
        const none = priceSale({ ...input, taxRateBasisPoints: 0 });
        const s = priceSale(withMode(input, 'included'));
        expect(s.totalCents).toBe(none.totalCents);
        expect(priceSale(input).totalCents).toBe(none.totalCents); // no mode: included
        expect(s.taxCents).toBeGreaterThanOrEqual(0);
        expect(s.taxCents).toBeLessThanOrEqual(s.totalCents);
        expect(s.netCents + s.taxCents).toBe(s.totalCents);
        // The tax is the total's rate / (1 + rate) share, to within half a minor unit.
        const exact = (s.totalCents * input.taxRateBasisPoints) / (10_000 + input.taxRateBasisPoints);
        expect(Math.abs(s.taxCents - exact)).toBeLessThanOrEqual(0.5 + 1e-9);
      }),
      { numRuns: 2_000 },
    );
  });

  it('a rate of 0 is no tax in either mode', () => {
    fc.assert(
      fc.property(sale, fc.constantFrom<TaxMode>('included', 'added'), ({ input }, mode) => {
        const s = priceSale(withMode({ ...input, taxRateBasisPoints: 0 }, mode));
        expect(s.taxCents).toBe(0);
        expect(s.totalCents).toBe(s.totalBeforeLoyaltyCents - s.loyaltyDiscountCents);
      }),
      { numRuns: 500 },
    );
  });

  it('cash rounding applies to the total after the added tax', () => {
    fc.assert(
      fc.property(sale, fc.constantFrom(1, 250, 500, 1000), ({ input, currency }, step) => {
        const s = priceSale(withMode(input, 'added'));
        const due = currency === 'IQD' ? roundCash(s.totalCents, step) : s.totalCents;
        fc.pre(due > 0);
        // The exact cash due, rounded: no change to round.
        const settled = settleSale({
          currency,
          totalMinor: s.totalCents,
          exchangeRate: 1450,
          tenders: [{ method: 'cash', currency, amountMinor: due }],
          changeCurrency: currency,
          iqdCashRounding: step,
          hasCustomer: false,
        });
        if (!settled.ok) throw new Error(settled.error);
        expect(settled.dueMinor).toBe(due);
        expect(settled.paidMinor - settled.changeValueMinor).toBe(s.totalCents + settled.cashRoundingMinor);
      }),
      { numRuns: 1_000 },
    );
  });
});
