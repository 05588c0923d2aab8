import type { TillProductDto } from '@dukan/contracts';
import { connection, refreshed } from '../till-slice.js';
import type { PushNotice } from './catalogue-push.js';
import { catchUp, CATALOGUE_POLL_MS, openedFromKept, type FetchDelta } from './catalogue-sync.js';

/** What RTK Query hands a cache entry's lifecycle (onCacheEntryAdded), as far as following the catalogue needs it. */
export interface CatalogueEntry {
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<void>;
  getCacheEntry(): { data?: TillProductDto[] };
  updateCachedData(recipe: () => TillProductDto[]): void;
  dispatch(action: { type: string }): unknown;
}

/** No answer at all, or the gateway could not reach the service (a 503 is the server's own "try again"). */
export function isNoAnswer(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR' || status === 502 || status === 504;
}

/** The catalogue cannot be had: the till is offline (a refusal is not). */
export function isUnreachable(error: unknown): boolean {
  return isNoAnswer(error) || (error as { status?: unknown } | null)?.status === 503;
}

/** Opens the push stream: `notice` when something the till shows changed, `held` when the stream is held or lost. */
export type OpenPush = (handlers: { notice: (n: PushNotice) => void; held: (held: boolean) => void }) => () => void;

export interface FollowOptions {
  everyMs?: number;
  /** The push stream: while it is held the till asks for the delta only when told something changed. */
  push?: OpenPush;
  /** Whether the till is on screen: the list stays cached for a while after it closes, but is not followed then. */
  inUse?: () => boolean;
}

/**
 * While the till's list is in use: the changes made elsewhere (the delta since the held revision), and whether the
 * server can be reached. With the push stream held, the delta is asked for when the stream says the catalogue or
 * the branch's stock changed (nothing while nothing does); without it, at once and then every few seconds.
 */
export async function followCatalogue(
  branchOf: () => string,
  entry: CatalogueEntry,
  fetchDelta: FetchDelta,
  { everyMs = CATALOGUE_POLL_MS, inUse = () => true, push }: FollowOptions = {},
): Promise<void> {
  try {
    await entry.cacheDataLoaded;
  } catch {
    return; // the entry went before its list arrived
  }
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pushed = false;
  let running = false;
  let again = false;
  // The next poll, unless the stream is held (then the stream says when).
  const later = () => {
    clearTimeout(timer);
    if (!stopped && !pushed) timer = setTimeout(() => void step(), everyMs);
  };
  const step = async (): Promise<void> => {
    if (running) {
      again = true; // told while asking: once more after this answer
      return;
    }
    if (!inUse()) {
      // A closed till asks nothing; it looks again in a moment whether it is open (no call to the server).
      clearTimeout(timer);
      timer = setTimeout(() => void step(), everyMs);
      return;
    }
    running = true;
    const list = entry.getCacheEntry().data ?? [];
    const result = await catchUp(branchOf(), list, fetchDelta).catch((error: unknown) => ({ kind: 'unreachable' as const, error }));
    running = false;
    if (stopped) return;
    if (result.kind === 'unreachable') {
      if (isUnreachable(result.error)) entry.dispatch(connection(false));
    } else {
      entry.dispatch(connection(true));
      if (result.kind === 'changed') {
        entry.updateCachedData(() => result.list);
        entry.dispatch(refreshed(result.changedIds));
      }
    }
    if (again) {
      again = false;
      return step();
    }
    later();
  };
  const stopPush = push?.({
    notice: (n) => {
      const branch = branchOf();
      if (n.full || n.topics.includes('catalogue') || (n.topics.includes('stock') && (n.branches === null || n.branches.includes(branch))))
        void step();
    },
    held: (held) => {
      if (stopped) return;
      pushed = held;
      // Held: what changed while it was being opened is asked for once; lost: polling again.
      if (held) {
        clearTimeout(timer);
        void step();
      } else later();
    },
  });
  // A list opened from the browser is checked at once; one just downloaded, after the usual pause.
  if (openedFromKept(branchOf())) void step();
  else later();
  await entry.cacheEntryRemoved;
  stopped = true;
  clearTimeout(timer);
  stopPush?.();
}
