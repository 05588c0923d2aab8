import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { ReactNode } from 'react';
import { AppProviders } from '../app/providers.js';
import { makeStore } from '../app/store.js';
import { createI18n, type Language } from '../i18n/index.js';
import type { SignedInUser } from '../features/auth/types.js';

export function user(over: Partial<SignedInUser> = {}): SignedInUser {
  return {
    _id: 'u1',
    username: 'sara',
    firstName: 'Sara',
    lastName: 'Ali',
    role: 'cashier',
    permissions: null,
    languagePreference: 'en',
    ...over,
  };
}

/**
 * Renders `element` at `path` inside the real store, i18n and router, signed in as `signedInAs`, or as the
 * browser's storage says ('kept').
 */
export function renderScreen(
  element: ReactNode,
  opts: { signedInAs?: SignedInUser | null | 'kept'; path?: string; language?: Language; routes?: RouteObject[] } = {},
) {
  const u = opts.signedInAs === undefined ? user() : opts.signedInAs;
  const store =
    u === 'kept'
      ? makeStore()
      : makeStore({ auth: { token: u ? 'test-token' : null, user: u, status: u ? 'signed-in' : 'signed-out', endedBecause: null } });
  const i18n = createI18n(opts.language ?? 'en');
  const router = createMemoryRouter(opts.routes ?? [{ path: '*', element }], { initialEntries: [opts.path ?? '/'] });
  const view = render(
    <AppProviders store={store} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store, router, i18n };
}

type Handler = (req: { method: string; url: URL; headers: Headers; body: unknown }) => { status?: number; body: unknown } | undefined;

/** Replaces fetch with a fake API; returns the requests it saw. */
export function fakeApi(handler: Handler) {
  const calls: { method: string; path: string; headers: Headers; body: unknown }[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    const url = new URL(req.url);
    const text = await req.text();
    // A file upload is kept as the multipart text; everything else is JSON.
    const body = text ? ((req.headers.get('content-type') ?? '').startsWith('multipart/form-data') ? text : JSON.parse(text)) : undefined;
    calls.push({ method: req.method, path: url.pathname + url.search, headers: req.headers, body });
    const res = handler({ method: req.method, url, headers: req.headers, body }) ?? {
      status: 404,
      body: { success: false, message: 'Not found', error: 'Not found', code: 'NOT_FOUND' },
    };
    // Bytes (a printer's document) are answered as they are; everything else as JSON.
    if (res.body instanceof Uint8Array) {
      return new Response(res.body.slice().buffer as ArrayBuffer, {
        status: res.status ?? 200,
        headers: { 'content-type': 'application/octet-stream' },
      });
    }
    return new Response(JSON.stringify(res.body), { status: res.status ?? 200, headers: { 'content-type': 'application/json' } });
  };
  globalThis.fetch = fetchMock as typeof fetch;
  return calls;
}
