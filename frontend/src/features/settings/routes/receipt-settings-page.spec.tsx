import { describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PaymentSettingsDto, ReceiptSettingsDto } from '@dukan/contracts';
import { ok } from '../../../test/fixtures.js';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import { PaymentSettingsPage } from './payment-settings-page.js';
import { ReceiptSettingsPage } from './receipt-settings-page.js';

configure({ asyncUtilTimeout: 5000 });

const receipt: ReceiptSettingsDto = {
  storeName: 'Dukan',
  address: '',
  phone: '',
  taxNumber: '',
  header: { en: '', ku: '' },
  footer: { en: '', ku: '' },
  fields: { customer: true, cashier: true, points: true, rate: true, invoiceBarcode: false },
  paperWidth: 80,
  logo: null,
  printers: [],
  updatedAt: null,
};

describe('receipt settings', () => {
  it('saves the shop details, texts, fields, paper and the printer of a register', async () => {
    const calls = fakeApi(({ url, method, body }) => {
      if (url.pathname === '/api/settings/branches') return ok([{ _id: 'main', name: 'Main', registers: ['main', 'front'], active: true }]);
      if (url.pathname !== '/api/settings/receipts') return undefined;
      return method === 'PUT' ? ok({ ...receipt, ...(body as object) }) : ok(receipt);
    });
    renderScreen(<ReceiptSettingsPage />, { signedInAs: user({ role: 'admin' }) });
    fireEvent.change(await screen.findByTestId('receipt-storeName'), { target: { value: 'Shar Market' } });
    fireEvent.change(screen.getByTestId('receipt-address'), { target: { value: 'Salim St' } });
    fireEvent.change(screen.getByTestId('receipt-footerKu'), { target: { value: 'سوپاس' } });
    fireEvent.click(screen.getByTestId('receipt-field-customer'));
    fireEvent.click(screen.getByTestId('receipt-paper-58'));
    fireEvent.change(await screen.findByTestId('printer-host-main/front'), { target: { value: '192.168.1.50' } });
    fireEvent.click(screen.getByTestId('save-receipts'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      storeName: 'Shar Market',
      address: 'Salim St',
      footer: { en: '', ku: 'سوپاس' },
      fields: { customer: false, cashier: true },
      paperWidth: 58,
      printers: [{ branchId: 'main', registerId: 'front', host: '192.168.1.50', port: 9100 }],
    });
    expect((await screen.findByTestId('receipt-settings-success')).textContent).toBe('Receipt settings saved');
  });

  it('refuses a logo that is not a picture before sending it', async () => {
    const calls = fakeApi(({ url }) =>
      url.pathname === '/api/settings/receipts' ? ok(receipt) : url.pathname === '/api/settings/branches' ? ok([]) : undefined,
    );
    renderScreen(<ReceiptSettingsPage />, { signedInAs: user({ role: 'admin' }) });
    const input = await screen.findByTestId('receipt-logo-file');
    fireEvent.change(input, { target: { files: [new File(['<html>'], 'logo.html', { type: 'text/html' })] } });
    expect((await screen.findByTestId('receipt-logo-error')).textContent).toBe('The logo must be a PNG, JPEG or SVG image.');
    expect(calls.some((c) => c.path.startsWith('/api/settings/receipts/logo'))).toBe(false);
  });
});

describe('payment settings', () => {
  it('keeps at least one way to pay and saves the card terminal name', async () => {
    const payments: PaymentSettingsDto = { tenders: ['cash:USD', 'card'], cardTerminalName: '', updatedAt: null };
    const calls = fakeApi(({ url, method, body }) =>
      url.pathname === '/api/settings/payments' ? (method === 'PUT' ? ok({ ...payments, ...(body as object) }) : ok(payments)) : undefined,
    );
    renderScreen(<PaymentSettingsPage />, { signedInAs: user({ role: 'admin' }) });
    fireEvent.click(await screen.findByTestId('tender-cash:USD'));
    fireEvent.click(screen.getByTestId('tender-card'));
    fireEvent.click(screen.getByTestId('save-payments'));
    expect((await screen.findByTestId('payment-settings-error')).textContent).toBe('Choose at least one way to pay.');
    fireEvent.click(screen.getByTestId('tender-account'));
    fireEvent.click(screen.getByTestId('tender-cash:IQD'));
    fireEvent.change(screen.getByTestId('card-terminal'), { target: { value: 'FIB POS' } });
    fireEvent.click(screen.getByTestId('save-payments'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ tenders: ['cash:IQD', 'account'], cardTerminalName: 'FIB POS' }),
    );
  });
});
