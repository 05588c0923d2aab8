import { describe, expect, it } from 'vitest';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SaleDto, SaleLineDto, SaleRefundResultDto } from '@dukan/contracts';
import { loyaltySettings, ok, sale, tillProduct } from '../../../test/fixtures.js';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import type { SignedInUser } from '../../auth/index.js';
import { PosPage } from '../routes/pos-page.js';
import { invoiceOfCode, returnChoice } from './return-choice.js';

configure({ asyncUtilTimeout: 5000 });

const SALE_ID = '7b0c1e52-4a61-4f3e-9a57-4d1c3b2a1f00';
const INVOICE = 'INV-0010000042';

function line(over: Partial<SaleLineDto> & Pick<SaleLineDto, '_id'>): SaleLineDto {
  return {
    product: 'p1',
    productSnapshot: { name: { en: 'Black Tea', ku: 'چای ڕەش' }, sku: 'TEA-1', price: 2.5 },
    quantity: 1,
    unitPrice: 2.5,
    unitPriceInCurrency: 2.5,
    subtotalInCurrency: 2.5,
    discount: 0,
    discountType: 'percentage',
    discountAmount: 0,
    subtotal: 2.5,
    refundedQuantity: 0,
    ...over,
  };
}

const sold = sale({
  _id: SALE_ID,
  invoiceNumber: INVOICE,
  items: [
    line({ _id: 'l1', quantity: 3, refundedQuantity: 1, subtotal: 7.5, subtotalInCurrency: 7.5, netMinor: 750, refundedMinor: 250 }),
    line({
      _id: 'l2',
      product: 'p2',
      productSnapshot: { name: { en: 'Rice 5kg', ku: 'برنج' }, sku: 'RICE-5', price: 12 },
      quantity: 2,
      unitPrice: 12,
      unitPriceInCurrency: 12,
      subtotal: 24,
      subtotalInCurrency: 24,
      netMinor: 2400,
      refundedMinor: 0,
    }),
  ],
  total: 31.5,
  subtotal: 31.5,
  tenders: [
    { method: 'cash', currency: 'USD', amountMinor: 500 },
    { method: 'card', currency: 'USD', amountMinor: 2650 },
  ],
});

function refunded(): SaleRefundResultDto {
  const after: SaleDto = {
    ...sold,
    refundState: 'partial',
    items: sold.items.map((l) => (l._id === 'l2' ? { ...l, refundedQuantity: 1 } : l)),
  };
  return {
    refund: {
      _id: 'r1',
      amount: 12,
      amountInCurrency: 12,
      cashRounding: 0,
      pointsReturned: 0,
      pointsRevoked: 0,
      reason: null,
      lines: [{ lineId: 'l2', quantity: 1, amount: 12 }],
      tenders: [
        { method: 'cash', currency: 'USD', amountMinor: 500 },
        { method: 'card', currency: 'USD', amountMinor: 700 },
      ],
      createdBy: 'u1',
      createdAt: sold.createdAt,
    },
    fullyRefunded: false,
    transaction: after,
  };
}

function shop() {
  return fakeApi(({ method, url }) => {
    switch (url.pathname) {
      case '/api/products':
        return {
          body: { revision: '1', full: true, products: [tillProduct({ _id: 'p1', sku: 'TEA-1', price: 2.5, quantity: 9 })], deleted: [] },
        };
      case '/api/categories':
        return { body: [] };
      case '/api/settings/exchange-rate':
        return ok({ exchangeRate: 1500, isUserSpecific: false });
      case '/api/loyalty/settings':
        return ok(loyaltySettings());
      case `/api/transactions/${INVOICE}`:
        return method === 'GET' ? ok(sold) : undefined;
      case `/api/transactions/${SALE_ID}/refund`:
        return method === 'POST' ? { status: 201, ...ok(refunded()) } : undefined;
      case '/api/transactions':
        if (method !== 'POST') return undefined;
        return {
          status: 201,
          ...ok({
            ...sale({ _id: 'x1', invoiceNumber: 'INV-0010000077', total: 2.5, subtotal: 2.5 }),
            exchange: {
              saleId: SALE_ID,
              invoiceNumber: INVOICE,
              refundId: 'r9',
              returnMinor: 1200,
              dueMinor: 0,
              back: { method: 'cash', currency: 'USD', amountMinor: 950 },
            },
          }),
        };
    }
    return undefined;
  });
}

