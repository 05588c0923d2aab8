import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AccountEntryDto, TillSettingsDto } from '@dukan/contracts';
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

/** The till's settings: the main register of the main branch prints on a receipt printer, or none does. */
const till = (printers: TillSettingsDto['receipt']['printers']): TillSettingsDto => ({
  receipt: {
    storeName: 'Shar Market',
    address: '',
    phone: '',
    taxNumber: '',
    header: { en: '', ku: '' },
    footer: { en: '', ku: '' },
    fields: { customer: false, cashier: true, points: true, rate: true, invoiceBarcode: true },
    paperWidth: 80,
    logo: null,
    printers,
    updatedAt: null,
  },
  payments: { tenders: ['cash:USD', 'cash:IQD'], cardTerminalName: '', updatedAt: null },
  tax: { rate: 0, mode: 'included' },
});
const MAIN_PRINTER = [{ branchId: 'main', registerId: 'main', host: '192.168.1.50', port: 9100 }];

function shop(owed = { USD: 0, IQD: 26_000 }, printer: { printers?: TillSettingsDto['receipt']['printers']; prints?: boolean } = {}) {
  return fakeApi(({ url, method }) => {
    if (url.pathname === '/api/settings/till') return { body: { success: true, data: till(printer.printers ?? []) } };
    if (url.pathname === '/api/print' && method === 'POST')
      return printer.prints === false
        ? { status: 422, body: { success: false, code: 'PRINTER_UNAVAILABLE', message: 'The printer did not answer.' } }
        : { body: { success: true, data: { printer: '192.168.1.50:9100', bytes: 1000 } } };
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

  describe('statement printed on 58 mm', () => {
    afterEach(() => vi.restoreAllMocks());

    it("goes to the register's receipt printer as a 58 mm document: what is owed, the limit and each entry with both balances", async () => {
      const calls = shop({ USD: 0, IQD: 16_000 }, { printers: MAIN_PRINTER });
      const browserPrint = vi.spyOn(window, 'print').mockImplementation(() => undefined);
      renderScreen(<CustomerAccount customerId={ID} name="Aram Ali" phone="0750 123 4567" onClose={() => undefined} />, {
        signedInAs: user({ role: 'cashier' }),
      });
      await screen.findAllByTestId('statement-row');
      await waitFor(() => expect(screen.getByTestId('print-statement').dataset.to).toBe('printer'));
      fireEvent.click(screen.getByTestId('print-statement'));
      expect(plain((await screen.findByTestId('print-statement-outcome')).textContent)).toBe('Printed on the receipt printer.');
      const sent = calls.find((c) => c.path === '/api/print')!;
      const body = sent.body as { register: string; html: string; openDrawer: boolean };
      expect(body.register).toBe('main');
      expect(body.openDrawer).toBe(false);
      const printed = new DOMParser().parseFromString(body.html, 'text/html');
      const paper = printed.querySelector('[data-testid="statement-print"]')!;
      expect(plain(paper.textContent)).toContain('Aram Ali');
      expect(plain(paper.textContent)).toContain('0750 123 4567');
      expect(plain(paper.textContent)).toContain('IQD 16,000');
      expect(plain(paper.textContent)).toContain('IQD 100,000');
      const rows = Array.from(paper.querySelectorAll('[data-testid="statement-print-row"]')).map((r) => plain(r.textContent));
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatch(/Sale on account INV-1001.*\+IQD 26,000/);
      expect(rows[1]).toMatch(/Repayment.*IQD 16,000.*−IQD 10,000/);
      // Laid out at a 58 mm roll's printable width (48 mm), whatever paper the receipts use.
      expect(body.html).toMatch(/inline-size: 181\.\d+px/);
      expect(browserPrint).not.toHaveBeenCalled();
    });

    it('in Kurdish, and a printer that does not print says so in Kurdish', async () => {
      const calls = shop({ USD: 0, IQD: 16_000 }, { printers: MAIN_PRINTER, prints: false });
      renderScreen(<CustomerAccount customerId={ID} name="Aram Ali" onClose={() => undefined} />, {
        language: 'ku',
        signedInAs: user({ role: 'cashier' }),
      });
      await screen.findAllByTestId('statement-row');
      await waitFor(() => expect(screen.getByTestId('print-statement').dataset.to).toBe('printer'));
      expect(screen.getByTestId('print-statement').textContent).toBe('چاپکردنی کەشفی حساب (58 ملم)');
      fireEvent.click(screen.getByTestId('print-statement'));
      expect((await screen.findByTestId('print-statement-outcome')).textContent).toContain('چاپکەری پسوولە چاپی نەکرد');
      const html = (calls.find((c) => c.path === '/api/print')!.body as { html: string }).html;
      expect(html).toContain('کەشفی حساب');
      expect(html).toContain('فرۆشتن لەسەر حساب');
    });

    it("without a receipt printer, the browser's print prints it on the roll", async () => {
      const calls = shop({ USD: 0, IQD: 16_000 });
      const browserPrint = vi.spyOn(window, 'print').mockImplementation(() => undefined);
      renderScreen(<CustomerAccount customerId={ID} name="Aram Ali" onClose={() => undefined} />, {
        signedInAs: user({ role: 'cashier' }),
      });
      await screen.findAllByTestId('statement-row');
      await waitFor(() => expect(calls.some((c) => c.path === '/api/settings/till')).toBe(true));
      fireEvent.click(screen.getByTestId('print-statement'));
      expect(browserPrint).toHaveBeenCalledTimes(1);
      expect(calls.some((c) => c.path === '/api/print')).toBe(false);
      expect(document.querySelector('.print-root [data-testid="statement-print"]')).not.toBeNull();
    });
  });
});
