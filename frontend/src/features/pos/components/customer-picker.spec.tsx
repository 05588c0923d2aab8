import { describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { customer, loyaltySettings, ok, tillProduct } from '../../../test/fixtures.js';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import { PosPage } from '../routes/pos-page.js';

configure({ asyncUtilTimeout: 5000 });

const shilan = customer({ _id: 'k1', firstName: 'Shilan', lastName: 'Aziz', phone: '07501234567' });
const dara = customer({ _id: 'k2', firstName: 'Dara', lastName: 'Omer', phone: '07701112233' });

/** A shop whose customer search answers slowly: the answer to a search comes `slowMs` after it was asked. */
function shop(slowMs: number) {
  const calls = fakeApi(({ url }) => {
    switch (url.pathname) {
      case '/api/products':
        return { body: { revision: '1', full: true, products: [tillProduct({ _id: 'p1', sku: 'TEA-1', price: 2.5 })], deleted: [] } };
      case '/api/categories':
        return { body: [] };
      case '/api/settings/exchange-rate':
        return ok({ exchangeRate: 1500, isUserSpecific: false });
      case '/api/loyalty/settings':
        return ok(loyaltySettings());
      case '/api/customers': {
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        return { body: [shilan, dara].filter((c) => !search || `${c.firstName} ${c.lastName}`.toLowerCase().includes(search)) };
      }
    }
    return undefined;
  });
  const answer = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === '/api/customers' && url.searchParams.has('search')) await new Promise((r) => setTimeout(r, slowMs));
    return answer(input, init);
  }) as typeof fetch;
  return calls;
}

async function openPicker() {
  renderScreen(<PosPage />, { signedInAs: user({ role: 'manager' }), path: '/pos' });
  await screen.findByTestId('pos-search');
  fireEvent.click(screen.getByTestId('change-customer'));
  // Every customer, before anything is typed.
  await waitFor(() => expect(screen.getAllByTestId('customer-option')).toHaveLength(2));
  return screen.getByTestId('customer-search');
}

describe('the till’s customer picker while a search is on its way', () => {
  it('picks, on an Enter pressed right after typing, a customer of the typed search, never of the previous answer', async () => {
    shop(400);
    const search = await openPicker();
    fireEvent.change(search, { target: { value: 'Dara' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    // The previous answer (Shilan first) is gone at once, and the Enter waits for the answer to "Dara".
    expect(screen.queryAllByTestId('customer-option')).toHaveLength(0);
    expect(screen.getByTestId('customer-searching').textContent).toBe('Searching…');
    await waitFor(() => expect(screen.queryByTestId('customer-picker')).toBeNull());
    expect(screen.getByTestId('customer-name').textContent).toBe('Dara Omer');
  });

  it('offers nothing to click until the typed search is answered, and an Enter on text changed since picks nothing', async () => {
    shop(300);
    const search = await openPicker();
    fireEvent.change(search, { target: { value: 'Dar' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    fireEvent.change(search, { target: { value: 'Shil' } });
    expect(screen.queryAllByTestId('customer-option')).toHaveLength(0);
    const options = await screen.findAllByTestId('customer-option');
    expect(options.map((o) => o.textContent)).toEqual([expect.stringContaining('Shilan Aziz')]);
    // The Enter pressed on "Dar" did not pick anyone.
    expect(screen.getByTestId('customer-picker')).toBeTruthy();
    fireEvent.click(options[0]!);
    expect(screen.getByTestId('customer-name').textContent).toBe('Shilan Aziz');
  });
});
