import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SaleDto } from '@dukan/contracts';
import { category, customer, loyaltySettings, ok, redemptionQuote, sale, tillProduct } from '../../../test/fixtures.js';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import { PosPage } from './pos-page.js';
import type { SignedInUser } from '../../auth/index.js';

const products = [
  tillProduct({
    _id: 'p1',
    sku: 'TEA-1',
    barcode: '6291000000011',
    name: { en: 'Black Tea', ku: 'چای ڕەش' },
    price: 2.5,
    discount: 0,
    quantity: 30,
    categoryId: 'c1',
    packs: [{ _id: 'k1', barcode: '6291000000035', units: 10, price: 22, priceIqd: null, name: { en: 'Box', ku: 'قوتوو' } }],
  }),
  tillProduct({
    _id: 'p2',
    sku: 'RICE-5',
    barcode: '6291000000028',
    name: { en: 'Rice 5kg', ku: 'برنج' },
    price: 12.25,
    discount: 10,
    quantity: 4,
    categoryId: 'c2',
  }),
];

function shop(
  opts: { saleStatus?: number[]; rateChangesTo?: number; money?: { iqdCashRounding: number; changeCurrency: 'USD' | 'IQD' } } = {},
) {
  const saleStatus = [...(opts.saleStatus ?? [201])];
  let rate = 1500;
  return fakeApi(({ method, url, body }) => {
    switch (url.pathname) {
      case '/api/products':
        return { body: { revision: '7', full: true, products, deleted: [] } };
      case '/api/categories':
        return {
          body: [
            category({ _id: 'c1', name: { en: 'Drinks', ku: 'خواردنەوە' } }),
            category({ _id: 'c2', name: { en: 'Food', ku: 'خواردن' } }),
          ],
        };
      case '/api/settings/exchange-rate':
        return ok({ exchangeRate: rate, isUserSpecific: true, ...opts.money });
      case '/api/loyalty/settings':
        return ok(loyaltySettings({ redemptionRate: 0.01 }));
      case '/api/customers':
        return { body: [customer({ _id: 'k1', firstName: 'Shilan', lastName: 'Aziz', phone: '07501234567', loyaltyPoints: 300 })] };
      case '/api/transactions/redeem':
        return ok(redemptionQuote((body as { points: number }).points, 0.01));
      case '/api/transactions': {
        if (method !== 'POST') return undefined;
        const status = saleStatus.shift() ?? 201;
        if (opts.rateChangesTo && (body as { exchangeRate: number }).exchangeRate !== opts.rateChangesTo) {
          rate = opts.rateChangesTo;
          const message = `The exchange rate is now ${rate} IQD per USD, not 1500. The till has reloaded it: check the total and confirm again.`;
          return {
            status: 422,
            body: { success: false, message, error: message, code: 'EXCHANGE_RATE_CHANGED', errors: { exchangeRate: message } },
          };
        }
        if (status === 503)
          return {
            status,
            body: { success: false, message: 'This service is temporarily unavailable.', error: 'x', code: 'SERVICE_UNAVAILABLE' },
          };
        if (status >= 400)
          return {
            status,
            body: {
              success: false,
              message: 'The total does not match',
              error: 'x',
              code: 'TOTAL_MISMATCH',
              errors: { total: { message: 'Total must be 4.50' }, 'items.0.quantity': { message: 'Only 3 left' } },
            },
          };
        const sent = body as Pick<SaleDto, 'paymentDetails' | 'total' | 'subtotal' | 'loyaltyPointsRedeemed'>;
        const saved = sale({
          _id: 's1',
          invoiceNumber: 'INV-000123',
          createdAt: '2026-01-01T10:00:00Z',
          paymentDetails: sent.paymentDetails,
          total: sent.total,
          subtotal: sent.subtotal,
          loyaltyPointsRedeemed: sent.loyaltyPointsRedeemed ?? 0,
          loyaltyPointsAwarded: 4,
        });
        return { status, ...ok(saved) };
      }
    }
    return undefined;
  });
}

