import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { translate, type ExpenseDto } from '@dukan/contracts';
import { exchangeRate, expense, refusal } from '../../../test/fixtures.js';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import ExpenseFormPage from './expense-form-page.js';

const routes = [
  { path: '/expenses/add', element: <ExpenseFormPage /> },
  { path: '/expenses/edit/:id', element: <ExpenseFormPage /> },
  { path: '/expenses', element: <p>the list</p> },
];

const saved = (body: unknown): ExpenseDto =>
  expense({
    _id: 'e1',
    expenseNumber: 'EXP-000009',
    title: '',
    exchangeRate: 1410,
    amountInBaseCurrency: 10,
    ...(body as Partial<ExpenseDto>),
  });

const change = (id: string, value: string) => fireEvent.change(screen.getByTestId(`expense-${id}`), { target: { value } });

describe('the expense form', () => {
  it('shows its six sections and refuses an empty form without calling the server', async () => {
    const calls = fakeApi(({ url }) => (url.pathname === '/api/settings/exchange-rate' ? exchangeRate(1450) : undefined));
    renderScreen(null, { routes, path: '/expenses/add', signedInAs: user({ role: 'cashier' }) });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveProperty('textContent', 'Add New Expense');
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual([
      'Basic Information',
      'Amount & Currency',
      'Payment Information',
      'Vendor Information',
      'Additional Information',
      'Notes',
    ]);
    // The shop's rate, not the specification's 1,410.
    await waitFor(() => expect((screen.getByTestId('expense-exchangeRate') as HTMLInputElement).value).toBe('1450'));

    fireEvent.click(screen.getByTestId('expense-save'));
    for (const field of ['title', 'category', 'amount'])
      expect(screen.getByTestId(`error-${field}`).textContent).toBe('This field is required');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("starts at 1,410 when the shop has no rate to give, and keeps a rate typed before the shop's arrives", async () => {
    fakeApi(() => undefined);
    renderScreen(null, { routes, path: '/expenses/add', signedInAs: user({ role: 'cashier' }) });
    await screen.findByTestId('expense-exchangeRate');
    expect((screen.getByTestId('expense-exchangeRate') as HTMLInputElement).value).toBe('1410');
  });

  it('shows the payment fields of the chosen method and the recurring block only when ticked', async () => {
    fakeApi(({ url }) => (url.pathname === '/api/settings/exchange-rate' ? exchangeRate(1450) : undefined));
    renderScreen(null, { routes, path: '/expenses/add', signedInAs: user({ role: 'cashier' }) });
    await screen.findByTestId('expense-form');
    expect(screen.queryByTestId('expense-cardLast4')).toBeNull();
    change('paymentMethod', 'card');
    expect((screen.getByTestId('expense-cardLast4') as HTMLInputElement).maxLength).toBe(4);
    change('paymentMethod', 'transfer');
    expect(screen.queryByTestId('expense-cardLast4')).toBeNull();
    expect(screen.getByTestId('expense-bankName')).toBeTruthy();
    expect(screen.getByTestId('expense-accountNumber')).toBeTruthy();
    change('paymentMethod', 'check');
    expect(screen.getByTestId('expense-checkNumber')).toBeTruthy();

    expect(screen.queryByTestId('recurring-block')).toBeNull();
    fireEvent.click(screen.getByTestId('expense-isRecurring'));
    expect((screen.getByTestId('expense-frequency') as HTMLSelectElement).value).toBe('monthly');

    // The form starts at the day's rate; typed over, it is one click away.
    await waitFor(() => expect((screen.getByTestId('expense-exchangeRate') as HTMLInputElement).value).toBe('1450'));
    change('exchangeRate', '1500');
    fireEvent.click(await screen.findByTestId('use-shop-rate'));
    expect((screen.getByTestId('expense-exchangeRate') as HTMLInputElement).value).toBe('1450');
  });

  it('shows the USD amount as it is typed, adds tags once, saves, and starts a new expense', async () => {
    const calls = fakeApi(({ method, url, body }) => {
      if (method === 'POST' && url.pathname === '/api/expenses') return { status: 201, body: saved(body) };
      return undefined;
    });
    renderScreen(null, { routes, path: '/expenses/add', signedInAs: user({ role: 'cashier' }) });
    change('title', 'Delivery taxi');
    change('category', 'transportation');
    change('amount', '14100');
    change('currency', 'IQD');
    expect(screen.getByTestId('expense-base-amount').textContent).toBe('$10.00');
    const tag = screen.getByTestId('expense-tags');
    fireEvent.change(tag, { target: { value: ' delivery ' } });
    fireEvent.keyDown(tag, { key: 'Enter' });
    fireEvent.change(tag, { target: { value: 'delivery' } });
    fireEvent.click(screen.getByTestId('add-tag'));
    expect(within(screen.getByTestId('form-tags')).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('expense-save'));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Expense created successfully'));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      title: 'Delivery taxi',
      category: 'transportation',
      amount: 14100,
      currency: 'IQD',
      exchangeRate: 1410,
      amountInBaseCurrency: 10,
      tags: ['delivery'],
      paymentMethod: 'cash',
    });
    expect((screen.getByTestId('expense-title') as HTMLInputElement).value).toBe('');
  });

  it('puts the server’s refusal under its field and at form level', async () => {
    fakeApi(({ method }) =>
      method === 'POST'
        ? refusal(400, 'VALIDATION_FAILED', 'Validation error', { 'vendor.contact.email': 'Please enter a valid email address' })
        : undefined,
    );
    renderScreen(null, { routes, path: '/expenses/add', signedInAs: user({ role: 'admin' }) });
    change('title', 'Paper');
    change('category', 'office');
    change('amount', '3');
    change('vendorName', 'Stationer');
    change('vendorEmail', 'x@y.iq');
    fireEvent.click(screen.getByTestId('expense-save'));
    expect((await screen.findByTestId('error-vendorEmail')).textContent).toBe('Please enter a valid email address');
    expect(screen.getByTestId('form-error').textContent).toBe('Validation error');
  });

  it('refuses a zero amount, a short vendor phone and an email without a domain in the server’s words, before asking it', async () => {
    const calls = fakeApi(() => undefined);
    renderScreen(null, { routes, path: '/expenses/add', signedInAs: user({ role: 'admin' }) });
    change('title', 'Paper');
    change('category', 'office');
    change('amount', '0');
    change('vendorName', 'Stationer');
    change('vendorPhone', '0750');
    change('vendorEmail', 'x@y');
    fireEvent.click(screen.getByTestId('expense-save'));
    expect((await screen.findByTestId('error-amount')).textContent).toBe(translate('en', 'validation.invalidAmount'));
    expect(screen.getByTestId('error-vendorPhone').textContent).toBe(translate('en', 'validation.invalidPhone'));
    expect(screen.getByTestId('error-vendorEmail').textContent).toBe(translate('en', 'validation.invalidEmail'));
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('loads an expense to edit, keeps the form after updating, and says when it went back to pending', async () => {
    const existing = saved({
      title: 'Rent',
      category: 'rent',
      amount: 700,
      expenseDate: '2026-03-01',
      paymentMethod: 'cash',
      status: 'approved',
    });
    fakeApi(({ method, url, body }) => {
      if (url.pathname === '/api/expenses/e1' && method === 'GET') return { body: existing };
      if (url.pathname === '/api/expenses/e1' && method === 'PUT') {
        return {
          body: {
            ...saved(body),
            status: 'pending',
            message: 'The amount changed, so the expense is pending approval again',
          } satisfies ExpenseDto,
        };
      }
      return undefined;
    });
    renderScreen(null, { routes, path: '/expenses/edit/e1', signedInAs: user({ role: 'manager' }) });
    expect(((await screen.findByTestId('expense-title')) as HTMLInputElement).value).toBe('Rent');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit Expense');
    expect(screen.getByTestId('expense-save').textContent).toBe('Update Expense');
    change('amount', '750');
    fireEvent.click(screen.getByTestId('expense-save'));
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('toast')
          .map((x) => x.textContent)
          .join(),
      ).toContain('pending approval again'),
    );
    expect(screen.getAllByTestId('toast')[0]!.textContent).toContain('Expense updated successfully');
    expect((screen.getByTestId('expense-amount') as HTMLInputElement).value).toBe('750');
  });

  it('keeps a cashier out of editing', async () => {
    fakeApi(() => undefined);
    renderScreen(null, { routes, path: '/expenses/edit/e1', signedInAs: user({ role: 'cashier' }) });
    expect(await screen.findByTestId('access-restricted')).toBeTruthy();
  });

  it('reads in Kurdish', async () => {
    fakeApi(() => undefined);
    renderScreen(null, { routes, path: '/expenses/add', signedInAs: user({ role: 'cashier' }), language: 'ku' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('زیادکردنی خەرجیی نوێ');
    expect(screen.getByTestId('expense-save').textContent).toBe('دروستکردنی خەرجی');
  });
});
