import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AccountEntryDto } from '@dukan/contracts';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import { CustomerAccount } from './customer-account.js';

const ID = '11111111-1111-4111-8111-111111111111';
const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

const entry = (over: Partial<AccountEntryDto>): AccountEntryDto => ({
  _id: crypto.randomUUID(),
  kind: 'sale',
  currency: 'IQD',
  amountMinor: 26_000,
  paid: null,
  exchangeRate: 1500,
  refId: null,
  invoiceNumber: 'INV-1001',
  branchId: 'main',
  note: null,
  balanceAfter: { USD: 0, IQD: 26_000 },
  createdAt: '2026-11-01T10:00:00Z',
  ...over,
});

function shop(owed = { USD: 0, IQD: 26_000 }) {
  return fakeApi(({ url, method }) => {
    if (url.pathname === '/api/settings/exchange-rate') return { body: { success: true, data: { exchangeRate: 1500 } } };
    if (url.pathname === `/api/customers/${ID}/account` && method === 'GET')
      return {
        body: {
          success: true,
          data: {
            customerId: ID,
            balance: owed,
            creditLimit: { currency: 'IQD', amountMinor: 100_000 },
            held: { USD: 0, IQD: 0 },
            owingSince: '2026-11-01T10:00:00Z',
            statement: {
              data: [
                entry({}),
                entry({
                  kind: 'repayment',
                  amountMinor: -10_000,
                  paid: { method: 'cash', currency: 'IQD', amountMinor: 10_000 },
                  balanceAfter: { USD: 0, IQD: 16_000 },
                }),
              ],
              pagination: { total: 2, page: 1, limit: 50, pages: 1 },
            },
          },
        },
      };
    if (url.pathname === `/api/customers/${ID}/repayments` && method === 'POST')
      return { status: 201, body: { success: true, data: { repaymentId: 'r1', balance: { USD: 0, IQD: 6_000 }, exchangeRate: 1500 } } };
    return undefined;
  });
}

describe('a customer account', () => {
  it('shows both balances, the limit and the statement with its running balance', async () => {
    shop({ USD: 0, IQD: 16_000 });
    renderScreen(<CustomerAccount customerId={ID} name="Aram Ali" onClose={() => undefined} />, { signedInAs: user({ role: 'manager' }) });
    expect(plain((await screen.findByTestId('owed-iqd')).textContent)).toBe('IQD 16,000');
    expect(plain(screen.getByTestId('owed-usd').textContent)).toBe('$0.00');
    expect(plain(screen.getByTestId('credit-limit').textContent)).toContain('IQD 100,000');
    const rows = screen.getAllByTestId('statement-row');
    expect(rows.map((r) => r.dataset.kind)).toEqual(['sale', 'repayment']);
    expect(plain(rows[1]!.textContent)).toContain('IQD 16,000');
    expect(screen.getByTestId('edit-limit')).toBeTruthy();
  });

  it('takes a repayment in dinars once, with its idempotency key', async () => {
    const calls = shop();
    renderScreen(<CustomerAccount customerId={ID} name="Aram Ali" onClose={() => undefined} />, { signedInAs: user({ role: 'cashier' }) });
    fireEvent.click(await screen.findByTestId('take-repayment'));
    expect(screen.queryByTestId('edit-limit')).toBeNull(); // a cashier holds no customers → credit
    fireEvent.change(screen.getByTestId('repay-currency'), { target: { value: 'IQD' } });
    fireEvent.change(screen.getByTestId('repay-amount'), { target: { value: '20000' } });
    fireEvent.click(screen.getByTestId('confirm-repay'));
    await waitFor(() => expect(screen.queryByTestId('repayment-dialog')).toBeNull());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ method: 'cash', currency: 'IQD', amountMinor: 20_000 });
    expect(post.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('speaks Kurdish', async () => {
    shop();
    renderScreen(<CustomerAccount customerId={ID} name="Aram Ali" onClose={() => undefined} />, {
      language: 'ku',
      signedInAs: user({ role: 'manager' }),
    });
    expect((await screen.findByTestId('take-repayment')).textContent).toBe('وەرگرتنی دانەوەی قەرز');
    expect(screen.getAllByTestId('statement-row')[0]!.textContent).toContain('فرۆشتن لەسەر حساب');
  });
});
