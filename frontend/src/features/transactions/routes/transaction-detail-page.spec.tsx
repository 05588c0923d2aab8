import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { SaleDto, SaleRefundResultDto } from '@dukan/contracts';
import { ok, refusal } from '../../../test/fixtures.js';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import { TransactionDetailPage } from './transaction-detail-page.js';
import { TransactionsPage } from './transactions-page.js';

const ID = '22222222-2222-4222-8222-222222222222';
const line = (id: string, sku: string, en: string, quantity: number, unitPrice: number) => ({
  _id: id,
  product: `p-${sku}`,
  productSnapshot: { name: { en, ku: `${en} ku` }, sku, price: unitPrice },
  quantity,
  unitPrice,
  discount: 0,
  discountType: 'percentage' as const,
  discountAmount: 0,
  subtotal: quantity * unitPrice,
  unitPriceInCurrency: unitPrice,
  subtotalInCurrency: quantity * unitPrice,
  refundedQuantity: 0,
});
function sale(over: Partial<SaleDto> = {}): SaleDto {
  return {
    _id: ID,
    invoiceNumber: 'INV-001000042',
    createdAt: '2026-01-02T10:00:00Z',
    transactionDate: '2026-01-02T10:00:00Z',
    branchId: 'main',
    register: 'main',
    status: 'completed',
    paymentStatus: 'paid',
    paymentStatusLabel: 'Completed',
    paymentMethod: 'cash',
    paymentDetails: { amountTendered: 20, change: 2 },
    tenders: [{ method: 'cash', currency: 'USD', amountMinor: 2000 }],
    change: { currency: 'USD', amountMinor: 200 },
    currency: 'USD',
    exchangeRate: 1450,
    items: [
      line('33333333-3333-4333-8333-333333333333', 'TEA', 'Black Tea', 2, 4),
      line('44444444-4444-4444-8444-444444444444', 'RICE', 'Rice', 1, 10),
    ],
    subtotal: 18,
    discountType: null,
    discountValue: null,
    discountAmount: 0,
    loyaltyDiscount: 0,
    loyaltyPointsRedeemed: 0,
    loyaltyPointsAwarded: 18,
    taxRate: 0,
    taxMode: 'included',
    taxAmount: 0,
    total: 18,
    amountsInCurrency: {
      currency: 'USD',
      subtotal: 18,
      discountAmount: 0,
      loyaltyDiscount: 0,
      taxAmount: 0,
      total: 18,
      amountTendered: 20,
      change: 2,
      cashRounding: 0,
      refunded: 0,
    },
    refunded: false,
    refundState: 'none',
    refundedAmount: 0,
    refunds: [],
    voided: null,
    customerId: 'c1',
    customer: { _id: 'c1', firstName: 'Shilan', lastName: 'Aziz', phone: '07501234567' },
    cashier: { _id: 'u1', username: 'sara', firstName: 'Sara', lastName: 'Ali' },
    ...over,
  };
}
const routes = (el: ReactElement) => [{ path: '/transactions/:id', element: el }];

