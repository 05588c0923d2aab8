import { TEST_USERS, type ServiceTestApp } from '@dukan/testing';
import { count, createExpense, eventsOf, expenseBody, startExpenses } from './fixtures.js';

let t: ServiceTestApp;
beforeAll(async () => {
  t = await startExpenses();
});
afterAll(() => t.close());

describe('recording an expense', () => {
  it('stores every field of the spec, numbers it EXP- and digits, and works out the USD amount itself', async () => {
    const res = await t.post(
      '/api/expenses',
      expenseBody({
        title: '  Shop rent  ',
        category: 'rent',
        amount: 1_500_000,
        currency: 'IQD',
        exchangeRate: 1410,
        paymentMethod: 'transfer',
        paymentDetails: { bankName: 'Rafidain Bank', accountNumber: 'IQ98 0001', reference: 'MAR-RENT' },
        vendor: {
          name: 'Azadi Properties',
          contact: { phone: '+964 7501234567', email: 'rent@azadi.iq', address: 'Salim St, Sulaymaniyah' },
        },
        receipt: 'https://files.example.com/receipts/rent-march.pdf',
        department: 'Front shop',
        tags: ['rent', ' monthly ', 'rent', ''],
        notes: 'Paid to the agent',
      }),
      { token: t.tokens.manager },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Shop rent',
      category: 'rent',
      amount: 1_500_000,
      currency: 'IQD',
      exchangeRate: 1410,
      amountInBaseCurrency: 1063.83, // 1,500,000 / 1410 = 1063.829…
      paymentMethod: 'transfer',
      paymentDetails: { bankName: 'Rafidain Bank', accountNumber: 'IQ98 0001', checkNumber: null, cardLast4: null, reference: 'MAR-RENT' },
      vendor: {
        name: 'Azadi Properties',
        // Kept in one form (E.164), as a customer's phone is.
        contact: { phone: '+9647501234567', email: 'rent@azadi.iq', address: 'Salim St, Sulaymaniyah' },
      },
      receipt: 'https://files.example.com/receipts/rent-march.pdf',
      expenseDate: '2026-03-10',
      department: 'Front shop',
      tags: ['rent', 'monthly'],
      recurring: null,
      notes: 'Paid to the agent',
      status: 'pending',
      rejectionReason: null,
      createdBy: { _id: TEST_USERS.manager.id, username: 'manager' },
    });
    expect(res.body.expenseNumber).toMatch(/^EXP-\d{6,}$/);
    const [row] = await t
      .dataSource()
      .query(`SELECT amount_minor::int, base_cents::int, currency FROM expenses WHERE id = $1`, [res.body._id]);
    expect(row).toEqual({ amount_minor: 1_500_000, base_cents: 106_383, currency: 'IQD' });
  });

  it('gives each expense its own number, in the order they were recorded', async () => {
    const a = await createExpense(t);
    const b = await createExpense(t);
    expect(Number(b.expenseNumber.slice(4))).toBeGreaterThan(Number(a.expenseNumber.slice(4)));
  });

  it('defaults to USD at the form’s 1410 and refuses a USD amount the client got wrong, storing nothing', async () => {
    const minimal = { title: 'Paper', category: 'office', amount: 3.2, paymentMethod: 'cash', expenseDate: '2026-03-11' };
    const ok = await t.post('/api/expenses', minimal, { token: t.tokens.cashier });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      currency: 'USD',
      exchangeRate: 1410,
      amountInBaseCurrency: 3.2,
      tags: [],
      vendor: null,
      description: null,
    });

    const before = await count(t);
    const wrong = await t.post('/api/expenses', expenseBody({ currency: 'IQD', amount: 141_000, amountInBaseCurrency: 141_000 }), {
      token: t.tokens.admin,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.amountInBaseCurrency.message).toBe('The amount in USD is $100.00, not 141000');
    const right = await t.post('/api/expenses', expenseBody({ currency: 'IQD', amount: 141_000, amountInBaseCurrency: 100 }), {
      token: t.tokens.admin,
    });
    expect(right.status).toBe(201);
    expect(await count(t)).toBe(before + 1);
  });

  it('publishes created, records the first status and writes the audit log', async () => {
    const e = await createExpense(t, { amount: 10 }, t.tokens.manager);
    const events = await eventsOf(t, e._id);
    expect(events).toEqual([expect.objectContaining({ type: 'dukan.expenses.expense.created.v1', actor_id: TEST_USERS.manager.id })]);
    expect(events[0]!.data).toEqual({
      expenseId: e._id,
      expenseNumber: e.expenseNumber,
      title: 'Generator fuel',
      description: 'Diesel for the shop generator',
      category: 'utilities',
      amountMinor: 1000,
      currency: 'USD',
      exchangeRate: 1410,
      amountInBaseCurrencyCents: 1000,
      paymentMethod: 'cash',
      expenseDate: '2026-03-10',
      department: null,
      status: 'pending',
      createdBy: TEST_USERS.manager.id,
    });
    const got = await t.get(`/api/expenses/${e._id}`, { token: t.tokens.cashier });
    expect(got.body.statusHistory).toEqual([
      expect.objectContaining({
        from: null,
        to: 'pending',
        reason: null,
        changedBy: expect.objectContaining({ _id: TEST_USERS.manager.id }),
      }),
    ]);
    const audits = await t.dataSource().query(`SELECT action, actor_id FROM audit_log WHERE target_id = $1`, [e._id]);
    expect(audits).toEqual([{ action: 'expense.created', actor_id: TEST_USERS.manager.id }]);
  });
});

