import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BranchDto, TransferDto } from '@dukan/contracts';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import TransfersPage from './transfers-page.js';

const branches: BranchDto[] = [
  { _id: 'main', name: 'Main', registers: ['main'], active: true } as BranchDto,
  { _id: 'b', name: 'Erbil', registers: ['main'], active: true } as BranchDto,
];

function transfer(over: Partial<TransferDto> = {}): TransferDto {
  return {
    _id: 't1', number: 'TR-000001', fromBranch: 'b', toBranch: 'main', state: 'in_transit', note: null, receiveNote: null, sentBy: null, receivedBy: null,
    sentAt: '2026-11-20T10:00:00.000Z', receivedAt: null,
    lines: [{ productId: 'p1', sku: 'TEA', name: { en: 'Tea', ku: 'چا' }, sent: 5, received: null, unitCost: 1 }], ...over,
  };
}

function api(list: (url: URL) => { status?: number; body: unknown }, shop = branches) {
  return fakeApi(({ url, method }) => {
    if (url.pathname === '/api/settings/branches') return { body: { success: true, data: shop } };
    if (url.pathname === '/api/products/transfers' && method === 'GET') return list(url);
    if (url.pathname === '/api/products/transfers/t1/receive') return { body: { success: true, data: transfer({ state: 'short' }) } };
    return undefined;
  });
}
const page = (data: TransferDto[]) => ({ body: { success: true, data, pagination: { total: data.length, page: 1, limit: 100, pages: 1 } } });

describe('stock transfers screen', () => {
  it('lists transfers with their state and receives one sent here with the counts that arrived', async () => {
    const calls = api(() => page([transfer(), transfer({ _id: 't2', number: 'TR-000002', fromBranch: 'main', toBranch: 'b' })]));
    renderScreen(<TransfersPage />, { signedInAs: user({ role: 'admin' }), path: '/inventory/transfers' });
    const rows = await screen.findAllByTestId('transfer-row');
    expect(rows[0]!.textContent).toContain('Erbil');
    expect(within(rows[0]!).getByTestId('transfer-state').textContent).toBe('In transit');
    // Only the one sent to this branch (main) can be received here.
    expect(within(rows[1]!).queryByTestId('receive-transfer')).toBeNull();
    fireEvent.click(within(rows[0]!).getByTestId('receive-transfer'));
    const dialog = await screen.findByTestId('receive-transfer-dialog');
    fireEvent.change(within(dialog).getByTestId('receive-quantity'), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByTestId('receive-confirm'));
    expect((await screen.findByTestId('transfer-notice')).textContent).toBe('Transfer TR-000001 received short: the difference is recorded.');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ lines: [{ product: 'p1', quantity: 4 }] });
    expect(await screen.findByTestId('send-transfer')).toBeTruthy();
  });

  it('asks the server for one state, and shows the empty state and the error with a retry', async () => {
    let fail = true;
    const calls = api(() => (fail ? { status: 500, body: {} } : page([])));
    renderScreen(<TransfersPage />, { signedInAs: user({ role: 'manager' }), path: '/inventory/transfers?state=short', language: 'ku' });
    expect(await screen.findByTestId('error-panel')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'دووبارە هەوڵبدەرەوە' }));
    expect((await screen.findByTestId('transfers-empty')).textContent).toContain('هێشتا هیچ گواستنەوەیەک لێرە نییە.');
    expect(calls.some((c) => c.path === '/api/products/transfers?limit=100&state=short')).toBe(true);
    expect(screen.getByTestId('state-short').getAttribute('aria-pressed')).toBe('true');
  });

  it('offers no sending in a single shop, nor to a cashier', async () => {
    api(() => page([]), [branches[0]!]);
    renderScreen(<TransfersPage />, { signedInAs: user({ role: 'admin' }), path: '/inventory/transfers' });
    await screen.findByTestId('transfers-empty');
    await waitFor(() => expect(screen.queryByTestId('send-transfer')).toBeNull());
  });
});
