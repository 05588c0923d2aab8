import { FoldSource, type KeptFoldFields, type KeptFoldTexts, type ProductSearchIndex, type SearchableProduct } from './search-index.js';
import { tillDb } from './till-db.js';

/** How long after an index is built its folds are written (out of the way of the open and the first keys). */
export const KEEP_FOLDS_AFTER_MS = 2000;
/** Products folded afresh that make the kept folds worth writing again (a few changed ones are folded on each open). */
export const KEEP_FOLDS_MISSES = 500;

let reading: Promise<KeptFoldTexts | KeptFoldFields | undefined> | null = null;
let writeTimer: ReturnType<typeof setTimeout> | undefined;
/** Products folded afresh since the kept folds were last written in this tab. */
let unkept = 0;

/** The folds kept in this browser, read once per tab (started as the till opens, beside the catalogue's read). */
export function keptFolds(): Promise<FoldSource> {
  reading ??= tillDb()
    .then((db) => db.get('searchText', 'folds'))
    .catch(() => undefined);
  return reading.then((kept) => FoldSource.fromKept(kept));
}

/**
 * After an index is built: its folds are written to the browser (one record of the list's texts, bounded by the
 * catalogue) when enough products were folded afresh since they last were, a moment later; a newer index replaces a
 * write not yet made.
 */
export function keepFolds<P extends SearchableProduct>(index: ProductSearchIndex<P>, folds: FoldSource): void {
  unkept += folds.misses;
  if (unkept < Math.min(KEEP_FOLDS_MISSES, index.size)) return;
  clearTimeout(writeTimer);
  writeTimer = setTimeout(() => {
    const kept = FoldSource.kept(index.products, index.texts);
    unkept = 0;
    if (!kept) return;
    reading = Promise.resolve(kept);
    void tillDb()
      .then((db) => db.put('searchText', kept, 'folds'))
      .catch(() => undefined);
  }, KEEP_FOLDS_AFTER_MS);
}

/** Forgets what this tab read and would write (tests start each case on a fresh database). */
export function forgetFolds(): void {
  clearTimeout(writeTimer);
  reading = null;
  unkept = 0;
}
