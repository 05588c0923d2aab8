import { refundTenders, type RefundTendersInput } from './pricing.js';

const base: Omit<RefundTendersInput, 'tenders' | 'amountMinor'> = {
  currency: 'IQD',
  exchangeRate: 1500,
  change: null,
  before: [],
  iqdCashRounding: 250,
};

describe('where a refund goes back', () => {
  it('a sale paid by card goes back to the card, exact', () => {
    expect(refundTenders({ ...base, tenders: [{ method: 'card', currency: 'IQD', amountMinor: 52_345 }], amountMinor: 52_345 })).toEqual({
      tenders: [{ method: 'card', currency: 'IQD', amountMinor: 52_345, valueMinor: 52_345 }],
      cashRoundingMinor: 0,
    });
  });

  it('cash goes back in the currency it was paid in: dollars for a dinar sale paid in dollars with dinar change', () => {
    // $40 (60,000 dinars) for 52,345 with 7,500 dinars change: the sale kept 52,500 dinars' worth of dollars.
    const r = refundTenders({
      ...base,
      tenders: [{ method: 'cash', currency: 'USD', amountMinor: 4000 }],
      change: { currency: 'IQD', amountMinor: 7500 },
      amountMinor: 52_345,
    });
    expect(r).toEqual({ tenders: [{ method: 'cash', currency: 'USD', amountMinor: 3490, valueMinor: 52_345 }], cashRoundingMinor: 0 });
  });

  it('a mixed sale gives back its cash first, then the card; a later refund starts where the earlier one stopped', () => {
    const sale = {
      ...base,
      tenders: [
        { method: 'card' as const, currency: 'IQD' as const, amountMinor: 30_000 },
        { method: 'cash' as const, currency: 'IQD' as const, amountMinor: 25_000 },
      ],
      change: { currency: 'IQD' as const, amountMinor: 2_500 },
    };
    // The sale kept 22,500 in cash: a refund of 30,000 is that cash, then 7,500 on the card.
    const first = refundTenders({ ...sale, amountMinor: 30_000 });
    expect(first).toEqual({
      tenders: [
        { method: 'cash', currency: 'IQD', amountMinor: 22_500, valueMinor: 22_500 },
        { method: 'card', currency: 'IQD', amountMinor: 7_500, valueMinor: 7_500 },
      ],
      cashRoundingMinor: 0,
    });
    expect(refundTenders({ ...sale, before: first.tenders, amountMinor: 22_500 }).tenders).toEqual([
      { method: 'card', currency: 'IQD', amountMinor: 22_500, valueMinor: 22_500 },
    ]);
  });

  it('dinar cash is rounded to the step, and only the sale currency’s rounding is the refund’s', () => {
    const r = refundTenders({ ...base, tenders: [{ method: 'cash', currency: 'IQD', amountMinor: 105_000 }], amountMinor: 52_345 });
    expect(r).toEqual({ tenders: [{ method: 'cash', currency: 'IQD', amountMinor: 52_250, valueMinor: 52_345 }], cashRoundingMinor: -95 });
  });

  it('what is worth more than the sale kept goes back as cash in the sale’s currency', () => {
    const r = refundTenders({
      ...base,
      currency: 'USD',
      tenders: [{ method: 'card', currency: 'USD', amountMinor: 1000 }],
      amountMinor: 1200,
    });
    expect(r.tenders).toEqual([
      { method: 'card', currency: 'USD', amountMinor: 1000, valueMinor: 1000 },
      { method: 'cash', currency: 'USD', amountMinor: 200, valueMinor: 200 },
    ]);
  });

  it('an earlier refund from before refunds named tenders counts against the cash', () => {
    const r = refundTenders({
      ...base,
      tenders: [
        { method: 'cash', currency: 'USD', amountMinor: 2000 },
        { method: 'account', currency: 'IQD', amountMinor: 20_000 },
      ],
      before: [{ method: 'cash', currency: 'IQD', amountMinor: 25_000, valueMinor: 25_000 }],
      amountMinor: 10_000,
    });
    // 30,000 dinars' worth of dollars, 25,000 of it already back: 5,000 in dollars ($3.33), then the account.
    expect(r.tenders).toEqual([
      { method: 'cash', currency: 'USD', amountMinor: 333, valueMinor: 5_000 },
      { method: 'account', currency: 'IQD', amountMinor: 5_000, valueMinor: 5_000 },
    ]);
  });
});
