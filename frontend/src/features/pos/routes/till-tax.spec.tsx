import { describe, expect, it } from 'vitest';
import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import type { SaleDto, TillSettingsDto, TillTaxDto } from '@dukan/contracts';
import { loyaltySettings, ok, sale, tillProduct } from '../../../test/fixtures.js';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import { PosPage } from './pos-page.js';

// Two shared cores under several engineers' test runs: give the screen time to answer.
configure({ asyncUtilTimeout: 5000 });

function tillSettings(tax: TillTaxDto): TillSettingsDto {
  return {
    receipt: {
      storeName: 'Shar Market',
      address: '',
      phone: '',
      taxNumber: 'TIN 12-345',
      header: { en: '', ku: '' },
      footer: { en: '', ku: '' },
      fields: { customer: true, cashier: true, points: true, rate: true, invoiceBarcode: false },
      paperWidth: 80,
      logo: null,
      printers: [],
      updatedAt: null,
    },
    payments: { tenders: ['cash:USD', 'cash:IQD'], cardTerminalName: '', updatedAt: null },
    tax,
  };
}

/** A shop selling tea at $2.50 (and rice at $12.25, 10 % off) with the given tax; `tax.current` may change while the till is open. */
function shop(tax: { current: TillTaxDto }) {
  return fakeApi(({ method, url, body }) => {
    switch (url.pathname) {
      case '/api/products':
        return {
          body: {
            revision: '1',
            full: true,
            products: [
              tillProduct({ _id: 'p1', sku: 'TEA-1', price: 2.5, quantity: 9 }),
              tillProduct({ _id: 'p2', sku: 'RICE-5', price: 12.25, discount: 10, quantity: 9 }),
            ],
            deleted: [],
          },
        };
      case '/api/categories':
        return { body: [] };
      case '/api/settings/exchange-rate':
        return ok({ exchangeRate: 1500, isUserSpecific: false });
      case '/api/loyalty/settings':
        return ok(loyaltySettings());
      case '/api/settings/till':
        return ok(tillSettings(tax.current));
      case '/api/transactions': {
        if (method !== 'POST') return undefined;
        const sent = body as Pick<SaleDto, 'total' | 'subtotal' | 'taxAmount'>;
        return { status: 201, ...ok(sale({ _id: 's1', invoiceNumber: 'INV-000124', total: sent.total, subtotal: sent.subtotal })) };
      }
    }
    return undefined;
  });
}

async function openTill(language: 'en' | 'ku' = 'en') {
  renderScreen(<PosPage />, { signedInAs: user({ role: 'cashier' }), path: '/pos', language });
  const search = await screen.findByTestId('pos-search');
  await waitFor(() => expect(screen.getByTestId('results-count').textContent).not.toBe(''));
  const add = (sku: string) => {
    fireEvent.change(search, { target: { value: sku } });
    fireEvent.keyDown(search, { key: 'Enter' });
  };
  return { add };
}

describe('the till with the shop’s tax', () => {
  it('adds 10 % on top in added mode: "+ Tax" in the cart, the total with it, sent, and on the receipt with the tax number', async () => {
    const calls = shop({ current: { rate: 10, mode: 'added' } });
    const till = await openTill();
    till.add('TEA-1');
    till.add('RICE-5'); // 12.25 x 0.9 = 11.03
    await waitFor(() => expect(screen.getByTestId('tax-amount').textContent).toBe('+ Tax (10%)+$1.35')); // 13.53 x 10 % = 1.353
    expect(screen.getByTestId('subtotal').textContent).toBe('$13.53');
    expect(screen.getByTestId('total').textContent).toBe('$14.88');

    fireEvent.keyDown(window, { key: 'F4' });
    fireEvent.click(await screen.findByTestId('pick-guest'));
    fireEvent.change(await screen.findByTestId('tendered'), { target: { value: '20' } });
    await act(async () => fireEvent.click(screen.getByTestId('confirm-sale')));
    await screen.findByTestId('final-receipt');
    const sent = calls.find((c) => c.path === '/api/transactions' && c.method === 'POST')!.body;
    expect(sent).toMatchObject({ subtotal: 13.53, taxAmount: 1.35, total: 14.88 });
    expect(screen.getByTestId('receipt-tax').textContent).toBe('+ Tax (10%)+$1.35');
    expect(screen.getByTestId('receipt-total').textContent).toBe('$14.88');
    expect(screen.getByTestId('receipt-paper').textContent).toContain('TIN 12-345');
  });

  it('shows the tax inside the total in included mode, in Kurdish, and follows a change of mode within its poll', async () => {
    const tax = { current: { rate: 10, mode: 'included' } as TillTaxDto };
    shop(tax);
    const till = await openTill('ku');
    till.add('TEA-1');
    await waitFor(() => expect(screen.getByTestId('tax-amount').textContent).toContain('باجی تێدایە'));
    expect(screen.getByTestId('total').textContent).toBe(screen.getByTestId('subtotal').textContent); // the price is the total
    tax.current = { rate: 10, mode: 'added' };
    await waitFor(() => expect(screen.getByTestId('tax-amount').textContent).toContain('+ باج'), { timeout: 15_000 });
    expect(screen.getByTestId('total').textContent).not.toBe(screen.getByTestId('subtotal').textContent);
  }, 30_000);

  it('shows no tax line for a shop with no tax', async () => {
    shop({ current: { rate: 0, mode: 'added' } });
    const till = await openTill();
    till.add('TEA-1');
    await waitFor(() => expect(screen.getByTestId('total').textContent).toBe('$2.50'));
    expect(screen.queryByTestId('tax-amount')).toBeNull();
  });
});
