import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BranchDto } from '@dukan/contracts';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import { product } from '../../../test/fixtures.js';
import { BranchPricesSection } from './branch-prices-section.js';

const tea = product({ _id: 'p1', sku: 'TEA', price: 2 });
const branch = (id: string, name: string): BranchDto => ({ _id: id, name, registers: ['main'], active: true }) as BranchDto;

function api(branches: BranchDto[]) {
  let prices = [{ branchId: 'b', price: 2.5, version: 1, updatedAt: '2026-11-20T10:00:00.000Z' }];
  return fakeApi(({ url, method, body }) => {
    if (url.pathname === '/api/settings/branches') return { body: { success: true, data: branches } };
    if (url.pathname === '/api/products/p1/branch-prices') return { body: { success: true, data: prices } };
    if (url.pathname === '/api/products/p1/branch-prices/main' && method === 'PUT') {
      prices = [
        ...prices,
        { branchId: 'main', price: (body as { price: number }).price, version: 1, updatedAt: '2026-11-20T10:00:00.000Z' },
      ];
      return { body: { success: true, data: prices } };
    }
    if (url.pathname === '/api/products/p1/branch-prices/b' && method === 'DELETE') {
      prices = prices.filter((p) => p.branchId !== 'b');
      return { body: { success: true, data: prices } };
    }
    return undefined;
  });
}

describe('prices by branch on the product form', () => {
  it("shows each branch's own price, sets one and clears another", async () => {
    const calls = api([branch('main', 'Main'), branch('b', 'Erbil')]);
    renderScreen(<BranchPricesSection product={tea} />, { signedInAs: user({ role: 'admin' }) });
    const rows = await screen.findAllByTestId('branch-price');
    expect(rows.map((r) => r.getAttribute('data-branch'))).toEqual(['main', 'b']);
    await waitFor(() => expect((within(rows[1]!).getByTestId('branch-price-input') as HTMLInputElement).value).toBe('2.5'));

    fireEvent.change(within(rows[0]!).getByTestId('branch-price-input'), { target: { value: '2.25' } });
    fireEvent.click(within(rows[0]!).getByTestId('branch-price-save'));
    expect((await within(rows[0]!).findByTestId('branch-price-outcome')).textContent).toBe('Price saved for Main.');
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ price: 2.25 });
    expect((within(rows[0]!).getByTestId('branch-price-input') as HTMLInputElement).value).toBe('2.25');

    fireEvent.click(within(rows[1]!).getByTestId('branch-price-clear'));
    expect((await within(rows[1]!).findByTestId('branch-price-outcome')).textContent).toBe('Erbil uses the product price again.');
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/products/p1/branch-prices/b')).toBe(true);
    expect((within(rows[1]!).getByTestId('branch-price-input') as HTMLInputElement).value).toBe('');
  });

  it('is not shown in a single shop, nor to someone who cannot edit products', async () => {
    api([branch('main', 'Main')]);
    const single = renderScreen(<BranchPricesSection product={tea} />, { signedInAs: user({ role: 'admin' }) });
    await waitFor(() => expect(screen.queryByTestId('branch-prices')).toBeNull());
    single.unmount();
    api([branch('main', 'Main'), branch('b', 'Erbil')]);
    renderScreen(<BranchPricesSection product={tea} />, { signedInAs: user({ role: 'cashier' }) });
    await waitFor(() => expect(screen.queryByTestId('branch-prices')).toBeNull());
  });
});
