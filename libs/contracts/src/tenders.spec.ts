import { drawerEffect, isTenderMethod } from './tenders.js';

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
});
