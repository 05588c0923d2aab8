import { describe, expect, it } from 'vitest';
import { paginationOf } from '@dukan/contracts';
import { posApi } from '../features/pos/api/pos-api.js';
import { customersApi } from '../features/customers/api/customers-api.js';
import { customer, ok, sale } from '../test/fixtures.js';
import { fakeApi, user } from '../test/render.js';
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
    if (url.pathname === '/api/transactions' && method === 'POST') return { status: 201, ...ok(sale({ _id: 's1', invoiceNumber: 'INV-000001', customerId: 'k1' })) };
    return undefined;
  });
}

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
    await settle();

    const again = customerReads().slice(3);
    expect(again).toHaveLength(2);
    expect(again.some((p) => p.includes('search=shilan'))).toBe(true);
    expect(again.some((p) => p.includes('search=aram'))).toBe(false);
    for (const s of subs) s.unsubscribe();
  });
});
