import { afterEach, describe, expect, it, vi } from 'vitest';
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
    _id: 't1',
    number: 'TR-000001',
    fromBranch: 'b',
    toBranch: 'main',
    state: 'in_transit',
    note: null,
    receiveNote: null,
    sentBy: null,
    receivedBy: null,
    cancelledBy: null,
    sentAt: '2026-11-20T10:00:00.000Z',
    receivedAt: null,
    cancelledAt: null,
    lines: [{ productId: 'p1', sku: 'TEA', name: { en: 'Tea', ku: 'چا' }, sent: 5, received: null, unitCost: 1 }],
    ...over,
  };
}

type Reply = { status?: number; body: unknown };

function api(list: (url: URL) => Reply, shop = branches, more: (url: URL, method: string) => Reply | undefined = () => undefined) {
  return fakeApi(({ url, method }) => {
    if (url.pathname === '/api/settings/branches') return { body: { success: true, data: shop } };
    const other = more(url, method);
    if (other) return other;
    if (url.pathname === '/api/products/transfers' && method === 'GET') return list(url);
    if (url.pathname === '/api/products/transfers/t1/receive') return { body: { success: true, data: transfer({ state: 'short' }) } };
    return undefined;
  });
}
const page = (data: TransferDto[]) => ({
  body: { success: true, data, pagination: { total: data.length, page: 1, limit: 100, pages: 1 } },
});

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
    expect((await screen.findByTestId('transfer-notice')).textContent).toBe(
      'Transfer TR-000001 received short: the difference is recorded.',
    );
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

