import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { category, customer, loyaltySettings, ok, redemptionQuote, tillProduct } from '../../../test/fixtures.js';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import { PosPage } from './pos-page.js';

// The till forgives a cashier's slips (issue 30): nothing is lost without a word, and a discount means what was typed.

const products = [
  tillProduct({ _id: 'p1', sku: 'TEA-1', barcode: '6291000000011', name: { en: 'Black Tea', ku: 'چای ڕەش' }, price: 2.5, quantity: 30 }),
  tillProduct({ _id: 'p2', sku: 'RICE-5', barcode: '6291000000028', name: { en: 'Rice 5kg', ku: 'برنج' }, price: 12.25, quantity: 9 }),
];

function shop() {
  return fakeApi(({ url, body }) => {
    switch (url.pathname) {
      case '/api/products':
        return { body: { revision: '1', full: true, products, deleted: [] } };
      case '/api/categories':
        return { body: [category({ _id: 'c1', name: { en: 'Food', ku: 'خواردن' } })] };
      case '/api/settings/exchange-rate':
        return ok({ exchangeRate: 1500, isUserSpecific: false });
      case '/api/loyalty/settings':
        return ok(loyaltySettings({ redemptionRate: 0.01 }));
      case '/api/customers':
        return { body: [customer({ _id: 'k1', firstName: 'Shilan', lastName: 'Aziz', phone: '07501234567', loyaltyPoints: 300 })] };
      case '/api/transactions/redeem':
        return ok(redemptionQuote((body as { points: number }).points, 0.01));
      default:
        return undefined;
    }
  });
}

async function openTill(role: 'cashier' | 'manager' = 'cashier') {
  renderScreen(<PosPage />, { signedInAs: user({ role }), path: '/pos' });
  const search = await screen.findByTestId('pos-search');
  await waitFor(() => expect(screen.getByTestId('results-count').textContent).toMatch(/Products shown/));
  return (text: string) => {
    fireEvent.change(search, { target: { value: text } });
    fireEvent.keyDown(search, { key: 'Enter' });
  };
}

describe('a till that forgives', () => {
  it('says when a scan takes redeemed points off, and redeems them again with one press', async () => {
    const calls = shop();
    const add = await openTill();
    add('rice');
    fireEvent.click(screen.getByTestId('change-customer'));
    fireEvent.click((await screen.findAllByTestId('customer-option'))[0]!);
    fireEvent.click(screen.getByTestId('open-redeem'));
    fireEvent.change(screen.getByTestId('redeem-input'), { target: { value: '200' } });
    fireEvent.click(screen.getByTestId('redeem-submit'));
    await screen.findByTestId('loyalty-applied');
    add('tea');
    const notice = screen.getByTestId('redemption-dropped');
    expect(notice.textContent).toContain('200 redeemed points ($2.00) were taken off');
    expect(screen.getByTestId('loyalty-amount').textContent).toBe('$0.00');
    fireEvent.click(within(notice).getByTestId('redemption-reapply'));
    await screen.findByTestId('loyalty-applied');
    expect(screen.queryByTestId('redemption-dropped')).toBeNull();
    expect(screen.getByTestId('loyalty-amount').textContent).toBe('−$2.00');
    expect(calls.filter((c) => c.path === '/api/transactions/redeem').map((c) => c.body)).toEqual([
      { customerId: 'k1', points: 200 },
      { customerId: 'k1', points: 200 },
    ]);
  });

  it('keeps a fixed $5 discount at $5 when the till switches to IQD', async () => {
    shop();
    const add = await openTill('manager');
    add('rice');
    fireEvent.click(screen.getByRole('button', { name: /Amount/ }));
    fireEvent.change(screen.getByTestId('discount-input'), { target: { value: '5' } });
    expect(screen.getByTestId('discount-amount').textContent).toBe('−$5.00');
    fireEvent.click(screen.getByTestId('currency-IQD'));
    // $5 at 1,500 IQD per USD, not IQD 5.
    expect(screen.getByTestId('discount-amount').textContent).toMatch(/−IQD\s?7,500/);
    expect(screen.getByRole('button', { name: /Amount \$/ })).toBeTruthy();
  });

  it('undoes a cleared cart and a removed line of several units', async () => {
    shop();
    const add = await openTill();
    add('rice');
    add('tea');
    add('tea');
    fireEvent.click(screen.getByTestId('clear-cart'));
    expect(screen.queryAllByTestId('cart-line')).toHaveLength(0);
    expect(screen.getByTestId('undo-bar').textContent).toContain('Cart cleared.');
    fireEvent.click(screen.getByTestId('undo'));
    expect(screen.getAllByTestId('cart-line').map((l) => l.getAttribute('data-sku'))).toEqual(['RICE-5', 'TEA-1']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Black Tea' }));
    expect(screen.getByTestId('undo-bar').textContent).toContain('Black Tea removed.');
    fireEvent.click(screen.getByTestId('undo'));
    const tea = screen.getAllByTestId('cart-line')[1]!;
    expect((within(tea).getByTestId('line-quantity') as HTMLInputElement).value).toBe('2');
  });

  it('shows what a scan added, and the total and checkout in the phone bar', async () => {
    shop();
    const add = await openTill();
    add('rice');
    expect(screen.getByTestId('last-added').textContent).toContain('Added Rice 5kg');
    expect(screen.getByTestId('phone-total').textContent).toBe(screen.getByTestId('total').textContent);
    expect((screen.getByTestId('phone-checkout') as HTMLButtonElement).disabled).toBe(false);
  });
});
