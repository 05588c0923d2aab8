import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { isErrorCode, type ErrorBody, type ErrorCode, type ExistingRecord } from '@dukan/contracts';
import { currentI18n } from '../i18n/index.js';
import { signedOut, tokenRefreshed } from '../features/auth/auth-slice.js';
import { readBranch, replaceToken } from './session.js';
import { ConnectionWatch, desktopBridge } from './desktop.js';

export const REQUEST_TIMEOUT_MS = 30_000;

interface StateWithToken {
  auth: { token: string | null };
}

// Same origin as the page (the gateway serves both); absolute so it also works where Request needs a full URL.
export const API_BASE =
  typeof window !== 'undefined' && window.location?.origin?.startsWith('http') ? `${window.location.origin}/api` : '/api';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_BASE,
  timeout: REQUEST_TIMEOUT_MS,
  prepareHeaders(headers, { getState }) {
    const token = (getState() as StateWithToken).auth.token;
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    headers.set('Accept-Language', currentI18n().language === 'ku' ? 'ku' : 'en');
    // The branch this device is bound to, unless the call names its own (empty: the user's home branch); without
    // one the server uses the user's home branch.
    const branch = readBranch();
    if (headers.has('X-Dukan-Branch')) {
      if (!headers.get('X-Dukan-Branch')) headers.delete('X-Dukan-Branch');
    } else if (branch) headers.set('X-Dukan-Branch', branch);
    const desktop = desktopBridge();
    if (desktop) {
      headers.set('X-Dukan-Client', 'desktop');
      if (desktop.version) headers.set('X-Dukan-Client-Version', desktop.version);
    }
    return headers;
  },
});

function isTransient(error: FetchBaseQueryError): boolean {
  return (
    error.status === 'FETCH_ERROR' ||
    error.status === 'TIMEOUT_ERROR' ||
    error.status === 502 ||
    error.status === 503 ||
    error.status === 504
  );
}

function isRepeatable(args: string | FetchArgs): boolean {
  if (typeof args === 'string') return true;
  const method = (args.method ?? 'GET').toUpperCase();
  if (method === 'GET' || method === 'HEAD') return true;
  // A POST carrying an Idempotency-Key may be sent again: the server answers the first result.
  const headers = new Headers(args.headers as HeadersInit | undefined);
  return headers.has('Idempotency-Key');
}

const connection = new ConnectionWatch(desktopBridge()?.restartServer?.bind(desktopBridge()));

function isConnectionFailure(error: FetchBaseQueryError | undefined): boolean {
  return error?.status === 'FETCH_ERROR' || error?.status === 'TIMEOUT_ERROR';
}

function errorCode(error: FetchBaseQueryError | undefined): string | null {
  const data = error && 'data' in error ? (error.data as { code?: unknown } | undefined) : undefined;
  return typeof data?.code === 'string' ? data.code : null;
}

// One refresh at a time: calls that fail together wait for the same new token.
let refreshing: Promise<boolean> | null = null;

