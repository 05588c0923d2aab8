import { EXPENSE_STATUSES } from './constants.js';
import { expenseActionsFor, expenseAmountDecimals, expenseBaseCents, EXPENSE_TRANSITIONS } from './expenses.js';

describe('expense base amount (spec part 2 §5)', () => {
  it.each([
    // amountMinor, currency, rate, USD cents
    [1250, 'USD', 1410, 1250], // USD: the amount itself, whatever the rate
    [1410, 'IQD', 1410, 100], // 1,410 IQD at 1410 = $1.00
    [100_000, 'IQD', 1410, 7092], // 70.921… -> $70.92
    [705, 'IQD', 1410, 50], // exactly half a dollar
    [7, 'IQD', 1410, 0], // 0.496 cents rounds down
    [8, 'IQD', 1410, 1], // 0.567 cents rounds up
    [1_000_000, 'IQD', 1462.5, 68376], // a rate with decimals: 683.76…
  ] as const)('%i %s at %d -> %i cents', (minor, currency, rate, cents) => {
    expect(expenseBaseCents(minor, currency, rate)).toBe(cents);
  });

  it('allows cents in USD and whole dinars in IQD', () => {
    expect(expenseAmountDecimals('USD')).toBe(2);
    expect(expenseAmountDecimals('IQD')).toBe(0);
  });
});

describe('expense actions by status', () => {
  it.each([
    ['pending', ['approve', 'reject']],
    ['approved', ['pay']],
    ['rejected', []],
    ['paid', []],
  ] as const)('%s offers %j', (status, actions) => {
    expect(expenseActionsFor(status)).toEqual(actions);
  });

  it('leads every action from a known status to another known status', () => {
    for (const { from, to } of Object.values(EXPENSE_TRANSITIONS)) {
      expect(EXPENSE_STATUSES).toContain(from);
      expect(EXPENSE_STATUSES).toContain(to);
      expect(to).not.toBe(from);
    }
  });
});
