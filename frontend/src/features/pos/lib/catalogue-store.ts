import type { TillDeltaDto, TillProductDto } from '@dukan/contracts';
import { compareProducts } from './catalogue-merge.js';
import type { TillDb } from './till-db.js';

/** The catalogue as this browser keeps it for one branch: the products in the till's order and their revision. */
export interface KeptCatalogue {
  products: TillProductDto[];
  revision: string;
}

/** What is kept for the branch, or null when nothing is (never opened here, or kept for another branch). */
export async function readCatalogue(db: TillDb, branch: string): Promise<KeptCatalogue | null> {
  const tx = db.transaction(['meta', 'products'], 'readonly');
  const [meta, products] = await Promise.all([tx.objectStore('meta').get('catalogue'), tx.objectStore('products').getAll()]);
  if (!meta || meta.branch !== branch) return null;
  return { products: products.sort(compareProducts), revision: meta.revision };
}

/** Writes a delta (or a whole list) and its revision in one transaction: the kept catalogue is never half updated. */
export async function keepDelta(db: TillDb, branch: string, delta: TillDeltaDto): Promise<void> {
  const tx = db.transaction(['meta', 'products'], 'readwrite');
  const products = tx.objectStore('products');
  const meta = tx.objectStore('meta');
  const writes: Promise<unknown>[] = [];
  if (delta.full) writes.push(products.clear());
  for (const id of delta.deleted) writes.push(products.delete(id));
  for (const p of delta.products) writes.push(products.put(p));
  writes.push(meta.put({ branch, revision: delta.revision }, 'catalogue'));
  await Promise.all([...writes, tx.done]);
}
