import { EXPENSE_ACTIONS, EXPENSE_STATUSES } from '@dukan/contracts';
import {
  amountInMinor,
  baseAmountAgrees,
  decideTransition,
  isCalendarDate,
  mayDecideOn,
  paymentDetailsFor,
  statusAfterEdit,
} from './expense.policy.js';

describe('the expense workflow', () => {
  // Every action from every status: the three the spec allows, and a refusal with the action's message otherwise.
  const allowed: Record<string, string> = {
    'approve pending': 'approved',
    'reject pending': 'rejected',
    'pay approved': 'paid',
  };
  const table = EXPENSE_ACTIONS.flatMap((action) => EXPENSE_STATUSES.map((status) => [action, status] as const));

  it('covers 3 actions x 4 statuses', () => expect(table).toHaveLength(12));

  it.each(table)('%s from %s', (action, status) => {
    const to = allowed[`${action} ${status}`];
    const refusal = { approve: 'expenses.cannotApprove', reject: 'expenses.cannotReject', pay: 'expenses.cannotPay' }[action];
    expect(decideTransition(action, status)).toEqual(to ? { ok: true, to } : { ok: false, messageKey: refusal });
  });
});

describe('who may decide on an expense', () => {
  const me = '00000000-0000-4000-8000-000000000002';
  const other = '00000000-0000-4000-8000-000000000009';
  it.each([
    ['approve', 'manager', me, false], // own expense
    ['reject', 'manager', me, false],
    ['pay', 'manager', me, true], // paying follows someone else's approval
    ['approve', 'manager', other, true],
    ['reject', 'cashier', other, true], // a cashier given the approve permission
    ['approve', 'admin', me, true], // an admin may approve their own
    ['reject', 'admin', me, true],
  ] as const)('%s by a %s on an expense of %s -> %s', (action, role, createdBy, may) => {
    expect(mayDecideOn(action, { id: me, role }, createdBy)).toBe(may);
  });

  it('compares ids without regard to case', () => {
    expect(mayDecideOn('approve', { id: me.toUpperCase(), role: 'manager' }, me)).toBe(false);
  });
});

describe('status after an edit', () => {
  it.each([
    ['pending', true, 'pending'],
    ['pending', false, 'pending'],
    ['approved', true, 'pending'], // approved for another amount: approve again
    ['approved', false, 'approved'],
    ['paid', true, 'pending'],
    ['paid', false, 'paid'],
    ['rejected', true, 'rejected'],
    ['rejected', false, 'rejected'],
  ] as const)('%s, amount changed %s -> %s', (status, changed, after) => {
    expect(statusAfterEdit(status, changed)).toBe(after);
  });
});

describe('amounts', () => {
  it.each([
    [12.5, 'USD', { ok: true, minor: 1250 }],
    [0.01, 'USD', { ok: true, minor: 1 }],
    [1234567.89, 'USD', { ok: true, minor: 123456789 }],
    [250000, 'IQD', { ok: true, minor: 250000 }],
    [12.345, 'USD', { ok: false, messageKey: 'expenses.usdDecimals' }],
    [0.001, 'USD', { ok: false, messageKey: 'expenses.usdDecimals' }],
    [1500.5, 'IQD', { ok: false, messageKey: 'expenses.iqdWhole' }],
    [0, 'USD', { ok: false, messageKey: 'validation.invalidAmount' }],
    [-5, 'IQD', { ok: false, messageKey: 'validation.invalidAmount' }],
    [Number.NaN, 'USD', { ok: false, messageKey: 'validation.invalidAmount' }],
    [Number.POSITIVE_INFINITY, 'USD', { ok: false, messageKey: 'validation.invalidAmount' }],
  ] as const)('%d %s -> %j', (amount, currency, expected) => {
    expect(amountInMinor(amount, currency)).toEqual(expected);
  });

  it.each([
    [70.92, 7092, true],
    [70.925, 7092, true], // half a cent away
    [70.93, 7092, false],
    [0.7092, 7092, false], // dinars typed where dollars belong
  ])('client base amount %d against %i cents -> %s', (given, cents, agrees) => {
    expect(baseAmountAgrees(given, cents)).toBe(agrees);
  });
});

describe('payment details checked against the method', () => {
  const none = { bankName: null, accountNumber: null, checkNumber: null, cardLast4: null, reference: null };
  it.each([
    ['cash', {}, { ok: true, details: none }],
    ['cash', { cardLast4: '1234', reference: 'R-1' }, { ok: true, details: { ...none, reference: 'R-1' } }], // card detail dropped
    ['card', { cardLast4: '4242' }, { ok: true, details: { ...none, cardLast4: '4242' } }],
    ['card', {}, { ok: false, errors: { cardLast4: 'validation.cardLast4' } }],
    ['card', { cardLast4: '424' }, { ok: false, errors: { cardLast4: 'validation.cardLast4' } }],
    ['card', { cardLast4: '42424' }, { ok: false, errors: { cardLast4: 'validation.cardLast4' } }],
    ['card', { cardLast4: '42a4' }, { ok: false, errors: { cardLast4: 'validation.cardLast4' } }],
    [
      'transfer',
      { bankName: 'RT Bank', accountNumber: 'IQ12' },
      { ok: true, details: { ...none, bankName: 'RT Bank', accountNumber: 'IQ12' } },
    ],
    ['transfer', { bankName: 'RT Bank' }, { ok: false, errors: { accountNumber: 'validation.required' } }],
    ['transfer', {}, { ok: false, errors: { bankName: 'validation.required', accountNumber: 'validation.required' } }],
    ['check', { checkNumber: '000123' }, { ok: true, details: { ...none, checkNumber: '000123' } }],
    ['check', { bankName: 'RT Bank' }, { ok: false, errors: { checkNumber: 'validation.required' } }],
    ['other', { checkNumber: '1' }, { ok: true, details: none }],
  ] as const)('%s with %j', (method, given, expected) => {
    expect(paymentDetailsFor(method, given)).toEqual(expected);
  });
});

describe('calendar dates', () => {
  it.each([
    ['2026-03-01', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-3-1', false],
    ['2026-03-01T00:00:00Z', false],
    ['1999-12-31', false],
    ['', false],
    [20260301, false],
  ])('%j -> %s', (value, ok) => {
    expect(isCalendarDate(value)).toBe(ok);
  });
});
