import { afterEach, describe, expect, it } from 'vitest';
import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import type { SaleDto, TillSettingsDto } from '@dukan/contracts';
import type { DesktopBridge } from '../../../app/desktop.js';
import { loyaltySettings, ok, sale, tillProduct } from '../../../test/fixtures.js';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import { PosPage } from '../routes/pos-page.js';

configure({ asyncUtilTimeout: 5000 });

const settings: TillSettingsDto = {
  receipt: {
    storeName: 'Shar Market',
    address: 'Salim St, Sulaymaniyah',
    phone: '+964 770 123 4567',
    taxNumber: 'TIN 12-345',
    header: { en: 'Welcome', ku: 'بەخێربێن' },
    footer: { en: 'No returns after 7 days', ku: 'دوای ٧ ڕۆژ گەڕاندنەوە نییە' },
    fields: { customer: false, cashier: true, points: true, rate: true, invoiceBarcode: true },
    paperWidth: 58,
    logo: null,
    printers: [{ branchId: 'main', registerId: 'main', host: '192.168.1.50', port: 9100 }],
    updatedAt: null,
  },
  payments: { tenders: ['cash:USD', 'cash:IQD'], cardTerminalName: '', updatedAt: null },
  tax: { rate: 0, mode: 'included' },
};

/** What the server's POST /api/print/escpos answers: reset, drawer, a raster band, cut. */
const ESCPOS = Uint8Array.from([
  0x1b, 0x40, 0x1b, 0x70, 0x00, 0x32, 0xfa, 0x1d, 0x76, 0x30, 0x00, 0x01, 0x00, 0x01, 0x00, 0x80, 0x1d, 0x56, 0x00,
]);

function shop(printer: 'prints' | 'off') {
  return fakeApi(({ method, url, body }) => {
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
      case '/api/settings/till':
        return ok(settings);
      case '/api/print/escpos':
        return { body: ESCPOS };
      case '/api/print':
        return printer === 'prints'
          ? ok({ printer: '192.168.1.50:9100', bytes: 1000 })
          : {
              status: 422,
              body: {
                success: false,
                code: 'PRINTER_UNAVAILABLE',
                message:
                  'The printer at 192.168.1.50:9100 did not answer. Check that it is on, has paper and is connected, then print again. The sale is saved.',
              },
            };
      case '/api/transactions': {
        if (method !== 'POST') return undefined;
        const sent = body as Pick<SaleDto, 'paymentDetails' | 'total' | 'subtotal'>;
        return {
          status: 201,
          ...ok(
            sale({
              _id: 's1',
              invoiceNumber: 'INV-000123',
              paymentDetails: sent.paymentDetails,
              total: sent.total,
              subtotal: sent.subtotal,
            }),
          ),
        };
      }
    }
    return undefined;
  });
}

async function sellTea() {
  renderScreen(<PosPage />, { signedInAs: user({ role: 'cashier' }), path: '/pos' });
  const search = await screen.findByTestId('pos-search');
  await waitFor(() => expect(screen.getByTestId('results-count').textContent).toMatch(/Products shown/));
  fireEvent.change(search, { target: { value: 'TEA-1' } });
  fireEvent.keyDown(search, { key: 'Enter' });
  fireEvent.keyDown(window, { key: 'F4' });
  fireEvent.click(await screen.findByTestId('pick-guest'));
  fireEvent.change(await screen.findByTestId('tendered'), { target: { value: '5' } });
  await act(async () => fireEvent.click(screen.getByTestId('confirm-sale')));
  return screen.findByTestId('final-receipt');
}

