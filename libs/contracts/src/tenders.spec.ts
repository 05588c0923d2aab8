import { drawerEffect, isTenderMethod, takingsOf } from './tenders.js';

describe('tenders', () => {
  it('a sale paid in dollars with change in dinars puts dollars in the drawer and takes dinars out', () => {
    expect(
      drawerEffect(
        [
          { method: 'cash', currency: 'USD', amountMinor: 5000 },
          { method: 'card', currency: 'IQD', amountMinor: 10_000 },
        ],
        { currency: 'IQD', amountMinor: 7750 },
      ),
    ).toEqual({ USD: 5000, IQD: -7750 });
  });

  it('only cash reaches the drawer', () => {
    expect(drawerEffect([{ method: 'transfer', currency: 'IQD', amountMinor: 60_000 }], null)).toEqual({ USD: 0, IQD: 0 });
    expect(isTenderMethod('account')).toBe(true);
    expect(isTenderMethod('cheque')).toBe(false);
  });

  it('takings: per method and currency, change taken off the cash of its own currency, nothing converted', () => {
    expect(
      takingsOf(
        [
          { method: 'cash', currency: 'USD', amountMinor: 2000 },
          { method: 'cash', currency: 'USD', amountMinor: 500 },
          { method: 'card', currency: 'USD', amountMinor: 1000 },
          { method: 'cash', currency: 'IQD', amountMinor: 0 },
        ],
        { currency: 'IQD', amountMinor: 10_750 },
      ),
    ).toEqual([
      { method: 'cash', currency: 'USD', amountMinor: 2500, count: 2 },
      { method: 'card', currency: 'USD', amountMinor: 1000, count: 1 },
      { method: 'cash', currency: 'IQD', amountMinor: -10_750, count: 0 },
    ]);
    expect(takingsOf([{ method: 'cash', currency: 'IQD', amountMinor: 20_000 }], { currency: 'IQD', amountMinor: 2_750 })).toEqual([
      { method: 'cash', currency: 'IQD', amountMinor: 17_250, count: 1 },
    ]);
  });
});
