import fc from 'fast-check';
import { iqdToUsdCents, usdCentsToIqd, type Currency } from './money.js';
import { convertMinor, coveringAmount, remainingToPay, roundCash, settleSale, unitPriceInSaleCurrency } from './pricing.js';
import type { SaleTender } from './tenders.js';
import { MAX_TENDER_MINOR } from './validation.js';

const currency = fc.constantFrom<Currency>('USD', 'IQD');
const rate = fc.oneof(fc.integer({ min: 1, max: 5000 }), fc.constantFrom(1450, 1310, 1312.5, 1500.25));
const step = fc.constantFrom(0, 1, 50, 250, 500, 1000);
const tender = fc.record({
  method: fc.constantFrom<SaleTender['method']>('cash', 'card', 'transfer', 'account'),
  currency,
  amountMinor: fc.integer({ min: 0, max: 50_000_000 }),
});

describe('money in its own currency (properties)', () => {
  it('a conversion neither loses nor invents a dinar: dollars to dinars and back give the same cents within half a dinar', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), rate, (cents, r) => {
        const iqd = usdCentsToIqd(cents, r);
        // exact: cents x r / 100 lies within half a dinar of the whole dinars kept
        expect(Math.abs(iqd * 100 - cents * r)).toBeLessThanOrEqual(50);
        expect(unitPriceInSaleCurrency(cents, 'USD', 'USD', r)).toBe(cents);
        expect(convertMinor(iqd, 'IQD', 'IQD', r)).toBe(iqd);
      }),
    );
  });

  it('dinars to cents is within half a cent, and an amount in its own currency is never converted', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }), rate, (iqd, r) => {
        const cents = iqdToUsdCents(iqd, r);
        expect(Math.abs(cents * r - iqd * 100)).toBeLessThanOrEqual(r / 2 + 1e-6);
      }),
    );
  });

  it('the covering amount in the other currency always pays, and one minor unit less does not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), currency, rate, (amount, from, r) => {
        const to: Currency = from === 'USD' ? 'IQD' : 'USD';
        const c = coveringAmount(amount, from, to, r);
        expect(convertMinor(c, to, from, r)).toBeGreaterThanOrEqual(amount);
        if (c > 0) expect(convertMinor(c - 1, to, from, r)).toBeLessThan(amount);
      }),
    );
  });

  it('cash rounding is to the nearest step, half up, and rounding twice changes nothing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), step, (amount, s) => {
        const once = roundCash(amount, s);
        expect(roundCash(once, s)).toBe(once);
        if (s > 1) {
          expect(once % s).toBe(0);
          expect(Math.abs(once - amount) * 2).toBeLessThanOrEqual(s);
          if ((amount % s) * 2 === s) expect(once).toBe(amount + s / 2);
        } else expect(once).toBe(amount);
      }),
    );
  });

  it('tenders less change equal the total plus the rounding, exactly; change is never negative and only from cash', () => {
    fc.assert(
      fc.property(
        currency,
        fc.integer({ min: 0, max: 20_000_000 }),
        rate,
        fc.array(tender, { maxLength: 5 }),
        currency,
        step,
        fc.boolean(),
        (cur, total, r, tenders, changeCurrency, s, hasCustomer) => {
          const settled = settleSale({
            currency: cur,
            totalMinor: total,
            exchangeRate: r,
            tenders,
            changeCurrency,
            iqdCashRounding: s,
            hasCustomer,
          });
          if (!settled.ok) return;
          expect(settled.paidMinor - settled.changeValueMinor).toBe(total + settled.cashRoundingMinor);
          expect(settled.dueMinor).toBe(total + settled.cashRoundingMinor);
          const cash = settled.tenders.filter((t) => t.method === 'cash');
          if (cash.length === 0) {
            expect(settled.change).toBeNull();
            expect(settled.cashRoundingMinor).toBe(0); // card, transfer and account are never rounded
          } else {
            expect(settled.change!.amountMinor).toBeGreaterThanOrEqual(0);
            expect(settled.changeValueMinor).toBeLessThanOrEqual(cash.reduce((a, t) => a + t.valueMinor, 0));
          }
          // each tender valued once, in the sale's currency
          settled.tenders.forEach((t) => expect(t.valueMinor).toBe(convertMinor(t.amountMinor, t.currency, cur, r)));
          if (hasCustomer === false) expect(settled.tenders.some((t) => t.method === 'account')).toBe(false);
        },
      ),
    );
  });

  it('dinar cash in whole steps on a dinar sale is rounded once: the rounding is the due rounded less the due', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 400 }),
        fc.constantFrom(50, 250, 1000),
        (total, extraSteps, s) => {
          const due = roundCash(total, s);
          const handed = Math.max(s, due + extraSteps * s);
          const settled = settleSale({
            currency: 'IQD',
            totalMinor: total,
            exchangeRate: 1450,
            tenders: [{ method: 'cash', currency: 'IQD', amountMinor: handed }],
            changeCurrency: 'IQD',
            iqdCashRounding: s,
            hasCustomer: false,
          });
          expect(settled.ok).toBe(true);
          if (!settled.ok) return;
          expect(settled.cashRoundingMinor).toBe(due - total);
          expect(settled.change).toEqual({ currency: 'IQD', amountMinor: handed - due });
        },
      ),
    );
  });

  it('paying the remaining amount the till shows, in either currency, settles the sale', () => {
    fc.assert(
      fc.property(currency, fc.integer({ min: 1, max: 20_000_000 }), rate, step, currency, (cur, total, r, s, payIn) => {
        const left = remainingToPay({ currency: cur, totalMinor: total, exchangeRate: r, tenders: [], iqdCashRounding: s });
        const settled = settleSale({
          currency: cur,
          totalMinor: total,
          exchangeRate: r,
          tenders: [{ method: 'cash', currency: payIn, amountMinor: left[payIn] }],
          changeCurrency: cur,
          iqdCashRounding: s,
          hasCustomer: false,
        });
        if (left[payIn] > 0) expect(settled.ok).toBe(true);
      }),
    );
  });
});

