import { afterEach, describe, expect, it } from 'vitest';
import { authApi } from '../features/auth/api/auth-api.js';
import { me, refusal } from '../test/fixtures.js';
import { fakeApi, user } from '../test/render.js';
import { posApi } from '../features/pos/api/pos-api.js';
import type { SaleRequest } from '@dukan/contracts';
import { writeBranch } from './session.js';
import { makeStore } from './store.js';

const revoked = refusal(401, 'TOKEN_REVOKED', 'Your session has ended');

function signedInStore(token: string) {
  return makeStore({ auth: { token, user: user(), status: 'signed-in', endedBecause: null } });
}

afterEach(() => sessionStorage.clear());

describe('a token made stale by a permission change', () => {
  it('is swapped for a current one once, and the call is repeated with it', async () => {
    sessionStorage.setItem('dukan.token', 'old');
    const calls = fakeApi(({ url, headers }) => {
      const bearer = headers.get('authorization');
      if (url.pathname === '/api/auth/refresh') return bearer === 'Bearer old' ? { body: { ...me(user()).body, token: 'new' } } : revoked;
      if (url.pathname === '/api/auth/me') return bearer === 'Bearer new' ? me(user({ permissions: { staff: ['view'] } })) : revoked;
      return undefined;
    });
    const store = signedInStore('old');
    // Two calls failing together share one refresh.
    const [a, b] = await Promise.all([
      store.dispatch(authApi.endpoints.me.initiate(undefined, { forceRefetch: true })),
      store.dispatch(authApi.endpoints.me.initiate(undefined, { forceRefetch: true })),
    ]);
    expect(a.data?.permissions).toEqual({ staff: ['view'] });
    expect(b.data?.permissions).toEqual({ staff: ['view'] });
    expect(store.getState().auth.token).toBe('new');
    expect(store.getState().auth.status).toBe('signed-in');
    expect(sessionStorage.getItem('dukan.token')).toBe('new');
    expect(calls.filter((c) => c.path === '/api/auth/refresh')).toHaveLength(1);
  });

  it('ends the session when identity refuses the refresh (after a logout elsewhere)', async () => {
    fakeApi(({ url }) => (url.pathname === '/api/auth/refresh' || url.pathname === '/api/auth/me' ? revoked : undefined));
    const store = signedInStore('old');
    await store.dispatch(authApi.endpoints.me.initiate(undefined, { forceRefetch: true }));
    expect(store.getState().auth.status).toBe('signed-out');
    expect(store.getState().auth.token).toBeNull();
  });
});

describe('the branch a call is made in', () => {
  afterEach(() => writeBranch(null));

  it('is the device’s branch, unless the call names its own (a sale kept offline in another branch)', async () => {
    writeBranch('b2');
    const calls = fakeApi(({ url }) =>
      url.pathname === '/api/transactions' ? { status: 201, body: { success: true, data: {} } } : undefined,
    );
    const store = signedInStore('t');
    const body = {} as SaleRequest;
    await store.dispatch(posApi.endpoints.createSale.initiate({ key: 'k1', body }));
    await store.dispatch(posApi.endpoints.createSale.initiate({ key: 'k2', body, branch: 'b1' }));
    // Made in the user's home branch before the device was moved: sent with no branch, so the server uses the home one.
    await store.dispatch(posApi.endpoints.createSale.initiate({ key: 'k3', body, branch: null }));
    expect(calls.map((c) => c.headers.get('x-dukan-branch'))).toEqual(['b2', 'b1', null]);
  });
});
