import { shiftFigures, type EntrySum } from './shift-figures.policy.js';

const sum = (
  kind: EntrySum['kind'],
  method: EntrySum['method'],
  currency: EntrySum['currency'],
  amountMinor: number,
  refs = 1,
): EntrySum => ({
  kind,
  method,
  currency,
  amountMinor,
  refs,
});

describe('shiftFigures', () => {
  const float = { USD: 5000, IQD: 250_000 };

  it('expects the float plus cash taken, less change, refunds and cash out, each currency on its own', () => {
    const f = shiftFigures(
      float,
      [
        sum('sale', 'cash', 'IQD', 60_000, 2),
        sum('change', 'cash', 'IQD', -7_750, 1),
        sum('sale', 'cash', 'USD', 2_000, 1),
        sum('sale', 'card', 'USD', 4_500, 1),
        sum('refund', 'cash', 'IQD', -5_000, 1),
        sum('cash_out', 'cash', 'USD', -1_500, 1),
        sum('cash_in', 'cash', 'IQD', 10_000, 1),
        sum('discount', null, 'IQD', 1_250, 1),
      ],
      { sales: 4, refunds: 1, voids: 0 },
      null,
    );
    expect(f.expected).toEqual({ USD: 5000 + 2000 - 1500, IQD: 250_000 + 60_000 - 7_750 - 5_000 + 10_000 });
    expect(f.sales).toEqual([
      { method: 'cash', currency: 'USD', count: 1, amountMinor: 2000 },
      { method: 'cash', currency: 'IQD', count: 2, amountMinor: 60_000 },
      { method: 'card', currency: 'USD', count: 1, amountMinor: 4500 },
    ]);
    expect(f.change).toEqual({ USD: 0, IQD: 7_750 });
    expect(f.refunds).toEqual({ count: 1, amount: { USD: 0, IQD: 5_000 } });
    expect(f.cashOut).toEqual({ USD: 1500, IQD: 0 });
    expect(f.cashIn).toEqual({ USD: 0, IQD: 10_000 });
    expect(f.discounts).toEqual({ USD: 0, IQD: 1_250 });
    expect(f.counted).toBeNull();
    expect(f.difference).toBeNull();
  });

  it('takes a voided sale out of the drawer and shows the difference of a count', () => {
    const f = shiftFigures(
      float,
      [
        sum('sale', 'cash', 'USD', 1000),
        sum('change', 'cash', 'USD', -100),
        sum('void', 'cash', 'USD', -1000),
        sum('void', 'cash', 'USD', 100),
      ],
      { sales: 1, refunds: 0, voids: 1 },
      { USD: 4990, IQD: 251_000 },
    );
    expect(f.expected).toEqual(float);
    expect(f.voids).toEqual({ count: 1, amount: { USD: 900, IQD: 0 } });
    expect(f.difference).toEqual({ USD: -10, IQD: 1000 });
  });
});