const manager = user({ role: 'manager' });

async function openTill(as: SignedInUser, language: 'en' | 'ku' = 'en') {
  renderScreen(<PosPage />, { signedInAs: as, path: '/pos', language });
  await screen.findByTestId('pos-search');
  await waitFor(() => expect(screen.getByTestId('results-count').textContent).not.toBe(''));
}

/** A scanner's keys: each a few milliseconds after the last, ending with Enter. */
function scan(code: string) {
  const start = performance.now();
  [...code, 'Enter'].forEach((key, i) => {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    Object.defineProperty(event, 'timeStamp', { value: start + i * 5 });
    fireEvent(window, event);
  });
}

describe('what a cashier may return', () => {
  it('reads an invoice number as the scanner or the cashier gives it, and nothing else', () => {
    expect(invoiceOfCode(' inv-0010000042 ')).toBe(INVOICE);
    expect(invoiceOfCode('INV-')).toBeNull();
    expect(invoiceOfCode('6291000000011')).toBeNull();
    expect(invoiceOfCode('INV-12A')).toBeNull();
  });

  it('never takes more units than a line has left, nor part of one', () => {
    const choice = returnChoice(sold.items, { l1: '3', l2: '٢' });
    // Three sold, one already back: two are left of the tea; Eastern digits count.
    expect(choice.problems).toEqual({ l1: { kind: 'tooMany', max: 2 } });
    expect(choice.lines).toEqual([{ lineId: 'l2', quantity: 2 }]);
    expect(returnChoice(sold.items, { l1: '1.5', l2: '-1' }).problems).toEqual({ l1: { kind: 'notWhole' }, l2: { kind: 'notWhole' } });
    expect(returnChoice(sold.items, { l1: '2', l2: '0' })).toEqual({ lines: [{ lineId: 'l1', quantity: 2 }], problems: {} });
  });
});

