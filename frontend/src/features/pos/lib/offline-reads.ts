import { isUnreachable } from './catalogue-follow.js';
import type { Answer } from './catalogue-sync.js';
import { tillDb } from './till-db.js';

/**
 * A small read the till needs besides its catalogue (categories, the exchange rate, loyalty settings): each answer
 * is kept in the browser under `key`, and given back when the server cannot be reached, so a till opened while the
 * server is away still prices and shows what it did. Any other failure is the caller's, as before.
 */
export async function offlineRead<T, E>(
  key: string,
  fetch: () => PromiseLike<{ data?: unknown; error?: E }> | { data?: unknown; error?: E },
  transform: (raw: unknown) => T,
): Promise<Answer<T, E>> {
  const res = await fetch();
  if (res.error === undefined) {
    const data = transform(res.data);
    void tillDb()
      .then((db) => db.put('reads', data, key))
      .catch(() => undefined);
    return { data };
  }
  if (!isUnreachable(res.error)) return { error: res.error };
  const kept = await tillDb()
    .then((db) => db.get('reads', key))
    .catch(() => undefined);
  return kept === undefined ? { error: res.error } : { data: kept as T };
}