/** Swaps a token made stale by a permission change for a current one (identity refuses after a logout). */
function refreshToken(api: Parameters<typeof rawBaseQuery>[1], extra: object): Promise<boolean> {
  refreshing ??= (async () => {
    const res = await rawBaseQuery({ url: '/auth/refresh', method: 'POST' }, api, extra);
    const token = (res.data as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string') return false;
    replaceToken(token);
    api.dispatch(tokenRefreshed(token));
    return true;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Bearer token and Accept-Language on every call; one retry of a transient failure when it is safe; in the
 * desktop shell, a server restart after three connection failures in a row; a token made stale by a permission
 * change is swapped for a current one and the call repeated; any other 401 ends the session.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  let result = await rawBaseQuery(args, api, extra as object);
  if (result.error && isTransient(result.error) && isRepeatable(args)) {
    result = await rawBaseQuery(args, api, extra as object);
  }
  if (isConnectionFailure(result.error)) {
    if ((await connection.failed()) && isRepeatable(args)) result = await rawBaseQuery(args, api, extra as object);
  } else connection.succeeded();
  const url = typeof args === 'string' ? args : args.url;
  if (
    result.error?.status === 401 &&
    errorCode(result.error) === 'TOKEN_REVOKED' &&
    !/^\/auth\/(login|refresh|logout)/.test(url) &&
    (api.getState() as StateWithToken).auth.token
  ) {
    if (await refreshToken(api, extra as object)) result = await rawBaseQuery(args, api, extra as object);
  }
  if (result.error?.status === 401 && !url.startsWith('/auth/login') && (api.getState() as StateWithToken).auth.token) {
    api.dispatch(signedOut({ reason: serverMessage(result.error) ?? currentI18n().t('auth.sessionEnded') }));
  }
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Me',
    'Dashboard',
    'Product',
    'Category',
    'Customer',
    'Transaction',
    'ExchangeRate',
    'LoyaltySettings',
    'User',
    'Settings',
    'CostHistory',
    'Branches',
    'ReceiptSettings',
    'PaymentSettings',
    'TillSettings',
    'Shift',
  ],
  refetchOnFocus: false,
  refetchOnReconnect: true,
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});

/** An answer that is either the value itself or `{ data: value }` (the `{ success, data }` envelope). */
export type Wrapped<T> = T | { data: T };

/** The value of an answer, with or without its `{ data }` envelope. */
export function unwrap<T>(res: Wrapped<T>): T {
  return res && typeof res === 'object' && !Array.isArray(res) && 'data' in (res as object) ? (res as { data: T }).data : (res as T);
}

function isErrorBody(data: unknown): data is Partial<ErrorBody> {
  return typeof data === 'object' && data !== null && ('message' in data || 'error' in data);
}

/** The server's own text (already in the user's language), if it sent one. */
export function serverMessage(error: unknown): string | null {
  if (!error || typeof error !== 'object' || !('data' in error)) return null;
  const data = (error as { data: unknown }).data;
  if (!isErrorBody(data)) return null;
  const text = data.message || data.error;
  return typeof text === 'string' && text.trim() ? text : null;
}

/**
 * The field errors of a validation failure by field path, texts already in the user's language, in the server's
 * order (`errors`: path -> { message }). With `fieldOf`, by the form's own fields instead: the first text a field
 * gets wins, and paths the form does not show are left out.
 */
export function serverFieldMessages(error: unknown): Record<string, string>;
export function serverFieldMessages<F extends string>(
  error: unknown,
  fieldOf: (path: string) => F | null | undefined,
): Partial<Record<F, string>>;
export function serverFieldMessages(error: unknown, fieldOf?: (path: string) => string | null | undefined): Record<string, string> {
  if (!error || typeof error !== 'object' || !('data' in error)) return {};
  const data = (error as { data: unknown }).data;
  if (!isErrorBody(data) || !data.errors || typeof data.errors !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [path, entry] of Object.entries(data.errors as Record<string, unknown>)) {
    const message = entry && typeof entry === 'object' && 'message' in entry ? (entry as { message: unknown }).message : undefined;
    if (typeof message !== 'string' || !message) continue;
    const field = fieldOf ? fieldOf(path) : path;
    if (field && !(fieldOf && Object.hasOwn(out, field))) out[field] = message;
  }
  return out;
}

/**
 * The stable `code` of a server's error answer (e.g. 'EXCHANGE_RATE_CHANGED'), or null. Typed as the contracts'
 * codes, so a screen comparing it with a code the server does not have fails the compile.
 */
export function serverCode(error: unknown): ErrorCode | null {
  if (!error || typeof error !== 'object' || !('data' in error)) return null;
  const data = (error as { data: unknown }).data;
  const code = data && typeof data === 'object' ? (data as { code?: unknown }).code : undefined;
  return isErrorCode(code) ? code : null;
}

/** The record a refusal says already holds the value (a customer with that phone): its id and name, or null. */
export function serverExisting(error: unknown): ExistingRecord | null {
  if (!error || typeof error !== 'object' || !('data' in error)) return null;
  const data = (error as { data: unknown }).data;
  const existing = isErrorBody(data) ? data.existing : undefined;
  return existing && typeof existing.id === 'string' && typeof existing.name === 'string' ? { id: existing.id, name: existing.name } : null;
}

/** Field errors of a validation failure (`errors`), first one first. */
export function validationMessages(error: unknown): string[] {
  return Object.values(serverFieldMessages(error));
}

/**
 * What to tell the user about a failed call: the server's message, or a text for network trouble and time-outs,
 * or the screen's own fallback.
 */
export function errorText(error: unknown, fallback: string): string {
  const fromServer = serverMessage(error);
  if (fromServer) return fromServer;
  const status = error && typeof error === 'object' && 'status' in error ? (error as { status: unknown }).status : undefined;
  if (status === 'FETCH_ERROR') return currentI18n().t('common.networkError');
  if (status === 'TIMEOUT_ERROR') return currentI18n().t('common.timeoutError');
  if (typeof status === 'number' && status >= 500) return currentI18n().t('common.serverError');
  return fallback;
}