describe('bad input: 400 with the error body, nothing stored', () => {
  const cases: [string, Record<string, unknown>, Record<string, string>][] = [
    ['no title', { title: '   ' }, { title: 'This field is required' }],
    ['a title that is not text', { title: 42 }, { title: 'This field is required' }],
    ['a description that is not text', { description: 5 }, { description: 'This value has the wrong type' }],
    ['a title beyond 200 characters', { title: 'x'.repeat(201) }, { title: 'This value is too long (at most 200 characters)' }],
    ['no category', { category: undefined }, { category: 'This field is required' }],
    ['a category not in the list', { category: 'food' }, { category: 'This field is required' }],
    ['no amount', { amount: undefined }, { amount: 'This field is required' }],
    ['a zero amount', { amount: 0 }, { amount: 'Enter a valid amount above zero' }],
    ['a negative amount', { amount: -4 }, { amount: 'Enter a valid amount above zero' }],
    ['an amount that is not a number', { amount: 'twelve' }, { amount: 'Enter a valid amount above zero' }],
    ['a third decimal in USD', { amount: 1.005 }, { amount: 'A USD amount has at most 2 decimals' }],
    ['dinars with decimals', { currency: 'IQD', amount: 1500.5 }, { amount: 'An IQD amount is in whole dinars' }],
    ['an unknown currency', { currency: 'EUR' }, { currency: 'This value is not allowed' }],
    ['an exchange rate below 1', { exchangeRate: 0 }, { exchangeRate: 'Must be at least 1' }],
    ['an exchange rate that is not a number', { exchangeRate: 'abc' }, { exchangeRate: 'Please enter a valid number' }],
    ['an amount beyond any shop', { amount: 2e9 }, { amount: 'Enter a valid amount above zero' }],
    ['no payment method', { paymentMethod: undefined }, { paymentMethod: 'This field is required' }],
    ['a card without its last 4 digits', { paymentMethod: 'card' }, { 'paymentDetails.cardLast4': 'Enter the last 4 digits of the card' }],
    [
      'a card with 3 digits',
      { paymentMethod: 'card', paymentDetails: { cardLast4: '123' } },
      { 'paymentDetails.cardLast4': 'Enter the last 4 digits of the card' },
    ],
    [
      'a card with 5 digits',
      { paymentMethod: 'card', paymentDetails: { cardLast4: '12345' } },
      { 'paymentDetails.cardLast4': 'Enter the last 4 digits of the card' },
    ],
    [
      'a transfer without a bank',
      { paymentMethod: 'transfer', paymentDetails: { accountNumber: '1' } },
      { 'paymentDetails.bankName': 'This field is required' },
    ],
    ['a check without its number', { paymentMethod: 'check' }, { 'paymentDetails.checkNumber': 'This field is required' }],
    ['no expense date', { expenseDate: undefined }, { expenseDate: 'This field is required' }],
    ['a day that does not exist', { expenseDate: '2026-02-30' }, { expenseDate: 'Please enter a valid date' }],
    ['a vendor without a name', { vendor: { contact: { phone: '07501234567' } } }, { 'vendor.name': 'This field is required' }],
    [
      'a vendor email that is not one',
      { vendor: { name: 'X', contact: { email: 'x@' } } },
      { 'vendor.contact.email': 'Please enter a valid email address' },
    ],
    [
      'a vendor phone that is not one',
      { vendor: { name: 'X', contact: { phone: '12' } } },
      { 'vendor.contact.phone': 'Please enter a valid phone number' },
    ],
    [
      'a receipt that is not a web address',
      { receipt: 'javascript:alert(1)' },
      { receipt: 'Please enter a valid web address (http or https)' },
    ],
    ['tags that are not a list', { tags: 'a,b' }, { tags: 'This value has the wrong type' }],
    ['recurring without a frequency', { recurring: { isRecurring: true } }, { 'recurring.frequency': 'This field is required' }],
    [
      'a next due day before the expense',
      { recurring: { isRecurring: true, frequency: 'monthly', nextDueDate: '2026-03-10' } },
      { 'recurring.nextDueDate': 'The next due date must be after the expense date' },
    ],
    [
      'an end before the next due day',
      { recurring: { isRecurring: true, frequency: 'monthly', nextDueDate: '2026-04-10', endDate: '2026-04-01' } },
      { 'recurring.endDate': 'The end date must not be before the next due date' },
    ],
    ['a status set by the client', { status: 'paid' }, { status: 'This field is not allowed' }],
    ['a number set by the client', { expenseNumber: 'EXP-1' }, { expenseNumber: 'This field is not allowed' }],
  ];

  it.each(cases)('%s', async (_name, over, errors) => {
    const before = await count(t);
    const res = await t.post('/api/expenses', expenseBody(over), { token: t.tokens.admin });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      error: 'Validation error',
      errors: Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, { message }])),
    });
    expect(await count(t)).toBe(before);
  });

  it('answers in Kurdish for a Kurdish user', async () => {
    const res = await t.post('/api/expenses', expenseBody({ title: '' }), {
      token: t.tokenFor({ role: 'manager', languagePreference: 'ku' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.title.message).toBe('پڕکردنەوەی ئەم خانەیە پێویستە');
  });

  it('refuses malformed JSON and an unknown id without a 500', async () => {
    const broken = await t.request('POST', '/api/expenses', {
      token: t.tokens.admin,
      body: '{"title":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect((await t.get('/api/expenses/not-a-uuid', { token: t.tokens.admin })).status).toBe(404);
    const missing = await t.get('/api/expenses/00000000-0000-4000-8000-00000000abcd', { token: t.tokens.admin });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND', error: 'Expense not found' });
  });
});

describe('editing and deleting', () => {
  it('replaces the expense with the form: what the form leaves out is cleared', async () => {
    const e = await createExpense(t, { vendor: { name: 'Fuel Co' }, department: 'Back store', notes: 'n' });
    const res = await t.put(
      `/api/expenses/${e._id}`,
      expenseBody({ title: 'Generator fuel (March)', amount: 42.5, paymentMethod: 'card', paymentDetails: { cardLast4: '4242' } }),
      { token: t.tokens.manager },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Generator fuel (March)',
      vendor: null,
      department: null,
      notes: null,
      paymentDetails: { cardLast4: '4242' },
      status: 'pending',
    });
    expect(res.body.message).toBeUndefined();
    expect(res.body.expenseNumber).toBe(e.expenseNumber);
    expect((await eventsOf(t, e._id)).map((x) => x.type)).toEqual([
      'dukan.expenses.expense.created.v1',
      'dukan.expenses.expense.updated.v1',
    ]);
  });

  it('validates an edit like a new expense and changes nothing when it is refused', async () => {
    const e = await createExpense(t);
    const res = await t.put(`/api/expenses/${e._id}`, expenseBody({ amount: -1 }), { token: t.tokens.admin });
    expect(res.status).toBe(400);
    expect((await t.get(`/api/expenses/${e._id}`, { token: t.tokens.admin })).body.amount).toBe(42.5);
  });

  it('deletes in any status: the expense is gone from the list and a deleted event is published', async () => {
    const e = await createExpense(t, { title: `Delete me ${Date.now()}` });
    const del = await t.delete(`/api/expenses/${e._id}`, { token: t.tokens.admin });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: true, message: 'Expense deleted successfully' });
    expect((await t.get(`/api/expenses/${e._id}`, { token: t.tokens.admin })).status).toBe(404);
    expect((await t.get(`/api/expenses?search=${encodeURIComponent(e.title)}`, { token: t.tokens.admin })).body.pagination.total).toBe(0);
    expect((await t.delete(`/api/expenses/${e._id}`, { token: t.tokens.admin })).status).toBe(404);
    const events = await eventsOf(t, e._id);
    expect(events.at(-1)).toMatchObject({
      type: 'dukan.expenses.expense.deleted.v1',
      data: { expenseId: e._id, expenseNumber: e.expenseNumber },
    });
  });
});
