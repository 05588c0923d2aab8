import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import { OwedToShop } from './owed-to-shop.js';

const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

function shop() {
  return fakeApi(({ url }) => {
    if (url.pathname !== '/api/receivables') return undefined;
    const erbil = url.searchParams.get('branch') === 'erbil';
    const totals = [
      { branchId: 'erbil', currency: 'IQD', owedMinor: 15_000 },
      { branchId: 'erbil', currency: 'USD', owedMinor: 1_250 },
      ...(erbil ? [] : [{ branchId: 'main', currency: 'IQD', owedMinor: 30_000 }]),
    ];
    return { body: { success: true, data: { asOf: '2026-11-28T10:00:00Z', totals, rows: [], pagination: {} } } };
  });
}

describe("the dashboard's owed to the shop", () => {
  it('is of the branch the dashboard shows', async () => {
    const calls = shop();
    renderScreen(<OwedToShop />, { signedInAs: user({ role: 'manager' }), path: '/dashboard?branch=erbil' });
    await waitFor(() => expect(plain(screen.getByTestId('owed-iqd').textContent)).toBe('IQD 15,000'));
    expect(plain(screen.getByTestId('stat-owed').textContent)).toContain('$12.50');
    expect(calls.map((c) => c.path)).toEqual(['/api/receivables?limit=1&branch=erbil']);
  });

  it('adds up every branch the user may see when none is picked', async () => {
    const calls = shop();
    renderScreen(<OwedToShop />, { signedInAs: user({ role: 'manager' }), path: '/dashboard' });
    await waitFor(() => expect(plain(screen.getByTestId('owed-iqd').textContent)).toBe('IQD 45,000'));
    expect(calls.map((c) => c.path)).toEqual(['/api/receivables?limit=1']);
  });
});