describe('transaction detail', () => {
  it('says of a return made in an exchange which sale its value paid for, in English and Kurdish', async () => {
    const exchanged = sale({
      refundState: 'partial',
      refunds: [
        {
          _id: 'r1',
          amount: 4,
          amountInCurrency: 4,
          cashRounding: 0,
          pointsReturned: 0,
          pointsRevoked: 4,
          reason: null,
          lines: [{ lineId: '33333333-3333-4333-8333-333333333333', quantity: 1, amount: 4 }],
          tenders: [],
          createdBy: 'u1',
          createdAt: '2026-01-03T10:00:00Z',
          exchange: { saleId: 'x1', invoiceNumber: 'INV-001000077' },
        },
      ],
    });
    fakeApi(({ url }) => (url.pathname === `/api/transactions/${ID}` ? ok(exchanged) : undefined));
    const view = renderScreen(<TransactionDetailPage />, { routes: routes(<TransactionDetailPage />), path: `/transactions/${ID}` });
    expect((await screen.findByTestId('refund-exchange')).textContent).toBe('Exchanged: paid towards \u2066INV-001000077\u2069');
    view.unmount();
    renderScreen(<TransactionDetailPage />, { routes: routes(<TransactionDetailPage />), path: `/transactions/${ID}`, language: 'ku' });
    expect((await screen.findByTestId('refund-exchange')).textContent).toBe('گۆڕدرایەوە: بۆ \u2066INV-001000077\u2069 درا');
  });

  it('shows the fields of the sale and hides void and refund from a cashier', async () => {
    fakeApi(({ url }) => (url.pathname === `/api/transactions/${ID}` ? ok(sale()) : undefined));
    renderScreen(<TransactionDetailPage />, { routes: routes(<TransactionDetailPage />), path: `/transactions/${ID}` });
    expect((await screen.findByTestId('detail-invoice')).textContent).toBe('INV-001000042');
    expect(screen.getByTestId('detail-total').textContent).toBe('$18.00');
    expect(screen.getByTestId('detail-customer').textContent).toBe('Shilan Aziz');
    expect(screen.getByTestId('detail-cashier').textContent).toContain('Sara Ali');
    expect(screen.getByTestId('detail-refunded').textContent).toBe('No');
    expect(screen.getAllByTestId('detail-line').map((r) => r.textContent)).toEqual([
      expect.stringContaining('Black Tea'),
      expect.stringContaining('Rice'),
    ]);
    expect(screen.queryByTestId('open-refund')).toBeNull();
    expect(screen.queryByTestId('open-void')).toBeNull();
  });

  it('reprints the receipt of a dinar sale with its tenders, rounding and change as stored', async () => {
    const iqd = sale({
      currency: 'IQD',
      items: [
        {
          ...line('33333333-3333-4333-8333-333333333333', 'RICE', 'Rice', 1, 36.1),
          unitPriceInCurrency: 52_345,
          subtotalInCurrency: 52_345,
        },
      ],
      tenders: [{ method: 'cash', currency: 'IQD', amountMinor: 60_000 }],
      change: { currency: 'IQD', amountMinor: 7750 },
      amountsInCurrency: {
        currency: 'IQD',
        subtotal: 52_345,
        discountAmount: 0,
        loyaltyDiscount: 0,
        taxAmount: 0,
        total: 52_345,
        amountTendered: 60_000,
        change: 7750,
        cashRounding: -95,
        refunded: 0,
      },
    });
    fakeApi(({ url }) => (url.pathname === `/api/transactions/${ID}` ? ok(iqd) : undefined));
    renderScreen(<TransactionDetailPage />, { routes: routes(<TransactionDetailPage />), path: `/transactions/${ID}` });
    expect((await screen.findAllByTestId('detail-tender')).map((r) => r.textContent?.replace(/\u00a0/g, ' '))).toEqual([
      expect.stringContaining('IQD 60,000'),
    ]);
    fireEvent.click(screen.getByTestId('reprint'));
    const paper = within(await screen.findByTestId('reprint-receipt'));
    const text = (id: string) => paper.getByTestId(id).textContent?.replace(/\u00a0/g, ' ');
    expect(text('receipt-total')).toBe('IQD 52,345');
    expect(text('receipt-rounding')).toBe('−IQD 95');
    expect(paper.getAllByTestId('receipt-tender').map((r) => r.textContent?.replace(/\u00a0/g, ' '))).toEqual(['Cash (IQD)IQD 60,000']);
    expect(text('receipt-change')).toBe('IQD 7,750');
  });

  it('refunds some units with one Idempotency-Key however often the button is pressed', async () => {
    const calls = fakeApi(({ url, method }) => {
      if (method === 'POST' && url.pathname === `/api/transactions/${ID}/refund`) {
        const after = sale({ refundState: 'partial', refundedAmount: 4 });
        return {
          status: 201,
          ...ok<SaleRefundResultDto>({
            refund: {
              _id: 'r1',
              amount: 4,
              amountInCurrency: 4,
              cashRounding: 0,
              pointsReturned: 0,
              pointsRevoked: 4,
              reason: null,
              lines: [],
              tenders: [{ method: 'cash', currency: 'USD', amountMinor: 400 }],
              createdBy: 'u1',
              createdAt: '2026-01-02T11:00:00Z',
            },
            fullyRefunded: false,
            transaction: after,
          }),
        };
      }
      if (url.pathname === `/api/transactions/${ID}`) return ok(sale());
      return undefined;
    });
    renderScreen(<TransactionDetailPage />, {
      routes: routes(<TransactionDetailPage />),
      path: `/transactions/${ID}`,
      signedInAs: user({ role: 'manager' }),
    });
    fireEvent.click(await screen.findByTestId('open-refund'));
    const dialog = screen.getByTestId('refund-dialog');
    fireEvent.click(within(dialog).getByTestId('refund-some'));
    // Nothing chosen: the button stays off.
    expect((within(dialog).getByTestId('refund-confirm') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getAllByTestId('refund-quantity')[0]!, { target: { value: '1' } });
    expect(within(dialog).getByTestId('refund-estimate').textContent).toContain('$4.00');
    fireEvent.click(within(dialog).getByTestId('refund-confirm'));
    fireEvent.click(within(dialog).getByTestId('refund-confirm'));
    await waitFor(() => expect(screen.queryByTestId('refund-dialog')).toBeNull());
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[0]!.body).toEqual({ lines: [{ lineId: '33333333-3333-4333-8333-333333333333', quantity: 1 }], restock: true });
  });

  it('lets only an admin void, and shows a voided sale as voided without refund or void buttons', async () => {
    fakeApi(({ url }) =>
      url.pathname === `/api/transactions/${ID}`
        ? ok(
            sale({
              status: 'voided',
              paymentStatusLabel: 'Cancelled',
              voided: { at: '2026-01-02T12:00:00Z', by: 'u0', reason: 'Wrong till' },
            }),
          )
        : undefined,
    );
    renderScreen(<TransactionDetailPage />, {
      routes: routes(<TransactionDetailPage />),
      path: `/transactions/${ID}`,
      signedInAs: user({ role: 'admin' }),
    });
    expect((await screen.findByTestId('voided-banner')).textContent).toContain('Wrong till');
    expect(screen.getAllByTestId('voided-badge').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('open-void')).toBeNull();
    expect(screen.queryByTestId('open-refund')).toBeNull();
  });

  it('shows the not-found view for an unknown id', async () => {
    fakeApi(() => refusal(404, 'NOT_FOUND', 'Transaction not found'));
    renderScreen(<TransactionDetailPage />, { routes: routes(<TransactionDetailPage />), path: '/transactions/nope' });
    expect((await screen.findByTestId('transaction-not-found')).textContent).toContain('Transaction not found');
  });
});

