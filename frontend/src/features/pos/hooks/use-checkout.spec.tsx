import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { category, loyaltySettings, ok, sale, tillProduct } from '../../../test/fixtures.js';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import { closeTillDb, tillDb } from '../lib/till-db.js';
import { forgetRevisions } from '../lib/catalogue-sync.js';
import { PosPage } from '../routes/pos-page.js';

const tea = tillProduct({
  _id: 'p1',
  sku: 'TEA-1',
  barcode: '6291000000011',
  name: { en: 'Black Tea', ku: 'چای ڕەش' },
  price: 2.5,
  discount: 0,
  quantity: 30,
  categoryId: 'c1',
});

/**
 * A server that reserves the register a block (while `blocks()` says so) and stores sales; `answer` false loses a
 * sale's answer (a function: asked at each sale).
 */
function shop(opts: { answer: boolean | (() => boolean); blocks?: () => boolean; otherDevices?: number }) {
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
        if (opts.blocks && !opts.blocks())
          return { status: 503, body: { success: false, code: 'SERVICE_UNAVAILABLE', message: 'Try again shortly' } };
        return ok({ register: 'main', first: 'INV-0010000201', last: 'INV-0010000300', size: 100, otherDevices: opts.otherDevices ?? 0 });
      case '/api/transactions': {
        if (method !== 'POST') return undefined;
        if (!(typeof opts.answer === 'function' ? opts.answer() : opts.answer)) throw new TypeError('Failed to fetch');
        const sent = body as { reservedInvoiceNumber?: string; total: number; paymentDetails: { amountTendered: number; change: number } };
        return {
          status: 201,
          ...ok(
            sale({
              _id: 's1',
              invoiceNumber: sent.reservedInvoiceNumber ?? 'INV-0010009999',
              total: sent.total,
              paymentDetails: sent.paymentDetails,
            }),
          ),
        };
      }
    }
    return undefined;
  });
}

async function sellTea(opts: { reserved?: boolean; beforeConfirm?: () => void } = {}) {
  renderScreen(<PosPage />, { signedInAs: user({ role: 'cashier' }), path: '/pos' });
  await waitFor(() => expect(screen.getByTestId('results-count').textContent).toMatch(/Products shown/));
  // The register's numbers are reserved while the till is online.
  if (opts.reserved !== false) await waitFor(async () => expect(await (await tillDb()).count('invoiceBlocks')).toBe(1));
  const search = screen.getByTestId('pos-search');
  fireEvent.change(search, { target: { value: 'tea' } });
  fireEvent.keyDown(search, { key: 'Enter' });
  fireEvent.keyDown(window, { key: 'F4' });
  fireEvent.click(await screen.findByTestId('pick-guest'));
  fireEvent.change(await screen.findByTestId('tendered'), { target: { value: '5' } });
  opts.beforeConfirm?.();
  return confirm();
}

/** Confirms the sale on screen: the receipt's invoice number, or the error shown instead. */
async function confirm() {
  await act(async () => {
    fireEvent.click(screen.getByTestId('confirm-sale'));
  });
  await waitFor(() => expect(screen.queryByTestId('final-receipt') ?? screen.queryByRole('alert')).not.toBeNull());
  return screen.queryByTestId('invoice-number')?.textContent ?? screen.getByRole('alert').textContent;
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

  it('tops up a used-up block before sending, so an online sale is still numbered from it', async () => {
    let reserving = false;
    const calls = shop({ answer: true, blocks: () => reserving });
    // The till opened while no block could be reserved; by the time of the sale the server gives one.
    expect(
      await sellTea({
        reserved: false,
        beforeConfirm: () => {
          reserving = true;
        },
      }),
    ).toBe('INV-0010000201');
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/transactions');
    expect((sent?.body as { reservedInvoiceNumber?: string }).reservedInvoiceNumber).toBe('INV-0010000201');
  });

  it('does not keep a sale sent without a number whose answer never came: it waits for the server under its key', async () => {
    let answering = false;
    const calls = shop({ answer: () => answering, blocks: () => false });
    // No number could be reserved: the sale goes to the server unnumbered, and its answer is lost.
    const shown = await sellTea({ reserved: false });
    expect(shown).toContain('The server did not answer, and this sale had no reserved invoice number');
    expect(await (await tillDb()).count('sales')).toBe(0);
    // Confirmed again once the server answers: the same request (same key, still unnumbered), and the server's number.
    const lost = calls.filter((c) => c.method === 'POST' && c.path === '/api/transactions').length;
    answering = true;
    expect(await confirm()).toBe('INV-0010009999');
    const sent = calls.filter((c) => c.method === 'POST' && c.path === '/api/transactions');
    expect(sent).toHaveLength(lost + 1);
    expect(new Set(sent.map((c) => c.headers.get('idempotency-key'))).size).toBe(1);
    expect(sent.every((c) => (c.body as { reservedInvoiceNumber?: string }).reservedInvoiceNumber === undefined)).toBe(true);
  });

  it('names this device when it reserves numbers, and says so when another device sells as the same register', async () => {
    const calls = shop({ answer: true, otherDevices: 1 });
    renderScreen(<PosPage />, { signedInAs: user({ role: 'cashier' }), path: '/pos' });
    expect((await screen.findByTestId('register-shared')).textContent).toContain('Another device also sells as register “main”');
    const reserved = calls.find((c) => c.path === '/api/transactions/invoice-blocks');
    expect((reserved?.body as { device?: string }).device).toMatch(/^[0-9a-f-]{36}$/);
    expect((reserved?.body as { device?: string }).device).toBe(localStorage.getItem('dukan.device'));
  });
});