describe('cancelling a transfer and its printed note', () => {
  afterEach(() => vi.restoreAllMocks());
  // Sent from this branch (main) to Erbil, still on its way.
  const outgoing = transfer({ _id: 't2', number: 'TR-000002', fromBranch: 'main', toBranch: 'b' });

  it('cancels a transfer this branch sent, after asking, and says so in a toast', async () => {
    let cancelled = false;
    const calls = api(
      () => page([cancelled ? { ...outgoing, state: 'cancelled' } : outgoing, transfer()]),
      branches,
      (url, method) => {
        if (url.pathname !== '/api/products/transfers/t2/cancel' || method !== 'POST') return undefined;
        cancelled = true;
        return { body: { success: true, data: { ...outgoing, state: 'cancelled', cancelledAt: '2026-11-20T11:00:00.000Z' } } };
      },
    );
    renderScreen(<TransfersPage />, { signedInAs: user({ role: 'admin' }), path: '/inventory/transfers' });
    const rows = await screen.findAllByTestId('transfer-row');
    // Only the one sent from here can be cancelled here; the one sent here is received instead.
    expect(within(rows[1]!).queryByTestId('cancel-transfer')).toBeNull();
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Cancel transfer TR-000002' }));
    const dialog = await screen.findByTestId('cancel-transfer-dialog');
    expect(dialog.textContent).toContain('every unit it carries goes back into the stock of Main, and Erbil can no longer receive it');
    expect(dialog.textContent).toContain('Tea: 5 sent');
    fireEvent.click(within(dialog).getByTestId('cancel-confirm'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Transfer TR-000002 cancelled: its stock is back in Main.');
    await waitFor(() => expect(screen.queryByTestId('cancel-transfer-dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/products/transfers/t2/cancel']);
    // The list is asked again: the row now reads Cancelled, with nothing left to do but print.
    await waitFor(() =>
      expect(within(screen.getAllByTestId('transfer-row')[0]!).getByTestId('transfer-state').textContent).toBe('Cancelled'),
    );
    expect(within(screen.getAllByTestId('transfer-row')[0]!).queryByTestId('cancel-transfer')).toBeNull();
  });

  it("shows the server's refusal in the dialog, in Kurdish, and cancels nothing", async () => {
    const refusal = 'ئەم گواستنەوەیە پێشتر وەرگیراوە، بۆیە ئیتر ناتوانرێت هەڵبوەشێنرێتەوە';
    api(
      () => page([outgoing]),
      branches,
      (url) =>
        url.pathname.endsWith('/cancel')
          ? { status: 409, body: { success: false, code: 'INVALID_TRANSITION', error: refusal, message: refusal } }
          : undefined,
    );
    renderScreen(<TransfersPage />, { signedInAs: user({ role: 'manager' }), path: '/inventory/transfers', language: 'ku' });
    fireEvent.click(await screen.findByRole('button', { name: 'هەڵوەشاندنەوەی گواستنەوەی TR-000002' }));
    const dialog = await screen.findByTestId('cancel-transfer-dialog');
    fireEvent.click(within(dialog).getByTestId('cancel-confirm'));
    expect((await within(dialog).findByTestId('cancel-error')).textContent).toBe(refusal);
    expect(screen.queryByTestId('toast')).toBeNull();
    // Dismissed, nothing happened.
    fireEvent.click(within(dialog).getByRole('button', { name: 'هەڵوەشاندنەوە' }));
    expect(screen.queryByTestId('cancel-transfer-dialog')).toBeNull();
  });

  it('filters by Cancelled, where a cancelled transfer offers neither receive nor cancel', async () => {
    const calls = api(() => page([transfer({ state: 'cancelled', cancelledAt: '2026-11-20T11:00:00.000Z' })]));
    renderScreen(<TransfersPage />, { signedInAs: user({ role: 'admin' }), path: '/inventory/transfers' });
    await screen.findAllByTestId('transfer-row');
    fireEvent.click(screen.getByTestId('state-cancelled'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/products/transfers?limit=100&state=cancelled')).toBe(true));
    const row = screen.getByTestId('transfer-row');
    expect(within(row).getByTestId('transfer-state').textContent).toBe('Cancelled');
    expect(within(row).queryByTestId('receive-transfer')).toBeNull();
    expect(within(row).queryByTestId('cancel-transfer')).toBeNull();
    expect(within(row).getByTestId('print-transfer')).toBeTruthy();
  });

  it('prints a note with the branches, the sender, each line as sent and received, the note and room to sign', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const received = transfer({
      state: 'short',
      sentBy: 'u1',
      note: 'Handle with care',
      receiveNote: 'One box torn',
      lines: [{ productId: 'p1', sku: 'TEA-01', name: { en: 'Tea', ku: 'چا' }, sent: 5, received: 4, unitCost: 1 }],
    });
    api(() => page([received]));
    renderScreen(<TransfersPage />, { signedInAs: user({ role: 'manager' }), path: '/inventory/transfers', language: 'ku' });
    fireEvent.click(await screen.findByTestId('print-transfer'));
    const note = await screen.findByTestId('transfer-note');
    expect(within(note).getByTestId('note-number').textContent).toBe('TR-000001');
    expect(within(note).getByTestId('note-from').textContent).toBe('Erbil');
    expect(within(note).getByTestId('note-to').textContent).toBe('Main');
    expect(within(note).getByTestId('note-sender').textContent).toBe('Sara Ali');
    const line = within(note).getByTestId('note-line');
    expect(line.textContent).toContain('چا');
    expect(line.textContent).toContain('TEA-01');
    expect([...line.querySelectorAll('td.num')].map((td) => td.textContent)).toEqual(['٥', '٤']);
    expect(within(note).getByTestId('note-text').textContent).toContain('Handle with care');
    expect(note.textContent).toContain('وەرگر (واژۆ)');
    // The printed copy sits outside the app, right to left as the page, and the Print button prints it.
    const paper = document.querySelector('.print-root .transfer-note')!;
    expect(paper.textContent).toContain('پسوولەی گواستنەوە');
    expect(paper.closest('[dir]')?.getAttribute('dir') ?? document.documentElement.dir).toBe('rtl');
    fireEvent.click(screen.getByTestId('print-note'));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it("names the sender from the staff list when someone else sent it, and leaves the line out when that can't be read", async () => {
    const calls = api(
      () => page([transfer({ sentBy: 'u9' })]),
      branches,
      (url) =>
        url.pathname === '/api/auth/users/u9'
          ? { body: { success: true, data: { _id: 'u9', firstName: 'Hawre', lastName: 'Karim' } } }
          : undefined,
    );
    renderScreen(<TransfersPage />, { signedInAs: user({ role: 'admin' }), path: '/inventory/transfers' });
    fireEvent.click(await screen.findByTestId('print-transfer'));
    expect((await screen.findByTestId('note-sender')).textContent).toBe('Hawre Karim');
    expect(calls.some((c) => c.path === '/api/auth/users/u9')).toBe(true);
  });

  it('lets a cashier print the note, without the sender they may not look up, and cancel nothing', async () => {
    const calls = api(() => page([transfer({ _id: 't2', fromBranch: 'main', toBranch: 'b', sentBy: 'u9' })]));
    renderScreen(<TransfersPage />, { signedInAs: user({ role: 'cashier' }), path: '/inventory/transfers' });
    const row = await screen.findByTestId('transfer-row');
    expect(within(row).queryByTestId('cancel-transfer')).toBeNull();
    fireEvent.click(within(row).getByTestId('print-transfer'));
    const note = await screen.findByTestId('transfer-note');
    expect(within(note).getByTestId('note-from').textContent).toBe('Main');
    expect(within(note).queryByTestId('note-sender')).toBeNull();
    // Nothing counted in yet: no received column.
    expect([...note.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Product', 'Sent']);
    expect(calls.some((c) => c.path.startsWith('/api/auth/users'))).toBe(false);
  });
});