describe('transactions list', () => {
  it('filters by status and search, marks voided and refunded sales, and links each to its detail', async () => {
    const list = [
      sale(),
      sale({ _id: '55555555-5555-4555-8555-555555555555', invoiceNumber: 'INV-001000043', status: 'voided', customer: null, total: 9 }),
      sale({
        _id: '66666666-6666-4666-8666-666666666666',
        invoiceNumber: 'INV-001000044',
        refundState: 'partial',
        refundedAmount: 4,
        total: 30,
        customer: { _id: 'c2', firstName: 'Karwan', lastName: 'Kamal', phone: '1' },
      }),
    ];
    const calls = fakeApi(({ url }) => (url.pathname === '/api/transactions' ? ok(list) : undefined));
    renderScreen(<TransactionsPage />);
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(3));
    expect(calls[0]!.path).toBe('/api/transactions?limit=1000');
    const [first, voided, refunded] = screen.getAllByTestId('transaction-row');
    expect(within(first!).getByRole('link').getAttribute('href')).toBe(`/transactions/${ID}`);
    expect(within(voided!).getByTestId('voided-badge').textContent).toBe('Voided');
    expect(within(voided!).getByTestId('status-badge').textContent).toBe('Cancelled');
    expect(within(refunded!).getByTestId('refunded-badge').textContent).toBe('Partly refunded');

    fireEvent.change(screen.getByTestId('status-filter'), { target: { value: 'Cancelled' } });
    expect(screen.getAllByTestId('transaction-row').map((r) => r.dataset.id)).toEqual(['55555555-5555-4555-8555-555555555555']);
    fireEvent.change(screen.getByTestId('status-filter'), { target: { value: 'all' } });
    fireEvent.change(screen.getByTestId('transaction-search'), { target: { value: 'karwan' } });
    expect(screen.getAllByTestId('transaction-row').map((r) => r.dataset.id)).toEqual(['66666666-6666-4666-8666-666666666666']);
    fireEvent.change(screen.getByTestId('transaction-search'), { target: { value: 'zzz' } });
    expect(screen.getByTestId('transactions-empty').textContent).toBe('No transactions match your search or filter.');
  });

  it('pages 10 at a time', async () => {
    const list = Array.from({ length: 23 }, (_, i) =>
      sale({ _id: `77777777-7777-4777-8777-${String(i).padStart(12, '0')}`, invoiceNumber: `INV-0010001${String(i).padStart(2, '0')}` }),
    );
    fakeApi(({ url }) => (url.pathname === '/api/transactions' ? ok(list) : undefined));
    renderScreen(<TransactionsPage />);
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(10));
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getAllByTestId('transaction-row')).toHaveLength(3);
    expect(screen.getByTestId('transactions-shown').textContent).toBe('Showing 21–23 of 23');
  });

  it('says what went wrong when the list cannot load', async () => {
    fakeApi(() => ({ status: 500, body: { success: false } }));
    renderScreen(<TransactionsPage />);
    expect((await screen.findByTestId('error-panel')).textContent).toContain('Failed to fetch transactions');
  });
});
