import { describe, expect, it, vi } from 'vitest';
import { paginationOf } from '@dukan/contracts';
import { posApi } from '../features/pos/api/pos-api.js';
import { customersApi } from '../features/customers/api/customers-api.js';
import { inventoryApi } from '../features/inventory/api/inventory-api.js';
import { productFormApi } from '../features/product-form/api/product-form-api.js';
import { customer, ok, product, sale, tillProduct } from '../test/fixtures.js';
import { fakeApi, user } from '../test/render.js';
import { sharedApi } from './shared-api.js';
import { makeStore } from './store.js';

const shilan = customer({ _id: 'k1', firstName: 'Shilan', lastName: 'Aziz' });
const aram = customer({ _id: 'k2', firstName: 'Aram', lastName: 'Karim' });

function shop() {
  return fakeApi(({ method, url }) => {
    if (url.pathname === '/api/customers') {
      const search = url.searchParams.get('search');
      if (url.searchParams.has('page')) return { body: { data: [shilan, aram], pagination: paginationOf(2, 1, 20) } };
      return { body: search === 'shilan' ? [shilan] : search === 'aram' ? [aram] : [shilan, aram] };
    }
    if (url.pathname === '/api/transactions' && method === 'POST')
      return { status: 201, ...ok(sale({ _id: 's1', invoiceNumber: 'INV-000001', customerId: 'k1' })) };
    return undefined;
  });
}

/** A moment more for a refetch that should not come: the ones that should are waited for first (a loaded machine). */
const settle = () => new Promise((r) => setTimeout(r, 20));

describe('cache tags with ids', () => {
  it('a sale to a customer refetches the lists that show that customer, not the others', async () => {
    const calls = shop();
    const store = makeStore({ auth: { token: 't', user: user(), status: 'signed-in', endedBecause: null } });
    const subs = [
      store.dispatch(posApi.endpoints.customers.initiate('shilan')),
      store.dispatch(posApi.endpoints.customers.initiate('aram')),
      store.dispatch(customersApi.endpoints.customersPage.initiate({ search: '', page: 1 })),
    ];
    await Promise.all(subs);
    const customerReads = () => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/customers')).map((c) => c.path);
    expect(customerReads()).toHaveLength(3);

    const body = { customer: 'k1' } as Parameters<typeof posApi.endpoints.createSale.initiate>[0]['body'];
    await store.dispatch(posApi.endpoints.createSale.initiate({ key: 'key-1', body }));
    await vi.waitFor(() => expect(customerReads().length).toBeGreaterThanOrEqual(5));
    await settle();

    const again = customerReads().slice(3);
    expect(again).toHaveLength(2);
    expect(again.some((p) => p.includes('search=shilan'))).toBe(true);
    expect(again.some((p) => p.includes('search=aram'))).toBe(false);
    for (const s of subs) s.unsubscribe();
  });

  it('a product edit refetches that product, the product lists and the till list, not the other products', async () => {
    const tea = product({ _id: 'p1', sku: 'TEA' });
    const rice = product({ _id: 'p2', sku: 'RICE' });
    const calls = fakeApi(({ method, url }) => {
      if (url.pathname === '/api/products' && url.searchParams.has('since'))
        return {
          body: {
            revision: '7',
            full: true,
            products: [tillProduct({ _id: 'p1', sku: 'TEA' }), tillProduct({ _id: 'p2', sku: 'RICE' })],
            deleted: [],
          },
        };
      if (url.pathname === '/api/products') return { body: { data: [tea, rice], pagination: paginationOf(2, 1, 50) } };
      if (url.pathname === '/api/products/p1') return method === 'PUT' ? ok({ ...tea, name: { en: 'Black tea', ku: 'چای ڕەش' } }) : ok(tea);
      if (url.pathname === '/api/products/p2') return ok(rice);
      return undefined;
    });
    const store = makeStore({ auth: { token: 't', user: user(), status: 'signed-in', endedBecause: null } });
    const subs = [
      store.dispatch(sharedApi.endpoints.tillProducts.initiate()),
      store.dispatch(inventoryApi.endpoints.inventoryProducts.initiate({ search: '', categories: [], page: 1 })),
      store.dispatch(productFormApi.endpoints.pfProduct.initiate('p1')),
      store.dispatch(productFormApi.endpoints.pfProduct.initiate('p2')),
    ];
    await Promise.all(subs);
    const productReads = () => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/products')).map((c) => c.path);
    expect(productReads()).toHaveLength(4);

    await store.dispatch(productFormApi.endpoints.pfUpdateProduct.initiate({ id: 'p1', body: { price: 2 } }));
    await vi.waitFor(() => expect(productReads().length).toBeGreaterThanOrEqual(7));
    await settle();

    const again = productReads().slice(4);
    expect(again).toHaveLength(3);
    expect(again.some((p) => p.includes('since='))).toBe(true);
    expect(again.some((p) => p.startsWith('/api/products?') && !p.includes('since='))).toBe(true);
    expect(again).toContain('/api/products/p1');
    expect(again).not.toContain('/api/products/p2');
    for (const s of subs) s.unsubscribe();
  });
});