describe('settling a sale', () => {
  const base = { exchangeRate: 1450, hasCustomer: false, changeCurrency: 'IQD' as Currency };

  it('IQD 60,000 on IQD 52,345: 7,750 change at 250, 7,655 with rounding off', () => {
    const tenders: SaleTender[] = [{ method: 'cash', currency: 'IQD', amountMinor: 60_000 }];
    const at250 = settleSale({ ...base, currency: 'IQD', totalMinor: 52_345, tenders, iqdCashRounding: 250 });
    expect(at250).toMatchObject({ ok: true, change: { currency: 'IQD', amountMinor: 7750 }, cashRoundingMinor: -95, dueMinor: 52_250 });
    const off = settleSale({ ...base, currency: 'IQD', totalMinor: 52_345, tenders, iqdCashRounding: 0 });
    expect(off).toMatchObject({ ok: true, change: { currency: 'IQD', amountMinor: 7655 }, cashRoundingMinor: 0 });
  });

  it('pays dollars, change in dinars; a mixed sale; card is not rounded', () => {
    // $40 on IQD 52,345: 58,000 dinars, due 52,250, change 5,750 dinars
    const usd = settleSale({
      ...base,
      currency: 'IQD',
      totalMinor: 52_345,
      tenders: [{ method: 'cash', currency: 'USD', amountMinor: 4000 }],
      iqdCashRounding: 250,
    });
    expect(usd).toMatchObject({ ok: true, change: { currency: 'IQD', amountMinor: 5750 }, cashRoundingMinor: -95 });
    // $20 and 25,000 dinars on IQD 52,345 falls short by 250 dinars (one note), or 18 cents
    const short = settleSale({
      ...base,
      currency: 'IQD',
      totalMinor: 52_345,
      tenders: [
        { method: 'cash', currency: 'USD', amountMinor: 2000 },
        { method: 'cash', currency: 'IQD', amountMinor: 23_000 },
      ],
      iqdCashRounding: 250,
    });
    expect(short).toMatchObject({ ok: false, error: 'short', remainingMinor: 250, remaining: { IQD: 250, USD: 18 } });
    const card = settleSale({
      ...base,
      currency: 'IQD',
      totalMinor: 52_345,
      tenders: [{ method: 'card', currency: 'IQD', amountMinor: 52_345 }],
      iqdCashRounding: 250,
    });
    expect(card).toMatchObject({ ok: true, change: null, cashRoundingMinor: 0 });
  });

  it('refuses an account without a customer, and card over the total', () => {
    const account = settleSale({
      ...base,
      currency: 'USD',
      totalMinor: 1000,
      tenders: [{ method: 'account', currency: 'USD', amountMinor: 1000 }],
      iqdCashRounding: 250,
    });
    expect(account).toMatchObject({ ok: false, error: 'accountNeedsCustomer' });
    const over = settleSale({
      ...base,
      currency: 'USD',
      totalMinor: 1000,
      tenders: [{ method: 'card', currency: 'USD', amountMinor: 1001 }],
      iqdCashRounding: 250,
    });
    expect(over).toMatchObject({ ok: false, error: 'nonCashOverTotal' });
  });

  it('refuses a tender the server’s tender rule refuses (a fraction of a dinar, a negative, an amount past the largest)', () => {
    const settle = (amountMinor: number) =>
      settleSale({
        currency: 'IQD',
        totalMinor: 1000,
        exchangeRate: 1450,
        tenders: [{ method: 'cash', currency: 'IQD', amountMinor }],
        changeCurrency: 'IQD',
        iqdCashRounding: 250,
        hasCustomer: false,
      });
    for (const amountMinor of [1.5, -1000, MAX_TENDER_MINOR + 1])
      expect(settle(amountMinor)).toMatchObject({ ok: false, error: 'invalidAmount' });
    expect(settle(1000)).toMatchObject({ ok: true });
  });
});
