import { describe, expect, it } from 'vitest';
import { serverFieldMessages } from '../../../app/api.js';
import {
  baseCentsOf,
  emptyValues,
  expenseFieldOf,
  toPayload,
  validateExpense,
  valuesFromExpense,
  withTag,
  type ExpenseFormValues,
} from './expense-form.js';

const TEXTS = {
  required: 'R',
  cardLast4Invalid: 'C',
  invalidAmount: 'A',
  usdDecimals: 'U',
  iqdWhole: 'Q',
  invalidPhone: 'P',
  invalidEmail: 'E',
};

const filled = (over: Partial<ExpenseFormValues> = {}): ExpenseFormValues => ({
  ...emptyValues('2026-03-10'),
  title: 'Generator fuel',
  category: 'utilities',
  amount: '42.5',
  ...over,
});

describe('the expense form', () => {
  it('starts with the spec’s defaults: USD, cash, monthly, today, 1410', () => {
    expect(emptyValues('2026-03-10')).toMatchObject({
      currency: 'USD',
      paymentMethod: 'cash',
      frequency: 'monthly',
      expenseDate: '2026-03-10',
      exchangeRate: '1410',
      isRecurring: false,
    });
  });

  it.each([
    ['a blank title', { title: '   ' }, { title: 'R' }],
    ['no category', { category: '' as const }, { category: 'R' }],
    ['no amount', { amount: '' }, { amount: 'R' }],
    ['a zero amount', { amount: '0' }, { amount: 'A' }],
    ['a negative amount', { amount: '-5' }, { amount: 'A' }],
    ['cents of a cent', { amount: '12.345' }, { amount: 'U' }],
    ['dinars with a fraction', { currency: 'IQD' as const, amount: '1500.5' }, { amount: 'Q' }],
    ['a vendor phone that is not a number', { vendorPhone: '0750' }, { vendorPhone: 'P' }],
    ['a vendor phone typed in Kurdish digits', { vendorPhone: '٠٧٥٠ ١٢٣ ٤٥٦٧' }, {}],
    ['a vendor email without a domain', { vendorEmail: 'ali@shop' }, { vendorEmail: 'E' }],
    ['a word for an amount', { amount: 'ten' }, { amount: 'R' }],
    ['no expense date', { expenseDate: '' }, { expenseDate: 'R' }],
    ['a card without digits', { paymentMethod: 'card' as const }, { cardLast4: 'R' }],
    ['a card with 3 digits', { paymentMethod: 'card' as const, cardLast4: '123' }, { cardLast4: 'C' }],
    ['a transfer without bank or account', { paymentMethod: 'transfer' as const }, { bankName: 'R', accountNumber: 'R' }],
    ['a check without its number', { paymentMethod: 'check' as const }, { checkNumber: 'R' }],
    ['dinars without a rate', { currency: 'IQD' as const, amount: '50000', exchangeRate: '' }, { exchangeRate: 'R' }],
    ['nothing wrong', {}, {}],
    ['a card with 4 digits', { paymentMethod: 'card' as const, cardLast4: '4242' }, {}],
  ])('checks %s', (_name, over, expected) => {
    expect(validateExpense(filled(over), TEXTS)).toEqual(expected);
  });

  it('leaves empty optional fields out of the payload, and details of other methods', () => {
    const body = toPayload(filled({ description: '  ', vendorPhone: '0750', cardLast4: '1234', reference: ' R-7 ' }));
    expect(body).toEqual({
      title: 'Generator fuel',
      category: 'utilities',
      amount: 42.5,
      currency: 'USD',
      exchangeRate: 1410,
      amountInBaseCurrency: 42.5,
      paymentMethod: 'cash',
      expenseDate: '2026-03-10',
      tags: [],
      paymentDetails: { reference: 'R-7' },
    });
  });

  it('sends the vendor only with a name, and the recurring block only when ticked', () => {
    const body = toPayload(
      filled({
        vendorName: 'Fuel Co',
        vendorEmail: 'a@b.iq',
        isRecurring: true,
        frequency: 'weekly',
        endDate: '2026-06-01',
        paymentMethod: 'transfer',
        bankName: 'RT',
        accountNumber: '12',
        notes: 'n',
      }),
    );
    expect(body).toMatchObject({
      vendor: { name: 'Fuel Co', contact: { email: 'a@b.iq' } },
      recurring: { isRecurring: true, frequency: 'weekly', endDate: '2026-06-01' },
      paymentDetails: { bankName: 'RT', accountNumber: '12' },
      notes: 'n',
    });
    expect(body.recurring).not.toHaveProperty('nextDueDate');
  });

  it.each([
    [{ amount: '42.5' }, 4250],
    [{ amount: '141000', currency: 'IQD' as const, exchangeRate: '1410' }, 10000],
    [{ amount: '100000', currency: 'IQD' as const, exchangeRate: '1410' }, 7092],
    [{ amount: '', currency: 'IQD' as const }, null],
    [{ amount: '5', currency: 'IQD' as const, exchangeRate: '0' }, null],
  ])('shows the USD amount the server will store: %j -> %s cents', (over, cents) => {
    expect(baseCentsOf(filled(over))).toBe(cents);
  });

  it('adds a trimmed tag once', () => {
    expect(withTag(['rent'], '  power ')).toEqual(['rent', 'power']);
    expect(withTag(['rent'], 'rent')).toEqual(['rent']);
    expect(withTag(['rent'], '   ')).toEqual(['rent']);
  });

  it('puts the server’s field errors under the form’s fields', () => {
    const errors = {
      'paymentDetails.cardLast4': { message: 'Enter the last 4 digits of the card' },
      title: { message: 'This field is required' },
      'vendor.contact.email': { message: 'bad' },
      nope: { message: 'x' },
    };
    expect(serverFieldMessages({ status: 400, data: { message: 'Check the form', errors } }, expenseFieldOf)).toEqual({
      cardLast4: 'Enter the last 4 digits of the card',
      title: 'This field is required',
      vendorEmail: 'bad',
    });
  });

  it('reads an expense back into the form', () => {
    const v = valuesFromExpense({
      _id: 'e1',
      expenseNumber: 'EXP-000001',
      title: 'Rent',
      description: null,
      category: 'rent',
      amount: 1_410_000,
      currency: 'IQD',
      exchangeRate: 1410,
      amountInBaseCurrency: 1000,
      paymentMethod: 'check',
      paymentDetails: { bankName: null, accountNumber: null, checkNumber: '77', cardLast4: null, reference: null },
      vendor: null,
      receipt: null,
      expenseDate: '2026-03-01',
      department: null,
      tags: ['rent'],
      recurring: { isRecurring: true, frequency: 'monthly', nextDueDate: '2026-04-01', endDate: null },
      recurrenceOf: null,
      notes: null,
      status: 'approved',
      rejectionReason: null,
      createdBy: { _id: 'u', firstName: 'A', lastName: 'B', username: 'ab' },
      createdAt: '',
      updatedAt: '',
      version: 1,
    });
    expect(v).toMatchObject({
      amount: '1410000',
      currency: 'IQD',
      checkNumber: '77',
      isRecurring: true,
      nextDueDate: '2026-04-01',
      endDate: '',
      description: '',
    });
  });
});
