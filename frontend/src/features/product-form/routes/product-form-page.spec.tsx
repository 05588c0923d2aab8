import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { categoryNode, product as productDto } from '../../../test/fixtures.js';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import ProductFormPage from './product-form-page.js';

const tree = [
  categoryNode({
    _id: 'c-drinks',
    name: { en: 'Drinks', ku: 'خواردنەوە' },
    children: [categoryNode({ _id: 'c-tea', name: { en: 'Tea', ku: 'چا' }, parent: 'c-drinks' })],
  }),
  categoryNode({ _id: 'c-old', name: { en: 'Old stuff', ku: 'کۆن' }, active: false }),
];

const product = productDto({
  _id: 'p1',
  sku: 'TEA-1',
  barcode: '9990001000017',
  name: { en: 'Black tea', ku: 'چای ڕەش' },
  description: { en: '', ku: '' },
  category: { _id: 'c-tea', name: { en: 'Tea', ku: 'چا' } },
  categoryId: 'c-tea',
  price: 2.5,
  cost: 1.2,
  quantity: 12,
  reorderLevel: 10,
  stockStatus: 'in',
  active: true,
  discount: 0,
  images: [],
  imageUrl: null,
  costHistory: [
    { date: '2026-01-01T10:00:00.000Z', quantity: 10, cost: 1 },
    { date: '2026-02-01T10:00:00.000Z', quantity: 2, cost: 2.25 },
  ],
});

const routes = [
  { path: '/inventory/products/add', element: <ProductFormPage /> },
  { path: '/inventory/products/edit/:id', element: <ProductFormPage /> },
  { path: '/inventory/products', element: <p>product list</p> },
];
const manager = user({ role: 'manager' });

