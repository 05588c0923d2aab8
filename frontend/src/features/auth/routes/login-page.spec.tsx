import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { LoginResponse } from '@dukan/contracts';
import { me, refusal } from '../../../test/fixtures.js';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import { routes } from '../../../app/router.js';
import { ku } from '../../../i18n/ku.js';
import { landingFor } from './login-page.js';

function fill(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

describe('sign-in', () => {
  it('asks for username and password before calling the server', async () => {
    const calls = fakeApi(() => undefined);
    renderScreen(null, { signedInAs: null, routes, path: '/login' });
    fireEvent.click(await screen.findByTestId('login-submit'));
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's message in the user's language on a refused sign-in", async () => {
    const calls = fakeApi(({ url }) =>
      url.pathname === '/api/auth/login' ? refusal(401, 'INVALID_CREDENTIALS', 'ناوی بەکارهێنەر یان وشەی نهێنی هەڵەیە') : undefined,
    );
    renderScreen(null, { signedInAs: null, routes, path: '/login', language: 'ku' });
    await screen.findByTestId('login-submit');
    fireEvent.change(screen.getByLabelText('ناوی بەکارهێنەر'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('وشەی نهێنی'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toBe('ناوی بەکارهێنەر یان وشەی نهێنی هەڵەیە');
    expect(calls[0]!.headers.get('Accept-Language')).toBe('ku');
  });

  it('shows the sign-in error in the language chosen after it', async () => {
    fakeApi(({ url }) =>
      url.pathname === '/api/auth/login' ? refusal(401, 'INVALID_CREDENTIALS', 'Invalid username or password') : undefined,
    );
    renderScreen(null, { signedInAs: null, routes, path: '/login', language: 'en' });
    await screen.findByTestId('login-submit');
    fill('admin', 'wrong');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toBe('Invalid username or password');
    fireEvent.click(screen.getByRole('button', { name: 'کوردی' }));
    await waitFor(() => expect(screen.getByTestId('login-error').textContent).toBe(ku.auth.invalidCredentials));
    // The form's own messages follow too.
    fireEvent.change(document.querySelector('input[name=username]')!, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(screen.getByText(ku.auth.usernameRequired)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(screen.getByText('Username is required')).toBeTruthy());
  });

  it("does not open the last user's page for a user who may not see it", async () => {
    const cashier = user({ role: 'cashier', firstName: 'Dara' });
    fakeApi(({ url }) => {
      if (url.pathname === '/api/auth/login')
        return { body: { ...me(cashier).body, token: 'tok-2', message: 'ok' } satisfies LoginResponse };
      if (url.pathname === '/api/auth/me') return me(cashier);
      return undefined;
    });
    const { router } = renderScreen(null, { signedInAs: null, routes, path: '/reports' });
    await screen.findByTestId('login-submit');
    fill('dara', 'secret');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('opens the page asked for only when the new user may see it', () => {
    const cashier = user({ role: 'cashier' });
    expect(landingFor(cashier, '/reports')).toBe('/');
    expect(landingFor(cashier, '/settings/users')).toBe('/');
    expect(landingFor(cashier, '/pos')).toBe('/pos');
    expect(landingFor(user({ role: 'admin' }), '/reports?range=week')).toBe('/reports?range=week');
    expect(landingFor(cashier, '//evil.example')).toBe('/');
    expect(landingFor(cashier, undefined)).toBe('/');
  });

  it('says the server cannot be reached when the network fails', async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    renderScreen(null, { signedInAs: null, routes, path: '/login' });
    await screen.findByTestId('login-submit');
    fill('admin', 'pw');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toBe('Cannot reach the server. Check the connection and try again.');
  });

  it('signs in, keeps the token only for the session without remember me, and opens the page asked for', async () => {
    const admin = user({ role: 'admin', firstName: 'Aram', languagePreference: 'ku' });
    fakeApi(({ url }) => {
      if (url.pathname === '/api/auth/login') return { body: { ...me(admin).body, token: 'tok-1', message: 'ok' } satisfies LoginResponse };
      if (url.pathname === '/api/auth/me') return me(admin);
      return undefined;
    });
    const { router } = renderScreen(null, { signedInAs: null, routes, path: '/settings' });
    await screen.findByTestId('login-submit');
    fill('admin', 'secret');
    fireEvent.click(screen.getByLabelText('Remember me'));
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(sessionStorage.getItem('dukan.token')).toBe('tok-1');
    expect(localStorage.getItem('dukan.token')).toBeNull();
    // The interface takes the user's language.
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
  });

  it("keeps the device token the server gives and sends it with that account's next sign-in", async () => {
    const admin = user({ role: 'admin' });
    const calls = fakeApi(({ url }) => {
      if (url.pathname === '/api/auth/login')
        return { body: { ...me(admin).body, token: 'tok-2', message: 'ok', deviceToken: 'device-of-admin' } satisfies LoginResponse };
      if (url.pathname === '/api/auth/me') return me(admin);
      return undefined;
    });
    const signIn = async () => {
      const { unmount } = renderScreen(null, { signedInAs: null, routes, path: '/login' });
      await screen.findByTestId('login-submit');
      fill('Admin', 'secret');
      fireEvent.click(screen.getByTestId('login-submit'));
      await waitFor(() => expect(calls.filter((c) => c.path === '/api/auth/login').length).toBeGreaterThan(0));
      unmount();
    };
    await signIn();
    expect(calls.find((c) => c.path === '/api/auth/login')!.body).not.toHaveProperty('deviceToken');
    await waitFor(() => expect(localStorage.getItem('dukan.device.admin')).toBe('device-of-admin'));
    sessionStorage.clear();
    calls.length = 0;
    await signIn();
    expect(calls.find((c) => c.path === '/api/auth/login')!.body).toMatchObject({ username: 'Admin', deviceToken: 'device-of-admin' });
  });

  it('tells a user who forgot the password to ask an administrator', async () => {
    fakeApi(() => undefined);
    renderScreen(null, { signedInAs: null, routes, path: '/login' });
    fireEvent.click(await screen.findByText('Forgot password?'));
    expect(screen.getByTestId('forgot-help').textContent).toMatch(/administrator/);
  });
});