async function openTill(u: SignedInUser = user({ role: 'cashier' })) {
  const view = renderScreen(<PosPage />, { signedInAs: u, path: '/pos' });
  const search = await screen.findByTestId('pos-search');
  await waitFor(() => expect(screen.getByTestId('results-count').textContent).toMatch(/Products shown/));
  return { ...view, search };
}

function addBySearch(search: HTMLElement, text: string) {
  fireEvent.change(search, { target: { value: text } });
  fireEvent.keyDown(search, { key: 'Enter' });
}

describe('the till', () => {
  it('finds products by Kurdish name, SKU and barcode and adds the chosen one with Enter', async () => {
    shop();
    const { search } = await openTill();
    addBySearch(search, 'برنج');
    addBySearch(search, 'tea-1');
    addBySearch(search, '6291000000011');
    const lines = screen.getAllByTestId('cart-line');
    expect(lines.map((l) => l.getAttribute('data-sku'))).toEqual(['RICE-5', 'TEA-1']);
    expect((within(lines[1]!).getByTestId('line-quantity') as HTMLInputElement).value).toBe('2');
    // 12.25 less 10% = 11.025, so 11.03 (half up at the cent), plus 2 × 2.50
    expect(screen.getByTestId('total').textContent).toBe('$16.03');
  });

  it('adds a pack whose barcode is typed in the search box, as if scanned, and leaves text that is no code in the box', async () => {
    shop();
    const { search } = await openTill();
    addBySearch(search, '6291000000035');
    addBySearch(search, '6291000000035');
    const [line] = screen.getAllByTestId('cart-line');
    expect(within(line!).getByTestId('line-pack').textContent).toBe('Box × 10');
    expect((within(line!).getByTestId('line-quantity') as HTMLInputElement).value).toBe('2');
    expect(screen.getByTestId('total').textContent).toBe('$44.00');
    expect((search as HTMLInputElement).value).toBe('');
    addBySearch(search, 'no such thing');
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    expect((search as HTMLInputElement).value).toBe('no such thing');
  });

  it('asks the server once for scanned codes it does not know, not once per scan', async () => {
    const calls = shop();
    await openTill();
    const scan = (code: string) => {
      for (const key of [...code, 'Enter']) fireEvent.keyDown(window, { key });
    };
    const listCalls = () => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/products')).length;
    const before = listCalls();
    scan('6291000000011');
    expect(screen.getAllByTestId('cart-line').map((l) => l.getAttribute('data-sku'))).toEqual(['TEA-1']);
    scan('9999999999994');
    expect(await screen.findByText('No product has the barcode 9999999999994.')).toBeTruthy();
    expect(listCalls()).toBe(before + 1);
    scan('9999999999987');
    expect(await screen.findByText('No product has the barcode 9999999999987.')).toBeTruthy();
    expect(listCalls()).toBe(before + 1);
  });

  it('hides discount controls from a cashier and shows them to a manager', async () => {
    shop();
    const cashier = await openTill(user({ role: 'cashier' }));
    expect(screen.queryByTestId('discount-controls')).toBeNull();
    cashier.unmount();
    const manager = await openTill(user({ role: 'manager' }));
    addBySearch(manager.search, 'tea');
    fireEvent.change(screen.getByTestId('discount-input'), { target: { value: '250' } });
    expect(screen.getByTestId('total').textContent).toBe('$0.00');
    fireEvent.change(screen.getByTestId('discount-input'), { target: { value: '10' } });
    expect(screen.getByTestId('discount-amount').textContent).toBe('−$0.25');
  });

  it('shows prices in dinars at the user’s rate', async () => {
    shop();
    const { search } = await openTill();
    addBySearch(search, 'tea');
    fireEvent.click(screen.getByTestId('currency-IQD'));
    expect(screen.getByTestId('total').textContent).toMatch(/IQD\s?3,750/);
  });

  it('sells to a guest: confirm waits for enough cash, one key per sale, one sale for a double click', async () => {
    const calls = shop();
    const { search } = await openTill();
    addBySearch(search, 'tea');
    fireEvent.keyDown(window, { key: 'F4' });
    fireEvent.click(await screen.findByTestId('pick-guest'));
    const tender = await screen.findByTestId('tendered');
    const confirm = screen.getByTestId('confirm-sale') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(tender, { target: { value: '2' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(tender, { target: { value: '5' } });
    expect(screen.getByTestId('change').textContent).toBe('$2.50');
    expect(confirm.disabled).toBe(false);
    await act(async () => {
      fireEvent.click(confirm);
      fireEvent.click(confirm);
    });
    expect(await screen.findByTestId('final-receipt')).toBeTruthy();
    expect(screen.getByTestId('invoice-number').textContent).toBe('INV-000123');
    expect(screen.getByText('Sale completed successfully! Products have been updated in inventory.')).toBeTruthy();
    const sales = calls.filter((c) => c.method === 'POST' && c.path === '/api/transactions');
    expect(sales).toHaveLength(1);
    expect(sales[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(sales[0]!.body).toMatchObject({
      total: 2.5,
      subtotal: 2.5,
      currency: 'USD',
      paymentStatus: 'paid',
      register: 'main',
      tenders: [{ method: 'cash', currency: 'USD', amountMinor: 500 }],
      changeCurrency: 'USD',
    });
    expect(sales[0]!.body).not.toHaveProperty('customer');
    fireEvent.click(screen.getByTestId('new-sale'));
    expect(screen.queryAllByTestId('cart-line')).toHaveLength(0);
  });

  it("starts a dollar sale's change in the shop's change currency, rounded to its dinar step", async () => {
    const calls = shop({ money: { iqdCashRounding: 250, changeCurrency: 'IQD' } });
    const { search } = await openTill();
    addBySearch(search, 'tea');
    fireEvent.keyDown(window, { key: 'F4' });
    fireEvent.click(await screen.findByTestId('pick-guest'));
    const tender = await screen.findByTestId('tendered');
    expect((screen.getByTestId('change-currency') as HTMLSelectElement).value).toBe('IQD');
    fireEvent.change(tender, { target: { value: '4.10' } });
    // $1.60 over at 1500 is 2,400 dinars, handed back to the nearest 250
    expect(screen.getByTestId('change').textContent).toMatch(/IQD\s?2,500/);
    await act(async () => fireEvent.click(screen.getByTestId('confirm-sale')));
    expect(await screen.findByTestId('final-receipt')).toBeTruthy();
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/transactions');
    expect(sent?.body).toMatchObject({
      currency: 'USD',
      changeCurrency: 'IQD',
      tenders: [{ method: 'cash', currency: 'USD', amountMinor: 410 }],
    });
  });

  it('shows the validation message of a refused sale and sends the corrected one under a fresh key', async () => {
    const calls = shop({ saleStatus: [422, 201] });
    const { search } = await openTill();
    addBySearch(search, 'tea');
    fireEvent.click(screen.getByTestId('checkout'));
    fireEvent.click(await screen.findByTestId('pick-guest'));
    fireEvent.click(await screen.findByTestId('exact-amount'));
    fireEvent.click(screen.getByTestId('confirm-sale'));
    expect((await screen.findByTestId('sale-error')).textContent).toBe('Validation error: Total must be 4.50');
    fireEvent.click(screen.getByTestId('confirm-sale'));
    await screen.findByTestId('final-receipt');
    const keys = calls.filter((c) => c.path === '/api/transactions').map((c) => c.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('reloads the rate when the server says it changed, and sells at the new one', async () => {
    const calls = shop({ rateChangesTo: 1600 });
    const { search } = await openTill();
    addBySearch(search, 'tea');
    fireEvent.click(screen.getByTestId('currency-IQD'));
    fireEvent.click(screen.getByTestId('checkout'));
    fireEvent.click(await screen.findByTestId('pick-guest'));
    fireEvent.change(await screen.findByTestId('tendered'), { target: { value: '5000' } });
    fireEvent.click(screen.getByTestId('confirm-sale'));
    expect((await screen.findByTestId('sale-error')).textContent).toBe(
      'The exchange rate is now 1600 IQD per USD, not 1500. The till has reloaded it: check the total and confirm again.',
    );
    // 2.50 at 1600 = 4,000 IQD; the 5,000 tendered gives 1,000 back.
    await waitFor(() => expect(screen.getByTestId('preview-total').textContent).toMatch(/IQD\s?4,000/));
    expect(screen.getByTestId('change').textContent).toMatch(/IQD\s?1,000/);
    fireEvent.click(screen.getByTestId('confirm-sale'));
    await screen.findByTestId('final-receipt');
    const sales = calls
      .filter((c) => c.method === 'POST' && c.path === '/api/transactions')
      .map((c) => (c.body as { exchangeRate: number }).exchangeRate);
    expect(sales).toEqual([1500, 1600]);
  });

  it('repeats a sale whose outcome is unknown with the same key and the very same body', async () => {
    const calls = shop({ saleStatus: [503, 503, 201] });
    const { search } = await openTill();
    addBySearch(search, 'tea');
    fireEvent.click(screen.getByTestId('checkout'));
    fireEvent.click(await screen.findByTestId('pick-guest'));
    fireEvent.click(await screen.findByTestId('exact-amount'));
    fireEvent.click(screen.getByTestId('confirm-sale'));
    await screen.findByTestId('sale-error');
    await new Promise((r) => setTimeout(r, 5));
    fireEvent.click(screen.getByTestId('confirm-sale'));
    await screen.findByTestId('final-receipt');
    const sent = calls.filter((c) => c.path === '/api/transactions');
    // The first confirm is retried once by the client (503 is transient), the second confirm succeeds.
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((c) => c.headers.get('Idempotency-Key'))).size).toBe(1);
    expect(new Set(sent.map((c) => JSON.stringify(c.body))).size).toBe(1);
  });

  it('redeems a customer’s points with the max button and sends the customer with the sale', async () => {
    const calls = shop();
    const { search } = await openTill();
    addBySearch(search, 'rice');
    fireEvent.click(screen.getByTestId('change-customer'));
    fireEvent.click((await screen.findAllByTestId('customer-option'))[0]!);
    expect(screen.getByTestId('customer-name').textContent).toBe('Shilan Aziz');
    fireEvent.click(screen.getByTestId('open-redeem'));
    fireEvent.change(screen.getByTestId('redeem-input'), { target: { value: '5000' } });
    expect((screen.getByTestId('redeem-input') as HTMLInputElement).value).toBe('300');
    fireEvent.change(screen.getByTestId('redeem-input'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('redeem-submit'));
    expect(screen.getByTestId('redeem-error').textContent).toBe('Enter a number of points above 0.');
    fireEvent.click(screen.getByTestId('redeem-max'));
    fireEvent.click(screen.getByTestId('redeem-submit'));
    await screen.findByTestId('loyalty-applied');
    expect(screen.getByTestId('loyalty-amount').textContent).toBe('−$3.00');
    expect(screen.getByTestId('total').textContent).toBe('$8.03');
    fireEvent.click(screen.getByTestId('checkout'));
    fireEvent.click((await screen.findAllByTestId('customer-option'))[0]!);
    fireEvent.click(await screen.findByTestId('exact-amount'));
    fireEvent.click(screen.getByTestId('confirm-sale'));
    await screen.findByTestId('final-receipt');
    const sale = calls.find((c) => c.path === '/api/transactions' && c.method === 'POST')!;
    expect(sale.body).toMatchObject({ customer: 'k1', loyaltyDiscount: 3, total: 8.03, subtotal: 11.03 });
  });
});
