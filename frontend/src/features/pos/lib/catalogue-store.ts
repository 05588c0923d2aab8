import type { TillDeltaDto, TillProductDto } from '@dukan/contracts';
import { fromColumns, isColumns, toColumns } from './catalogue-columns.js';
import { mergeDelta } from './catalogue-merge.js';
import type { TillDb, TillSnapshot } from './till-db.js';

/** The catalogue as this browser keeps it for one branch: the products in the till's order and their revision. */
export interface KeptCatalogue {
  products: TillProductDto[];
  revision: string;
}

/**
 * Changes kept beside the snapshot before it is written again. The whole list is one record (read back in about
 * 0.1 s at 50,000 products, where a record per product takes 0.5 s to read and 2 s to write); what later deltas
 * bring is kept product by product, so a sale elsewhere costs a small write, not the whole list.
 *
 * The record is the list's JSON text in columns (catalogue-columns.ts): the browser stores one string without walking
 * 50,000 objects, and reading it back and parsing it takes about half as long as the server's answer as it came (what
 * earlier versions kept, 18 MB at 50,000 products against 9 MB), which takes about half as long again as the objects
 * themselves. A list kept as objects, or as the server's text, by an earlier version is still read.
 */
export const COMPACT_AFTER = 2000;

/** What is kept for the branch, or null when nothing is (never opened here, or kept for another branch). */
export async function readCatalogue(db: TillDb, branch: string): Promise<KeptCatalogue | null> {
  const tx = db.transaction(['meta', 'snapshot', 'changes'], 'readonly');
  const [meta, snapshot, changes] = await Promise.all([
    tx.objectStore('meta').get('catalogue'),
    tx.objectStore('snapshot').get('products'),
    tx.objectStore('changes').getAll(),
  ]);
  if (!meta || meta.branch !== branch || !snapshot) return null;
  const list = snapshotList(snapshot);
  if (!list) return null;
  const products = changes.length
    ? mergeDelta(list, {
        revision: meta.revision,
        full: false,
        products: changes.flatMap((c) => (c.product ? [c.product] : [])),
        deleted: changes.filter((c) => !c.product).map((c) => c._id),
      })
    : list;
  return { products, revision: meta.revision };
}

/**
 * The list a snapshot holds: the JSON text of its columns, or as earlier versions kept it, objects or the JSON text
 * of the list or of a whole answer (put in the till's order).
 */
function snapshotList(snapshot: TillSnapshot): TillProductDto[] | null {
  if (typeof snapshot !== 'string') return Array.isArray(snapshot) ? snapshot : null;
  try {
    const parsed = JSON.parse(snapshot) as unknown;
    if (isColumns(parsed)) return fromColumns(parsed);
    if (Array.isArray(parsed)) return parsed as TillProductDto[];
    const answer = parsed as TillDeltaDto;
    return Array.isArray(answer?.products) ? mergeDelta([], { ...answer, full: true }) : null;
  } catch {
    return null; // unreadable: downloaded again
  }
}

/**
 * Writes a delta (or a whole list) and its revision in one transaction, so the kept catalogue is never half updated.
 * `merged` is the list after the delta: it becomes the new snapshot (in columns) when the answer was whole or enough
 * changes have gathered.
 */
export async function keepDelta(db: TillDb, branch: string, delta: TillDeltaDto, merged: readonly TillProductDto[]): Promise<void> {
  const tx = db.transaction(['meta', 'snapshot', 'changes'], 'readwrite');
  const changes = tx.objectStore('changes');
  const pending = delta.full ? 0 : await changes.count();
  const writes: Promise<unknown>[] = [];
  if (delta.full || pending + delta.products.length + delta.deleted.length > COMPACT_AFTER) {
    const text = JSON.stringify(toColumns(merged));
    writes.push(tx.objectStore('snapshot').put(text, 'products'), changes.clear());
  } else {
    for (const id of delta.deleted) writes.push(changes.put({ _id: id, product: null }));
    for (const p of delta.products) writes.push(changes.put({ _id: p._id, product: p }));
  }
  writes.push(tx.objectStore('meta').put({ branch, revision: delta.revision }, 'catalogue'));
  await Promise.all([...writes, tx.done]);
}
