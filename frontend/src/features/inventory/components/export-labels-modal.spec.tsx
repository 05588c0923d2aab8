import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import { ExportLabelsModal } from './export-labels-modal.js';

configure({ asyncUtilTimeout: 5000 });

describe('label sheets from the labels dialog', () => {
  it('asks for a PDF of the chosen layout, names and prices for the same products as the CSV', async () => {
    const calls = fakeApi(({ url, method }) =>
      url.pathname === '/api/products/label-sheets' && method === 'POST'
        ? { status: 503, body: { success: false, code: 'SERVICE_UNAVAILABLE', message: 'Try again shortly' } }
        : undefined,
    );
    renderScreen(
      <ExportLabelsModal
        rowCount={3}
        filter={{ search: '', categories: [] }}
        selectedIds={['p1', 'p2']}
        onClose={vi.fn()}
        onExported={vi.fn()}
      />,
      { signedInAs: user({ role: 'manager' }) },
    );
    fireEvent.click(screen.getByTestId('export-format-pdf'));
    expect(screen.getByTestId('export-submit').textContent).toBe('Make PDF');
    fireEvent.click(screen.getByTestId('export-name-en'));
    fireEvent.click(screen.getByTestId('export-name-ku'));
    fireEvent.click(screen.getByTestId('export-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose at least one name and one price.');
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByTestId('export-name-ku'));
    fireEvent.click(screen.getByTestId('export-price-USD'));
    fireEvent.change(screen.getByTestId('export-layout'), { target: { value: 'a4-4x10' } });
    fireEvent.click(screen.getByTestId('export-submit'));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      ids: ['p1', 'p2'],
      layout: 'a4-4x10',
      names: ['ku'],
      currencies: ['IQD'],
    });
    expect((calls.find((c) => c.method === 'POST')!.body as { exportId: string }).exportId).toMatch(/^labels-[0-9a-f-]{36}$/);
    expect((await screen.findByTestId('export-error')).textContent).toBe('Try again shortly');
  });
});