describe('a return from the receipt at the till', () => {
  it('opens the scanned receipt’s sale with what was sold and returned, refuses too many, and returns the units chosen', async () => {
    const calls = shop();
    await openTill(manager);
    scan(INVOICE);
    // The dialog opens at once and fills in once the sale is read.
    await screen.findAllByTestId('return-line');
    const dialog = screen.getByTestId('return-dialog');
    const rows = within(dialog).getAllByTestId('return-line');
    expect(rows.map((r) => r.getAttribute('data-sku'))).toEqual(['TEA-1', 'RICE-5']);
    expect(within(rows[0]!).getByTestId('return-sold').textContent).toBe('3');
    expect(within(rows[0]!).getByTestId('return-returned').textContent).toBe('1');
    // Nothing chosen yet: nothing to confirm.
    expect((within(dialog).getByTestId('return-confirm') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(within(rows[0]!).getByTestId('return-quantity'), { target: { value: '3' } });
    expect(within(dialog).getByTestId('return-problem').textContent).toBe('At most 2 of Black Tea can be returned.');
    expect((within(dialog).getByTestId('return-confirm') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(within(rows[0]!).getByTestId('return-quantity'), { target: { value: '' } });
    fireEvent.change(within(rows[1]!).getByTestId('return-quantity'), { target: { value: '1' } });
    expect(within(dialog).queryByTestId('return-problem')).toBeNull();
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('return-confirm'));
      fireEvent.click(within(dialog).getByTestId('return-confirm'));
    });
    expect((await within(dialog).findByTestId('return-done')).textContent).toContain(`Returned on \u2066${INVOICE}\u2069`);
    // Back to where it came from, as the server says: the sale's cash first, the rest to the card.
    expect(
      within(dialog)
        .getAllByTestId('return-given')
        .map((g) => g.textContent),
    ).toEqual(['Cash (USD)$5.00', 'To the card$7.00']);

    const posts = calls.filter((c) => c.method === 'POST' && c.path === `/api/transactions/${SALE_ID}/refund`);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ lines: [{ lineId: 'l2', quantity: 1 }], restock: true });
    expect(posts[0]!.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('opens a typed invoice number from the search box, in Kurdish too', async () => {
    shop();
    await openTill(manager, 'ku');
    const search = screen.getByTestId('pos-search');
    fireEvent.change(search, { target: { value: 'inv-0010000042' } });
    expect(screen.getByTestId('no-results').textContent).toContain(INVOICE);
    fireEvent.keyDown(search, { key: 'Enter' });
    const rows = await screen.findAllByTestId('return-line');
    const dialog = screen.getByTestId('return-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe(`گەڕاندنەوە لە \u2066${INVOICE}\u2069`);
    expect(rows[1]!.textContent).toContain('برنج');
    fireEvent.change(within(rows[1]!).getByTestId('return-quantity'), { target: { value: '٣' } });
    expect(within(dialog).getByTestId('return-problem').textContent).toBe('زۆرترین ٢ دانە لە برنج دەگەڕێندرێتەوە.');
  });

  it('tells a cashier without the refund permission that a return needs it, and asks the server nothing', async () => {
    const calls = shop();
    await openTill(user({ role: 'cashier' }));
    scan(INVOICE);
    const dialog = await screen.findByTestId('return-dialog');
    expect(within(dialog).getByTestId('return-message').textContent).toBe(
      'Returns need the Refund permission of the Point of Sale. Ask a manager to make the return.',
    );
    expect(calls.some((c) => c.path.startsWith(`/api/transactions/${INVOICE}`))).toBe(false);
    expect(within(dialog).queryByTestId('return-confirm')).toBeNull();
  });

  it('says so when no sale has the number in this branch', async () => {
    shop();
    await openTill(manager);
    scan('INV-0010000099');
    const dialog = await screen.findByTestId('return-dialog');
    expect((await within(dialog).findByTestId('return-message')).textContent).toBe(
      'No sale \u2066INV-0010000099\u2069 in this branch. Check the number on the receipt.',
    );
  });
});

describe('an exchange from the receipt at the till', () => {
  it('takes the units chosen into the next sale: the new items are paid by them and the rest is handed back, in one call', async () => {
    const calls = shop();
    await openTill(manager);
    scan(INVOICE);
    const rows = await screen.findAllByTestId('return-line');
    const dialog = screen.getByTestId('return-dialog');
    expect((within(dialog).getByTestId('return-exchange') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(rows[1]!).getByTestId('return-quantity'), { target: { value: '1' } });
    // The rice came back torn: it does not go back on the shelf.
    fireEvent.click(within(dialog).getByTestId('return-restock'));
    fireEvent.click(within(dialog).getByTestId('return-exchange'));
    expect(screen.queryByTestId('return-dialog')).toBeNull();
    expect(screen.getByTestId('exchange-credit').textContent).toBe('Items returned: $12.00 towards this sale');

    // A tea instead of the rice: $2.50 of the $12.00, $9.50 handed back in cash.
    const search = screen.getByTestId('pos-search');
    fireEvent.change(search, { target: { value: 'TEA-1' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    fireEvent.click(screen.getByTestId('checkout'));
    fireEvent.click(await screen.findByTestId('pick-guest'));
    await screen.findByTestId('exchange-summary');
    expect(screen.getByTestId('exchange-returned').textContent).toBe('−$12.00');
    expect(screen.getByTestId('exchange-back').textContent).toBe('$9.50');
    await act(async () => {
      fireEvent.click(screen.getByTestId('confirm-sale'));
      fireEvent.click(screen.getByTestId('confirm-sale'));
    });
    await screen.findByTestId('final-receipt');
    expect(screen.getByTestId('exchange-done-back').textContent).toBe('$9.50');
    // The receipt shows the items back and the cash handed back.
    expect(screen.getByTestId('receipt-exchange-returned').textContent).toBe('−$12.00');
    expect(screen.getByTestId('receipt-exchange-back').textContent).toBe('$9.50');
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/transactions');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({
      total: 2.5,
      tenders: [],
      exchangeFor: { saleId: SALE_ID, lines: [{ lineId: 'l2', quantity: 1 }], restock: false },
    });
    expect(posts[0]!.headers.get('Idempotency-Key')).toBeTruthy();
    // Nothing went through the refund route: the return is part of the sale.
    expect(calls.some((c) => c.path.endsWith('/refund'))).toBe(false);
  });
});
