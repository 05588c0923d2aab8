import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { inputRuleText } from '@dukan/contracts';
import { paged } from '../../../test/fixtures.js';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import { SuppliersTab } from './suppliers-tab.js';

function openNewSupplier(language: 'en' | 'ku') {
  const calls = fakeApi(({ method, url }) => (method === 'GET' && url.pathname === '/api/purchases/suppliers' ? paged([]) : undefined));
  renderScreen(<SuppliersTab onNotice={() => undefined} />, { signedInAs: user({ role: 'admin' }), language });
  return calls;
}

describe('a supplier’s phone', () => {
  it('is refused by the server’s phone rule, in its Kurdish words, before the server is asked', async () => {
    const calls = openNewSupplier('ku');
    fireEvent.click(await screen.findByTestId('add-supplier'));
    fireEvent.change(screen.getByTestId('supplier-en'), { target: { value: 'Azadi Foods' } });
    fireEvent.change(screen.getByTestId('supplier-phone'), { target: { value: '0750' } });
    fireEvent.click(screen.getByTestId('save-supplier'));
    expect(await screen.findByText(inputRuleText('ku', 'phone'))).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('is sent when typed in Kurdish digits, as the server reads it', async () => {
    const calls = openNewSupplier('en');
    fireEvent.click(await screen.findByTestId('add-supplier'));
    fireEvent.change(screen.getByTestId('supplier-en'), { target: { value: 'Azadi Foods' } });
    fireEvent.change(screen.getByTestId('supplier-phone'), { target: { value: '٠٧٥٠ ١٢٣ ٤٥٦٧' } });
    fireEvent.click(screen.getByTestId('save-supplier'));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ phone: '٠٧٥٠ ١٢٣ ٤٥٦٧' }));
  });
});
