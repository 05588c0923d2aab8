import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProductDto } from '@dukan/contracts';
import { category, paged, product as makeProduct } from '../../../test/fixtures.js';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import { ProductsPage } from './products-page.js';

const cat = (id: number) => `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`;
const categories = [
  category({ _id: cat(1), name: { en: 'Food', ku: 'خۆراک' } }),
  category({ _id: cat(2), name: { en: 'Dairy', ku: 'شیرەمەنی' }, parent: cat(1) }),
  category({ _id: cat(3), name: { en: 'Tools', ku: 'ئامراز' } }),
];

function product(n: number, over: Partial<ProductDto> = {}): ProductDto {
  return makeProduct({
    _id: `p${n}`,
    sku: `SKU-${n}`,
    barcode: `62600000000${n}`,
    name: { en: `Milk ${n}`, ku: `شیر ${n}` },
    category: { _id: cat(2), name: { en: 'Dairy', ku: 'شیرەمەنی' } },
    categoryId: cat(2),
    price: 1.5,
    cost: 0.75,
    quantity: 30,
    reorderLevel: 10,
    stockStatus: 'in',
    ...over,
  });
}

function api(list: (url: URL) => { status?: number; body: unknown }) {
  return fakeApi(({ url, method }) => {
    if (url.pathname === '/api/categories') return { body: categories };
    if (url.pathname === '/api/products' && method === 'GET') return list(url);
    return undefined;
  });
}

const page = (data: ProductDto[], total = data.length, p = 1) => paged(data, { total, page: p, pages: Math.ceil(total / 20) });

describe('inventory products screen', () => {
  it('shows names in both languages, prices, stock badge and the admin controls, and asks the server for one page', async () => {
    const calls = api(() => page([product(1), product(2, { quantity: 0, stockStatus: 'out' })], 45));
    renderScreen(<ProductsPage />, { signedInAs: user({ role: 'admin' }), path: '/inventory/products' });
    const rows = await screen.findAllByTestId('product-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Milk 1');
    expect(rows[0]!.textContent).toContain('شیر 1');
    expect(rows[0]!.textContent).toContain('$1.50');
    expect(rows[0]!.textContent).toContain('$0.75');
    expect(within(rows[1]!).getByTestId('stock-badge').textContent).toBe('Out of stock · 0');
    expect(within(rows[0]!).getByTestId('edit-product').getAttribute('href')).toBe('/inventory/products/edit/p1');
    for (const id of ['export-labels', 'add-product', 'add-category']) expect(screen.getByTestId(id)).toBeTruthy();
    expect(screen.getByTestId('inventory-count').textContent).toBe('Showing 1–2 of 45 products');
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeTruthy();
    expect(calls.find((c) => c.path.startsWith('/api/products'))!.path).toBe('/api/products?page=1&limit=20');
  });

  it('hides what a cashier may not do', async () => {
    api(() => page([product(1)]));
    renderScreen(<ProductsPage />, { signedInAs: user({ role: 'cashier' }), path: '/inventory/products' });
    await screen.findAllByTestId('product-row');
    for (const id of ['export-labels', 'add-product', 'add-category', 'edit-product', 'delete-product', 'select-row']) {
      expect(screen.queryByTestId(id)).toBeNull();
    }
  });

  it('sends the chosen parent category (its descendants come with it) and searches after typing', async () => {
    const calls = api(() => page([product(1)]));
    renderScreen(<ProductsPage />, { signedInAs: user({ role: 'manager' }), path: '/inventory/products' });
    fireEvent.click(await screen.findByRole('button', { name: 'Food' }));
    const sub = await screen.findByTestId('subcategory-chips');
    expect(within(sub).getByRole('button', { name: 'Dairy' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() =>
      expect(calls.some((c) => c.path === `/api/products?page=1&limit=20&categories=${encodeURIComponent(cat(1))}`)).toBe(true),
    );
    fireEvent.change(screen.getByTestId('inventory-search'), { target: { value: 'milk' } });
    await waitFor(() => expect(calls.some((c) => c.path.includes('search=milk') && c.path.includes('categories='))).toBe(true));
  });

  it('shows the fallback text when the list cannot load, and the empty state', async () => {
    api(() => ({ status: 400, body: {} }));
    const first = renderScreen(<ProductsPage />, { path: '/inventory/products' });
    expect((await screen.findByTestId('error-panel')).textContent).toContain('Failed to fetch products');
    first.unmount();
    api(() => page([]));
    renderScreen(<ProductsPage />, { signedInAs: user({ role: 'admin' }), path: '/inventory/products' });
    expect((await screen.findByTestId('inventory-empty')).textContent).toContain('No products yet');
  });

  it('shows the server error inside the delete dialog', async () => {
    fakeApi(({ url, method }) => {
      if (url.pathname === '/api/categories') return { body: categories };
      if (url.pathname === '/api/products') return page([product(1)]);
      if (method === 'DELETE') return { status: 500, body: {} };
      return undefined;
    });
    renderScreen(<ProductsPage />, { signedInAs: user({ role: 'admin' }), path: '/inventory/products' });
    fireEvent.click(await screen.findByTestId('delete-product'));
    fireEvent.click(screen.getByTestId('confirm'));
    expect((await within(screen.getByTestId('delete-dialog')).findByRole('alert')).textContent).toBe(
      'The server could not handle the request. Please try again.',
    );
  });

  it('alerts the range rules and the export failure inside the labels dialog', async () => {
    const calls = fakeApi(({ url, method }) => {
      if (url.pathname === '/api/categories') return { body: categories };
      if (url.pathname === '/api/products') return page([product(1), product(2), product(3)]);
      if (url.pathname === '/api/products/export-barcodes' && method === 'POST') return { status: 400, body: {} };
      return undefined;
    });
    renderScreen(<ProductsPage />, { signedInAs: user({ role: 'manager' }), path: '/inventory/products' });
    await screen.findAllByTestId('product-row'); // the button waits for the row count
    fireEvent.click(screen.getByTestId('export-labels'));
    const dialog = screen.getByTestId('export-labels-modal');
    expect(within(dialog).getByTestId('export-row-count').textContent).toBe('The list has 3 rows with the current search and filters.');
    fireEvent.change(within(dialog).getByTestId('export-end'), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByTestId('export-submit'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Row numbers must be between 1 and 3');
    fireEvent.change(within(dialog).getByTestId('export-start'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByTestId('export-end'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByTestId('export-submit'));
    expect((await within(dialog).findByTestId('export-error')).textContent).toBe('Failed to export products');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ ids: ['p2', 'p3'] });
    // Ticked mode with nothing ticked does nothing.
    fireEvent.click(within(dialog).getByTestId('export-mode-selected'));
    expect((within(dialog).getByTestId('export-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});
