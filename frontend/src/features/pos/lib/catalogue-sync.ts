import type { TillDeltaDto, TillProductDto } from '@dukan/contracts';
import { mergeDelta } from './catalogue-merge.js';
import { keepDelta, readCatalogue } from './catalogue-store.js';
import { tillDb } from './till-db.js';

/** A call for the delta since a revision, answered as RTK Query's base query answers. */
export type FetchDelta<E = unknown> = (since: string) => PromiseLike<{ data?: unknown; error?: E }> | { data?: unknown; error?: E };

/** RTK Query's answer of a query function. */
export type Answer<T, E> = { data: T; error?: undefined } | { error: E; data?: undefined };

/**
 * How a call for the delta asks for the answer's text as it came (parsed by catchUp, which tells an unreadable answer
 * from a refusal). A refusal is read as JSON, as every other call's.
 */
export const deltaText = (res: Response): Promise<unknown> =>
  res.ok
    ? res.text()
    : res.text().then((body) => {
        try {
          return JSON.parse(body) as unknown;
        } catch {
          return body;
        }
      });

/** How often an open till asks for what changed elsewhere. */
export const CATALOGUE_POLL_MS = 3000;

/** The revision the till's products are at, per branch, in this tab. */
const revisions = new Map<string, string>();

/** The revision this tab holds for the branch ('0' for none: the server answers the whole list). */
export function heldRevision(branch: string): string {
  return revisions.get(branch) ?? '0';
}

/** The writes of this tab, one after another in the order the answers came. */
let keeping: Promise<void> = Promise.resolve();

/** A moment the browser has nothing else to do (at the latest after a second), so a write is not in the open's way. */
const idle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
    else resolve();
  });

function keep(branch: string, delta: TillDeltaDto, merged: readonly TillProductDto[]): Promise<void> {
  // Without IndexedDB (a private window) the till still works; it just downloads the list on each open. Written
  // once the till is shown (storing 50,000 products holds the page for a moment); a till closed before then asks
  // for the same answer again on its next open, as the revision is written with the list.
  keeping = keeping
    .then(idle)
    .then(() => tillDb())
    .then((db) => keepDelta(db, branch, delta, merged))
    .catch(() => undefined);
  return keeping;
}

/**
 * A list as the store holds it: frozen at the top, so the store's Immer sees it as final and does not walk
 * 50,000 products (about 90 ms) each time the list is opened or a delta replaces it. Nothing mutates it.
 */
function final(list: TillProductDto[]): TillProductDto[] {
  return Object.freeze(list) as TillProductDto[];
}

/** Branches whose list was opened from what this browser kept, not yet brought up to date. */
const openedStale = new Set<string>();

/** Whether the list just opened came from the browser unchecked (the open till then asks for the delta at once). */
export function openedFromKept(branch: string): boolean {
  return openedStale.has(branch);
}

/**
 * Opening the till: the products kept in this browser at once when there are any (the open till brings them up to
 * date), else the whole list from the server, kept for next time. Asked again in this tab (a product was edited
 * here), the kept list is brought up to date first; with the server unreachable, the kept list serves.
 */
export async function openCatalogue<E>(branch: string, fetchDelta: FetchDelta<E>): Promise<Answer<TillProductDto[], E>> {
  const kept = await tillDb()
    .then((db) => readCatalogue(db, branch))
    .catch(() => null);
  const followedBefore = revisions.has(branch);
  if (kept) {
    revisions.set(branch, kept.revision);
    if (!followedBefore) {
      openedStale.add(branch);
      return { data: final(kept.products) };
    }
    const step = await catchUp(branch, kept.products, fetchDelta);
    return { data: step.kind === 'changed' ? step.list : final(kept.products) };
  }
  openedStale.delete(branch);
  revisions.delete(branch);
  const step = await catchUp(branch, [], fetchDelta);
  if (step.kind === 'unreachable') return { error: step.error as E };
  return { data: step.kind === 'changed' ? step.list : final([]) };
}

export type CatalogueStep =
  | { kind: 'unreachable'; error: unknown }
  | { kind: 'unchanged' }
  | { kind: 'changed'; list: TillProductDto[]; changedIds: string[] | 'all' };

/**
 * One step of keeping the open till current: the delta since the held revision, kept, then merged into `list`.
 * The answer may come as its JSON text (`deltaText`), parsed here.
 */
export async function catchUp(branch: string, list: readonly TillProductDto[], fetchDelta: FetchDelta): Promise<CatalogueStep> {
  const since = heldRevision(branch);
  openedStale.delete(branch);
  const res = await fetchDelta(since);
  if (res.error !== undefined) return { kind: 'unreachable', error: res.error };
  const text = typeof res.data === 'string' ? res.data : undefined;
  let delta: TillDeltaDto;
  try {
    delta = (text === undefined ? res.data : JSON.parse(text)) as TillDeltaDto;
  } catch (e) {
    // Not JSON (a proxy's page): answered as RTK Query answers an unreadable body.
    return { kind: 'unreachable', error: { status: 'PARSING_ERROR', originalStatus: 200, data: text, error: String(e) } };
  }
  if (!delta.full && delta.products.length === 0 && delta.deleted.length === 0) {
    revisions.set(branch, delta.revision);
    return { kind: 'unchanged' };
  }
  // Written while the till already shows the list (transactions on these stores run in order).
  const merged = final(mergeDelta(list, delta));
  void keep(branch, delta, merged);
  revisions.set(branch, delta.revision);
  return { kind: 'changed', list: merged, changedIds: delta.full ? 'all' : delta.products.map((p) => p._id) };
}

/** Once the writes asked for so far are made (a tab that stays open that long reopens from them). */
export function catalogueKept(): Promise<void> {
  return keeping;
}

/** Forgets the revisions held in this tab (tests). */
export function forgetRevisions(): void {
  revisions.clear();
  openedStale.clear();
}
