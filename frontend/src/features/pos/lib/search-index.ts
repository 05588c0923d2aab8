import { foldSearchText, normalizeSearchText, type TillProductDto } from '@dukan/contracts';

/** What the index reads of a product (a TillProductDto has it all; the Kurdish name may be missing). */
export type SearchableProduct = Pick<TillProductDto, '_id' | 'sku' | 'barcode'> & {
  name: { en: string; ku?: string };
  categoryId?: string | null;
};

/** Folds what people type into one form (the shared normaliser, as every server search folds). */
export { normalizeSearchText };

/** A product's text as the index keeps it: folded like a query, but spaces left alone (each word is looked for on its own). */
const indexText = foldSearchText;

export interface BuildOptions {
  /** Products indexed between two yields to the event loop. */
  chunkSize?: number;
  /** How to yield; defaults to a macrotask so input and paint can run in between. */
  yieldToUi?: () => Promise<void>;
  signal?: AbortSignal;
}

const defaultYield = () =>
  new Promise<void>((resolve) => {
    if (typeof MessageChannel !== 'undefined') {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    } else setTimeout(resolve, 0);
  });

/** An in-memory index over the till's products: substring search on names, SKU and barcode, exact code lookup. */
export class ProductSearchIndex<P extends SearchableProduct> {
  private haystacks: string[] = [];
  private byCodeMap = new Map<string, number>();
  private lastQuery = '';
  private lastHits: number[] | null = null;

  private constructor(readonly products: readonly P[]) {}

  static buildSync<P extends SearchableProduct>(products: readonly P[]): ProductSearchIndex<P> {
    const index = new ProductSearchIndex(products);
    index.addRange(0, products.length);
    return index;
  }

  /** Builds the index in chunks so a 50,000-product shop never freezes the screen. */
  static async build<P extends SearchableProduct>(products: readonly P[], options: BuildOptions = {}): Promise<ProductSearchIndex<P>> {
    const index = new ProductSearchIndex(products);
    const chunk = options.chunkSize ?? 5000;
    const yieldToUi = options.yieldToUi ?? defaultYield;
    for (let start = 0; start < products.length; start += chunk) {
      if (options.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
      index.addRange(start, Math.min(products.length, start + chunk));
      if (start + chunk < products.length) await yieldToUi();
    }
    return index;
  }

  private addRange(from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const p = this.products[i]!;
      this.haystacks[i] = indexText(`${p.name.en}\u0001${p.name.ku ?? ''}\u0001${p.sku}\u0001${p.barcode ?? ''}`);
      // Barcodes win over SKUs when one product's SKU equals another's barcode.
      if (p.sku) {
        const sku = normalizeSearchText(p.sku);
        if (!this.byCodeMap.has(sku)) this.byCodeMap.set(sku, i);
      }
    }
    for (let i = from; i < to; i++) {
      const code = this.products[i]!.barcode;
      if (code) this.byCodeMap.set(normalizeSearchText(code), i);
    }
  }

  get size(): number {
    return this.products.length;
  }

  /** The product whose barcode (or else SKU) is exactly `code`. */
  findByCode(code: string): P | undefined {
    const i = this.byCodeMap.get(normalizeSearchText(code));
    return i === undefined ? undefined : this.products[i];
  }

  /**
   * Positions of the products matching every word of `query`, in list order, an exact code match first.
   * A query that extends the previous one only searches the previous hits.
   */
  search(query: string): number[] {
    const q = normalizeSearchText(query);
    if (!q) return this.all();
    const words = q.split(' ');
    const pool = this.lastHits && this.lastQuery && q.startsWith(this.lastQuery) ? this.lastHits : null;
    const hits: number[] = [];
    const test = (i: number) => {
      const h = this.haystacks[i]!;
      for (const w of words) if (!h.includes(w)) return;
      hits.push(i);
    };
    if (pool) for (const i of pool) test(i);
    else for (let i = 0; i < this.haystacks.length; i++) test(i);
    this.lastQuery = q;
    this.lastHits = hits.slice();
    const exact = this.byCodeMap.get(q);
    if (exact !== undefined) {
      const at = hits.indexOf(exact);
      if (at > 0) {
        hits.splice(at, 1);
        hits.unshift(exact);
      }
    }
    return hits;
  }

  private everything: number[] | null = null;

  /** Every position, built once (an empty query asks for it on every clear). Callers must not mutate it. */
  private all(): number[] {
    if (!this.everything) {
      this.everything = new Array<number>(this.products.length);
      for (let i = 0; i < this.everything.length; i++) this.everything[i] = i;
    }
    return this.everything;
  }
}

/** The category and all its descendants, for filtering by a chip. */
export function descendantsOf(categoryId: string, categories: readonly { _id: string; parent?: string | null }[]): Set<string> {
  const children = new Map<string, string[]>();
  for (const c of categories) {
    if (!c.parent) continue;
    const list = children.get(c.parent) ?? [];
    list.push(c._id);
    children.set(c.parent, list);
  }
  const out = new Set<string>([categoryId]);
  const stack = [categoryId];
  while (stack.length) {
    for (const child of children.get(stack.pop()!) ?? []) {
      if (!out.has(child)) {
        out.add(child);
        stack.push(child);
      }
    }
  }
  return out;
}
