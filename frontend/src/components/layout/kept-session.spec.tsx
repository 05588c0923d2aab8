import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { me } from '../../test/fixtures.js';
import { fakeApi, renderScreen, user } from '../../test/render.js';
import { routes } from '../../app/router.js';
import { readUser, writeToken } from '../../app/session.js';

/** A reopened app with the token and user kept from the last visit ("remember me"). */
describe('a session kept in the browser', () => {
  it('shows its screens at once and takes the server’s newer user when it answers', async () => {
    writeToken('kept-token', true, user({ role: 'cashier', firstName: 'Kept' }));
    let answer: (() => void) | null = null;
    const calls = fakeApi(({ url }) => {
      if (url.pathname === '/api/auth/me') return me(user({ role: 'cashier', firstName: 'Fresh' }));
      return undefined;
    });
    const slowFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      await new Promise<void>((resolve) => (answer = resolve));
      return slowFetch(input, init);
    }) as typeof fetch;

    renderScreen(null, { signedInAs: 'kept', routes, path: '/nowhere' });
    // Before the server has said anything, the kept user's screens are there.
    expect((await screen.findByTestId('user-badge')).textContent).toContain('Kept');
    expect(calls).toHaveLength(0);

    globalThis.fetch = slowFetch;
    answer!();
    await waitFor(() => expect(screen.getByTestId('user-badge').textContent).toContain('Fresh'));
    expect(readUser()?.firstName).toBe('Fresh');
  });

  it('stays signed in when the server cannot be reached', async () => {
    writeToken('kept-token', true, user({ role: 'manager', firstName: 'Offline' }));
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const { router } = renderScreen(null, { signedInAs: 'kept', routes, path: '/nowhere' });
    expect((await screen.findByTestId('user-badge')).textContent).toContain('Offline');
    await new Promise((r) => setTimeout(r, 100));
    expect(router.state.location.pathname).toBe('/nowhere');
  });

  it('ends when the server refuses the kept token', async () => {
    writeToken('kept-token', true, user({ role: 'manager' }));
    fakeApi(({ url }) =>
      url.pathname === '/api/auth/me'
        ? { status: 401, body: { success: false, message: 'Your session has ended.', code: 'UNAUTHORIZED' } }
        : undefined,
    );
    const { router } = renderScreen(null, { signedInAs: 'kept', routes, path: '/nowhere' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readUser()).toBeNull();
  });
});
