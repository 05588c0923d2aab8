import { describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { generalSettings, ok, refusal } from '../../../test/fixtures.js';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import { GeneralSettingsPage } from './general-settings-page.js';

// Two shared cores under several engineers' test runs: give the screen time to answer.
configure({ asyncUtilTimeout: 5000 });

const general = generalSettings({ exchangeRate: 1450, userExchangeRates: { m1: 1500 }, storeName: 'Dukan Erbil', branches: [] });

function server(initial = general) {
  let state = { ...initial };
  return fakeApi(({ url, method, body }) => {
    if (url.pathname !== '/api/settings/general') return undefined;
    if (method === 'PUT') {
      const b = body as { exchangeRate: number; applyToAllUsers?: boolean };
      state = {
        ...state,
        exchangeRate: b.exchangeRate,
        effectiveExchangeRate: b.exchangeRate,
        userExchangeRates: b.applyToAllUsers ? {} : state.userExchangeRates,
      };
      return { body: { ...ok(state).body, message: 'Settings saved' } };
    }
    return ok(state);
  });
}

describe('general settings', () => {
  it('lets an admin apply one rate to all users; store name read-only, language disabled', async () => {
    const calls = server();
    renderScreen(<GeneralSettingsPage />, { signedInAs: user({ _id: 'a1', role: 'admin' }) });
    const input = (await screen.findByLabelText('Iraqi dinars (IQD) per US dollar')) as HTMLInputElement;
    expect(input.value).toBe('1450');
    expect(screen.getByTestId('individual-rates').textContent).toBe('Users with their own rate: 1');
    expect((screen.getByTestId('store-name') as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByTestId('store-name') as HTMLInputElement).value).toBe('Dukan Erbil');
    expect((screen.getByTestId('default-language') as HTMLSelectElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '1520' } });
    fireEvent.click(screen.getByTestId('apply-to-all'));
    fireEvent.click(screen.getByTestId('save-general'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ exchangeRate: 1520, applyToAllUsers: true }));
    expect((await screen.findByTestId('settings-success')).textContent).toBe('Settings saved successfully');
    await waitFor(() => expect(screen.getByTestId('individual-rates').textContent).toBe('Users with their own rate: 0'));
  });

  it('lets a manager set their own rate, without the apply-to-all box, and raises a rate below 1 to 1', async () => {
    const calls = server({ ...general, userExchangeRates: {} });
    renderScreen(<GeneralSettingsPage />, { signedInAs: user({ _id: 'm1', role: 'manager' }) });
    const input = await screen.findByLabelText('Iraqi dinars (IQD) per US dollar');
    expect(screen.getByText(/Cashiers and managers may set their own exchange rate/)).toBeTruthy();
    expect(screen.queryByTestId('apply-to-all')).toBeNull();
    fireEvent.change(input, { target: { value: '0.4' } });
    fireEvent.click(screen.getByTestId('save-general'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ exchangeRate: 1 }));
  });

  it('refuses an empty rate, and shows the server message when the save fails', async () => {
    const calls = fakeApi(({ url, method }) => {
      if (url.pathname !== '/api/settings/general') return undefined;
      if (method === 'PUT') return refusal(400, 'VALIDATION_FAILED', 'Exchange rate is too large');
      return ok(general);
    });
    renderScreen(<GeneralSettingsPage />, { signedInAs: user({ role: 'manager' }) });
    const input = await screen.findByLabelText('Iraqi dinars (IQD) per US dollar');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('save-general'));
    expect(await screen.findByText('Please enter a valid number')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(input, { target: { value: '99999999' } });
    fireEvent.click(screen.getByTestId('save-general'));
    expect((await screen.findByTestId('settings-error')).textContent).toBe('Exchange rate is too large');
  });

  it("lets an admin set the till's dinar rounding and the currency change starts in, in English and Kurdish", async () => {
    let state = { ...general };
    const calls = fakeApi(({ url, method, body }) => {
      if (url.pathname !== '/api/settings/general') return undefined;
      if (method === 'PUT') state = { ...state, ...(body as object) };
      return ok(state);
    });
    renderScreen(<GeneralSettingsPage />, { signedInAs: user({ _id: 'a1', role: 'admin' }) });
    const rounding = (await screen.findByLabelText('Round dinar cash to')) as HTMLSelectElement;
    const change = screen.getByLabelText('Give change in') as HTMLSelectElement;
    expect(rounding.selectedOptions[0]!.textContent).toBe('250 dinars');
    expect(change.selectedOptions[0]!.textContent).toBe('Iraqi dinars (IQD)');
    fireEvent.change(rounding, { target: { value: '1' } });
    fireEvent.change(change, { target: { value: 'USD' } });
    fireEvent.click(screen.getByTestId('save-till-cash'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ iqdCashRounding: 1, changeCurrency: 'USD' }));
    expect((await screen.findByTestId('till-cash-success')).textContent).toBe('Settings saved successfully');
    expect(rounding.selectedOptions[0]!.textContent).toBe('No rounding');
  });

  it("shows the till's cash rules in Kurdish, and not to a manager", async () => {
    fakeApi(({ url }) => (url.pathname === '/api/settings/general' ? ok(general) : undefined));
    const admin = renderScreen(<GeneralSettingsPage />, { signedInAs: user({ role: 'admin' }), language: 'ku' });
    const change = (await screen.findByLabelText('باقی پارە بە')) as HTMLSelectElement;
    expect(change.selectedOptions[0]!.textContent).toBe('دیناری عێراقی (IQD)');
    expect(screen.getByText('پارەی نەخت لە قاسە')).toBeTruthy();
    admin.unmount();
    renderScreen(<GeneralSettingsPage />, { signedInAs: user({ role: 'manager' }) });
    await screen.findByLabelText('Iraqi dinars (IQD) per US dollar');
    expect(screen.queryByTestId('till-cash-form')).toBeNull();
  });

  it("shows 'Failed to load general settings' with Try again, which loads again", async () => {
    let fail = true;
    const calls = fakeApi(({ url }) =>
      url.pathname === '/api/settings/general' ? (fail ? { status: 400, body: {} } : ok(general)) : undefined,
    );
    renderScreen(<GeneralSettingsPage />, { signedInAs: user({ role: 'manager' }) });
    const panel = await screen.findByTestId('error-panel');
    expect(panel.textContent).toContain('Failed to load general settings');
    expect(screen.getAllByText('Failed to load general settings').length).toBeGreaterThanOrEqual(2); // panel and toast
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Iraqi dinars (IQD) per US dollar')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });

  describe('sales tax', () => {
    function taxServer(refuse?: { field: string; message: string }) {
      let state = generalSettings({ taxRate: 0, taxMode: 'included' });
      return fakeApi(({ url, method, body }) => {
        if (url.pathname !== '/api/settings/general') return undefined;
        if (method === 'PUT' && refuse)
          return {
            status: 400,
            body: {
              success: false,
              code: 'VALIDATION_FAILED',
              message: 'Validation failed',
              errors: { [refuse.field]: { message: refuse.message } },
            },
          };
        if (method === 'PUT') state = { ...state, ...(body as object) };
        return ok(state);
      });
    }

    it('lets an admin set one rate added to prices', async () => {
      const calls = taxServer();
      renderScreen(<GeneralSettingsPage />, { signedInAs: user({ role: 'admin' }) });
      const rate = (await screen.findByLabelText('Tax rate (%)')) as HTMLInputElement;
      expect(rate.value).toBe('0');
      expect((screen.getByTestId('tax-mode-included') as HTMLInputElement).checked).toBe(true);
      fireEvent.change(rate, { target: { value: '7.5' } });
      fireEvent.click(screen.getByTestId('tax-mode-added'));
      fireEvent.click(screen.getByTestId('save-tax'));
      await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ taxRate: 7.5, taxMode: 'added' }));
      expect((await screen.findByTestId('tax-success')).textContent).toBe('Settings saved successfully');
    });

    it('refuses a rate above 100 or with more than 2 decimals before asking the server, in Kurdish too', async () => {
      const calls = taxServer();
      renderScreen(<GeneralSettingsPage />, { signedInAs: user({ role: 'admin' }), language: 'ku' });
      const rate = await screen.findByTestId('tax-rate');
      for (const typed of ['100.5', '7.125', '-1']) {
        fireEvent.change(rate, { target: { value: typed } });
        fireEvent.click(screen.getByTestId('save-tax'));
        expect((await screen.findByRole('alert')).textContent).toBe('ڕێژەیەک لە ٠ بۆ ١٠٠ بنووسە، لانیزۆر بە ٢ ژمارەی دوای خاڵ');
      }
      expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    });

    it("shows the server's message under the rate", async () => {
      taxServer({ field: 'taxRate', message: 'The tax rate must be a percent from 0 to 100, with at most 2 decimals' });
      renderScreen(<GeneralSettingsPage />, { signedInAs: user({ role: 'admin' }) });
      fireEvent.change(await screen.findByTestId('tax-rate'), { target: { value: '5' } });
      fireEvent.click(screen.getByTestId('save-tax'));
      const shown = await screen.findByText('The tax rate must be a percent from 0 to 100, with at most 2 decimals');
      expect(shown.className).toBe('field-error');
      expect(screen.queryByTestId('tax-success')).toBeNull();
    });

    it('is not offered to a manager', async () => {
      taxServer();
      renderScreen(<GeneralSettingsPage />, { signedInAs: user({ role: 'manager' }) });
      await screen.findByLabelText('Iraqi dinars (IQD) per US dollar');
      expect(screen.queryByTestId('tax-form')).toBeNull();
    });
  });
});