describe('the shop’s receipt and its printer', () => {
  it('prints the shop’s details and texts, leaves off what the shop left off, and sends a cash sale to the register’s printer with the drawer', async () => {
    const calls = shop('prints');
    await sellTea();
    expect((await screen.findByTestId('receipt-shop')).textContent).toBe('Shar Market');
    const paper = screen.getByTestId('receipt-paper').textContent!;
    expect(paper).toContain('Salim St, Sulaymaniyah');
    expect(paper).toContain('TIN 12-345');
    expect(paper).toContain('Welcome');
    expect(paper).toContain('No returns after 7 days');
    expect(paper).not.toContain('Customer');
    expect((await screen.findByTestId('printer-outcome')).textContent).toBe('Printed on the receipt printer.');
    const [first] = calls.filter((c) => c.path === '/api/print');
    expect(first!.body).toMatchObject({ register: 'main', openDrawer: true });
    expect((first!.body as { html: string }).html).toContain('Shar Market');
    // The invoice number's barcode, on screen and in what the printer gets.
    expect(screen.getByTestId('receipt-barcode').getAttribute('aria-label')).toBe('INV-000123');
    expect((first!.body as { html: string }).html).toContain('class="receipt-barcode"');
    // A reprint never opens the drawer again.
    fireEvent.click(screen.getByTestId('print-to-printer'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/print')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/api/print')[1]!.body).toMatchObject({ openDrawer: false });
  });

  it('tells the cashier when the printer does not answer, keeps the receipt and lets them print again', async () => {
    const calls = shop('off');
    await sellTea();
    expect((await screen.findByTestId('printer-outcome')).textContent).toContain('did not answer');
    expect(screen.getByTestId('invoice-number').textContent).toBe('INV-000123');
    fireEvent.click(screen.getByTestId('print-to-printer'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/print')).toHaveLength(2));
    expect(screen.getByTestId('print-receipt')).toBeTruthy(); // the browser's print stays
  });
});

describe('the receipt printer of the computer the desktop shell runs on', () => {
  afterEach(() => {
    delete (window as unknown as { dukanDesktop?: unknown }).dukanDesktop;
  });

  /** The shell's bridge with a USB printer that takes the bytes, or one that is off. */
  function shellWithPrinter(takes: boolean) {
    const printed: Uint8Array[] = [];
    const bridge: DesktopBridge = {
      shell: 'browser',
      getPrinter: async () => '/dev/usb/lp0',
      printEscpos: async (bytes) => {
        if (!takes) throw new Error('the printer /dev/usb/lp0 did not take the receipt');
        printed.push(bytes);
        return { printer: '/dev/usb/lp0', bytes: bytes.length };
      },
    };
    (window as unknown as { dukanDesktop: DesktopBridge }).dukanDesktop = bridge;
    return printed;
  }

  it('has the server make the printer’s bytes and hands them to the shell, drawer opened for cash, instead of the server printing', async () => {
    const printed = shellWithPrinter(true);
    const calls = shop('prints');
    await sellTea();
    expect((await screen.findByTestId('printer-outcome')).textContent).toBe('Printed on the receipt printer.');
    const asked = calls.filter((c) => c.path === '/api/print/escpos');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body).toMatchObject({ register: 'main', openDrawer: true });
    expect((asked[0]!.body as { html: string }).html).toContain('Shar Market');
    expect(printed).toEqual([ESCPOS]);
    expect(calls.filter((c) => c.path === '/api/print')).toHaveLength(0);
    // A reprint goes the same way, without the drawer.
    fireEvent.click(screen.getByTestId('print-to-printer'));
    await waitFor(() => expect(printed).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/api/print/escpos')[1]!.body).toMatchObject({ openDrawer: false });
  });

  it('names this computer’s printer when it does not print, and keeps the sale', async () => {
    shellWithPrinter(false);
    const calls = shop('prints');
    await sellTea();
    expect((await screen.findByTestId('printer-outcome')).textContent).toBe(
      'The printer /dev/usb/lp0 on this computer did not print. Check that it is on, has paper and is connected, then print again. The sale is saved.',
    );
    expect(screen.getByTestId('invoice-number').textContent).toBe('INV-000123');
    expect(calls.filter((c) => c.path === '/api/print')).toHaveLength(0);
  });
});
