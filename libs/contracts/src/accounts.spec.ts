import { checkCreditLimit, maxRepayment, planRepayment, valueIn } from './accounts.js';

describe('valueIn', () => {
  it.each([
    [{ USD: 1_000, IQD: 0 }, 'USD', 1500, 1_000],
    [{ USD: 1_000, IQD: 15_000 }, 'USD', 1500, 2_000],
    [{ USD: 1_000, IQD: 15_000 }, 'IQD', 1500, 30_000],
    [{ USD: 0, IQD: 10_000 }, 'USD', 1480, 676], // 675.67 cents, half up
  ] as const)('%j in %s at %d is %d', (amounts, currency, rate, expected) => {
    expect(valueIn(amounts, currency, rate)).toBe(expected);
  });
});

describe('checkCreditLimit', () => {
  const none = { USD: 0, IQD: 0 };
  it.each([
    ['no credit refuses any charge', none, none, { USD: 1, IQD: 0 }, { currency: 'USD', amountMinor: 0 }, false],
    ['exactly the limit passes', { USD: 5_000, IQD: 0 }, none, { USD: 0, IQD: 75_000 }, { currency: 'USD', amountMinor: 10_000 }, true],
    ['held sales count', none, { USD: 9_000, IQD: 0 }, { USD: 1_001, IQD: 0 }, { currency: 'USD', amountMinor: 10_000 }, false],
    [
      'a dinar limit values dollars at the rate',
      { USD: 1_000, IQD: 0 },
      none,
      { USD: 0, IQD: 85_000 },
      { currency: 'IQD', amountMinor: 100_000 },
      true,
    ],
  ] as const)('%s', (_name, owed, held, charge, limit, ok) => {
    expect(checkCreditLimit(owed, held, charge, limit, 1500).ok).toBe(ok);
  });
});

describe('planRepayment', () => {
  it('pays its own currency first, then converts the rest once at the rate', () => {
    expect(planRepayment({ USD: 1_000, IQD: 5_000 }, 'IQD', 20_000, 1500)).toEqual({
      ok: true,
      parts: [
        { currency: 'IQD', amountMinor: 5_000, paidMinor: 5_000 },
        { currency: 'USD', amountMinor: 1_000, paidMinor: 15_000 },
      ],
    });
  });

  it('a dinar debt paid in dollars: the covering amount clears it exactly, never more', () => {
    expect(maxRepayment({ USD: 0, IQD: 10_000 }, 'USD', 1480)).toBe(676);
    expect(planRepayment({ USD: 0, IQD: 10_000 }, 'USD', 676, 1480)).toEqual({
      ok: true,
      parts: [{ currency: 'IQD', amountMinor: 10_000, paidMinor: 676 }],
    });
    expect(planRepayment({ USD: 0, IQD: 10_000 }, 'USD', 677, 1480)).toEqual({ ok: false, reason: 'overpaid', maxMinor: 676 });
  });

  it('refuses when nothing is owed, and amounts that are not whole positive minor units', () => {
    expect(planRepayment({ USD: 0, IQD: 0 }, 'USD', 100, 1500)).toEqual({ ok: false, reason: 'nothingOwed', maxMinor: 0 });
    expect(planRepayment({ USD: 100, IQD: 0 }, 'USD', 0, 1500).ok).toBe(false);
    expect(planRepayment({ USD: 100, IQD: 0 }, 'USD', 1.5, 1500).ok).toBe(false);
  });
});
