import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { category, loyaltySettings, ok, sale, tillProduct } from '../../../test/fixtures.js';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import { closeTillDb, tillDb } from '../lib/till-db.js';
import { forgetRevisions } from '../lib/catalogue-sync.js';
import { PosPage } from '../routes/pos-page.js';

const tea = tillProduct({ _id: 'p1', sku: 'TEA-1', barcode: '6291000000011', name: { en: 'Black Tea', ku: 'چای ڕەش' }, price: 2.5, discount: 0, quantity: 30, categoryId: 'c1' });

/** A server that reserves the register a block and stores sales; `answer: false` loses the answer of a sale. */
function shop(opts: { answer: boolean }) {
  return fakeApi(({ method, url, body }) => {
    switch (url.pathname) {
      case '/api/products':
        return { body: { revision: '7', full: true, products: [tea], deleted: [] } };
      case '/api/categories':
        return { body: [category({ _id: 'c1', name: { en: 'Drinks', ku: 'خواردنەوە' } })] };
      case '/api/settings/exchange-rate':
        return ok({ exchangeRate: 1500, isUserSpecific: false });
      case '/api/loyalty/settings':
        return ok(loyaltySettings({ redemptionRate: 0.01 }));
      case '/api/transactions/invoice-blocks':
        return ok({ register: 'main', first: 'INV-0010000201', last: 'INV-0010000300', size: 100 });
      case '/api/transactions': {
        if (method !== 'POST') return undefined;
        if (!opts.answer) throw new TypeError('Failed to fetch');
        const sent = body as { reservedInvoiceNumber?: string; total: number; paymentDetails: { amountTendered: number; change: number } };
        return { status: 201, ...ok(sale({ _id: 's1', invoiceNumber: sent.reservedInvoiceNumber ?? 'INV-0010009999', total: sent.total, paymentDetails: sent.paymentDetails })) };
      }
    }
    return undefined;
  });
}

async function sellTea() {
  renderScreen(<PosPage />, { signedInAs: user({ role: 'cashier' }), path: '/pos' });
  await waitFor(() => expect(screen.getByTestId('results-count').textContent).toMatch(/Products shown/));
  // The register's numbers are reserved while the till is online.
  await waitFor(async () => expect(await (await tillDb()).count('invoiceBlocks')).toBe(1));
  const search = screen.getByTestId('pos-search');
  fireEvent.change(search, { target: { value: 'tea' } });
  fireEvent.keyDown(search, { key: 'Enter' });
  fireEvent.keyDown(window, { key: 'F4' });
  fireEvent.click(await screen.findByTestId('pick-guest'));
  fireEvent.change(await screen.findByTestId('tendered'), { target: { value: '5' } });
  await act(async () => {
    fireEvent.click(screen.getByTestId('confirm-sale'));
  });
  await screen.findByTestId('final-receipt');
  return screen.getByTestId('invoice-number').textContent;
}

beforeEach(async () => {
  await closeTillDb();
  forgetRevisions();
  globalThis.indexedDB = new IDBFactory();
});

describe('numbering a sale at the till', () => {
  it('numbers an online sale from the register’s reserved block', async () => {
    const calls = shop({ answer: true });
    expect(await sellTea()).toBe('INV-0010000201');
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/transactions');
    expect((sent?.body as { reservedInvoiceNumber?: string }).reservedInvoiceNumber).toBe('INV-0010000201');
  });

  it('keeps a sale whose answer never came with the number it was sent with, to send again with the same key', async () => {
    const calls = shop({ answer: false });
    expect(await sellTea()).toBe('INV-0010000201');
    const [kept] = await (await tillDb()).getAll('sales');
    const sent = calls.filter((c) => c.method === 'POST' && c.path === '/api/transactions');
    // The attempt that got no answer carried the number the receipt shows, so a replay of it gives the same one.
    expect((sent[0]?.body as { reservedInvoiceNumber?: string }).reservedInvoiceNumber).toBe('INV-0010000201');
    expect(kept?.invoiceNumber).toBe('INV-0010000201');
    expect(kept?.key).toBe(sent[0]?.headers.get('idempotency-key'));
    expect(kept?.body.reservedInvoiceNumber).toBe('INV-0010000201');
    expect(kept?.body.madeOfflineAt).toBe(kept?.createdAt);
  });
});