describe('product form (add)', () => {
  it('generates a barcode, offers only active categories level by level, and explains each rule broken', async () => {
    fakeApi(({ url }) => {
      if (url.pathname === '/api/categories/tree') return { body: tree };
      if (url.pathname === '/api/products/generate-barcode') return { body: { success: true, barcode: '9990001000024' } };
      return undefined;
    });
    renderScreen(null, { routes, path: '/inventory/products/add', signedInAs: manager });
    await waitFor(() => expect((screen.getByTestId('input-barcode') as HTMLInputElement).value).toBe('9990001000024'));
    const first = await screen.findByTestId('category-level-0');
    expect(within(first).queryByText('Old stuff')).toBeNull();
    expect(screen.queryByTestId('category-level-1')).toBeNull();
    fireEvent.change(first, { target: { value: 'c-drinks' } });
    fireEvent.change(await screen.findByTestId('category-level-1'), { target: { value: 'c-tea' } });
    expect(screen.getByTestId('category-path').textContent).toBe('Selected: Drinks > Tea');

    fireEvent.change(screen.getByTestId('input-price'), { target: { value: '-3' } });
    fireEvent.click(screen.getByTestId('submit'));
    expect(screen.getByTestId('error-sku').textContent).toBe('This field is required');
    expect(screen.getByTestId('error-nameEn').textContent).toBe('This field is required');
    expect(screen.getByTestId('error-price').textContent).toBe('Please enter a valid number');
    expect(screen.getByTestId('error-cost').textContent).toBe('Please enter a valid number');
    expect(screen.getByTestId('form-error').textContent).toBe('Please correct the highlighted fields.');
    // Editing a field clears its error.
    fireEvent.change(screen.getByTestId('input-sku'), { target: { value: 'X' } });
    expect(screen.queryByTestId('error-sku')).toBeNull();
  });

  it('sends the product in dollars with isNewBarcode, then says so and returns to the list', async () => {
    const calls = fakeApi(({ url, method }) => {
      if (url.pathname === '/api/categories/tree') return { body: tree };
      if (url.pathname === '/api/products/generate-barcode') return { body: { success: true, barcode: '9990001000024' } };
      if (url.pathname === '/api/products' && method === 'POST') return { status: 201, body: { ...product, _id: 'new', merged: false } };
      return undefined;
    });
    const { router } = renderScreen(null, { routes, path: '/inventory/products/add', signedInAs: manager });
    await waitFor(() => expect((screen.getByTestId('input-barcode') as HTMLInputElement).value).not.toBe(''));
    fireEvent.change(screen.getByTestId('input-sku'), { target: { value: 'MINT-1' } });
    fireEvent.change(screen.getByTestId('input-nameEn'), { target: { value: 'Mint tea' } });
    fireEvent.change(await screen.findByTestId('category-level-0'), { target: { value: 'c-drinks' } });
    fireEvent.change(screen.getByTestId('input-price'), { target: { value: '3.1' } });
    fireEvent.change(screen.getByTestId('input-cost'), { target: { value: '1.05' } });
    fireEvent.click(screen.getByTestId('submit'));
    expect((await screen.findByTestId('form-success')).textContent).toContain('Product added successfully.');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      sku: 'MINT-1',
      barcode: '9990001000024',
      category: 'c-drinks',
      price: 3.1,
      cost: 1.05,
      quantity: 1,
      reorderLevel: 10,
      isNewBarcode: true,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/products'), { timeout: 3000 });
  });

  it("shows the server's error at form level and under its field", async () => {
    fakeApi(({ url, method }) => {
      if (url.pathname === '/api/categories/tree') return { body: tree };
      if (url.pathname === '/api/products/generate-barcode') return { body: { success: true, barcode: '9990001000024' } };
      if (url.pathname === '/api/products' && method === 'POST')
        return {
          status: 409,
          body: {
            success: false,
            code: 'DUPLICATE_BARCODE',
            message: 'This barcode already exists',
            error: 'This barcode already exists',
            errors: { barcode: { message: 'This barcode already exists' } },
          },
        };
      return undefined;
    });
    renderScreen(null, { routes, path: '/inventory/products/add', signedInAs: manager });
    await waitFor(() => expect((screen.getByTestId('input-barcode') as HTMLInputElement).value).not.toBe(''));
    fireEvent.change(screen.getByTestId('input-sku'), { target: { value: 'MINT-1' } });
    fireEvent.change(screen.getByTestId('input-nameEn'), { target: { value: 'Mint tea' } });
    fireEvent.change(await screen.findByTestId('category-level-0'), { target: { value: 'c-drinks' } });
    fireEvent.change(screen.getByTestId('input-price'), { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('input-cost'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('submit'));
    expect((await screen.findByTestId('form-error')).textContent).toBe('This barcode already exists');
    expect(screen.getByTestId('error-barcode').textContent).toBe('This barcode already exists');
  });

  it("explains the merge when the typed SKU is already sold, and offers that product's barcode", async () => {
    const calls = fakeApi(({ url, method }) => {
      if (url.pathname === '/api/categories/tree') return { body: tree };
      if (url.pathname === '/api/products/generate-barcode') return { body: { success: true, barcode: '9990001000024' } };
      if (url.pathname === '/api/products/search/tea-1') return { body: [product] };
      if (url.pathname === '/api/products' && method === 'POST')
        return { status: 200, body: { ...product, quantity: 15, merged: true, message: 'Merged into the existing product.' } };
      return undefined;
    });
    renderScreen(null, { routes, path: '/inventory/products/add', signedInAs: manager });
    await waitFor(() => expect((screen.getByTestId('input-barcode') as HTMLInputElement).value).toBe('9990001000024'));
    fireEvent.change(screen.getByTestId('input-sku'), { target: { value: 'tea-1' } });
    fireEvent.blur(screen.getByTestId('input-sku'));
    const notice = await screen.findByTestId('merge-notice');
    expect(notice.textContent).toContain('A product with this SKU already exists: Black tea (12 in stock).');
    fireEvent.click(screen.getByTestId('use-existing-barcode'));
    expect((screen.getByTestId('input-barcode') as HTMLInputElement).value).toBe('9990001000017');
    expect(screen.queryByTestId('use-existing-barcode')).toBeNull();
    // Another SKU: the notice goes.
    fireEvent.change(screen.getByTestId('input-sku'), { target: { value: 'tea-2' } });
    expect(screen.queryByTestId('merge-notice')).toBeNull();
    fireEvent.change(screen.getByTestId('input-sku'), { target: { value: 'tea-1' } });
    fireEvent.change(screen.getByTestId('input-nameEn'), { target: { value: 'Black tea' } });
    fireEvent.change(screen.getByTestId('category-level-0'), { target: { value: 'c-drinks' } });
    fireEvent.change(screen.getByTestId('input-price'), { target: { value: '2.5' } });
    fireEvent.change(screen.getByTestId('input-cost'), { target: { value: '1.4' } });
    fireEvent.change(screen.getByTestId('input-quantity'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('submit'));
    expect((await screen.findByTestId('form-success')).textContent).toContain('Merged into the existing product.');
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      barcode: '9990001000017',
      isNewBarcode: false,
      quantity: 3,
      cost: 1.4,
    });
  });

  it('is refused to a cashier', () => {
    fakeApi(() => undefined);
    renderScreen(null, { routes, path: '/inventory/products/add', signedInAs: user({ role: 'cashier' }) });
    expect(screen.getByTestId('access-restricted')).toBeTruthy();
  });
});

describe('product form (edit)', () => {
  it('loads the product with its category path and shows the cost history newest first on demand', async () => {
    const calls = fakeApi(({ url, method }) => {
      if (url.pathname === '/api/categories/tree') return { body: tree };
      if (url.pathname === '/api/products/p1' && method === 'GET') return { body: product };
      if (url.pathname === '/api/products/p1' && method === 'PUT') return { body: product };
      return undefined;
    });
    renderScreen(null, { routes, path: '/inventory/products/edit/p1', signedInAs: manager });
    await waitFor(() => expect((screen.getByTestId('input-sku') as HTMLInputElement).value).toBe('TEA-1'));
    expect((await screen.findByTestId('category-path')).textContent).toBe('Selected: Drinks > Tea');
    expect(screen.queryByTestId('cost-history-table')).toBeNull();
    fireEvent.click(screen.getByTestId('cost-history-toggle'));
    const rows = screen.getAllByTestId('cost-row');
    expect(rows.map((r) => within(r).getByTestId('cost-row-quantity').textContent)).toEqual(['2', '10']);
    expect(rows.map((r) => within(r).getByTestId('cost-row-total').textContent)).toEqual(['$4.50', '$10.00']);
    fireEvent.click(screen.getByTestId('cost-history-toggle'));
    expect(screen.queryByTestId('cost-history-table')).toBeNull();

    fireEvent.change(screen.getByTestId('input-price'), { target: { value: '2.75' } });
    fireEvent.click(screen.getByTestId('submit'));
    expect((await screen.findByTestId('form-success')).textContent).toContain('Product updated successfully.');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ price: 2.75, category: 'c-tea' });
    expect(put.body).not.toHaveProperty('quantity');
  });

  it("says 'No cost history available' for a product without batches, and 'not found' for an unknown id", async () => {
    fakeApi(({ url }) => {
      if (url.pathname === '/api/categories/tree') return { body: tree };
      if (url.pathname === '/api/products/p1') return { body: { ...product, costHistory: [] } };
      return undefined;
    });
    renderScreen(null, { routes, path: '/inventory/products/edit/p1', signedInAs: manager });
    fireEvent.click(await screen.findByTestId('cost-history-toggle'));
    expect(screen.getByTestId('cost-history-empty').textContent).toBe('No cost history available');
  });

  it('shows a not-found message for an unknown product', async () => {
    fakeApi(({ url }) => (url.pathname === '/api/categories/tree' ? { body: tree } : undefined));
    renderScreen(null, { routes, path: '/inventory/products/edit/nope', signedInAs: manager });
    expect((await screen.findByTestId('product-not-found')).textContent).toContain('Product not found');
  });
});
