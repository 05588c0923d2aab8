import type { TillProductDto } from '@dukan/contracts';
import { connection, refreshed } from '../till-slice.js';
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

export interface FollowOptions {
  everyMs?: number;
  /** Whether the till is on screen: the list stays cached for a while after it closes, but is not followed then. */
  inUse?: () => boolean;
}

/**
 * While the till's list is in use: at once and then every few seconds, the changes made elsewhere (polling the
 * delta, which costs one small query when nothing changed), and whether the server can be reached.
 */
export async function followCatalogue(
  branchOf: () => string,
  entry: CatalogueEntry,
  fetchDelta: FetchDelta,
  { everyMs = CATALOGUE_POLL_MS, inUse = () => true }: FollowOptions = {},
): Promise<void> {
  try {
    await entry.cacheDataLoaded;
  } catch {
    return; // the entry went before its list arrived
  }
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const step = async () => {
    if (!inUse()) {
      timer = setTimeout(() => void step(), everyMs);
      return;
    }
    const list = entry.getCacheEntry().data ?? [];
    const result = await catchUp(branchOf(), list, fetchDelta).catch((error: unknown) => ({ kind: 'unreachable' as const, error }));
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
    timer = setTimeout(() => void step(), everyMs);
  };
  // A list opened from the browser is checked at once; one just downloaded, after the usual pause.
  if (openedFromKept(branchOf())) void step();
  else timer = setTimeout(() => void step(), everyMs);
  await entry.cacheEntryRemoved;
  stopped = true;
  clearTimeout(timer);
}
