import type { TillProductDto } from '@dukan/contracts';
import { EASTERN_DIGITS } from '../../../lib/money.js';

/** What the index reads of a product (a TillProductDto has it all; the Kurdish name may be missing). */
export type SearchableProduct = Pick<TillProductDto, '_id' | 'sku' | 'barcode'> & {
  name: { en: string; ku?: string };
  categoryId?: string | null;
};

/** What one pass over the text changes: Eastern digits, Arabic letter variants; marks and joiners map to nothing. */
const FOLDS: Readonly<Record<string, string>> = {
  ...EASTERN_DIGITS,
  '\u064A': '\u06CC', // Arabic yeh → Farsi/Kurdish yeh
  '\u0649': '\u06CC', // alef maksura → yeh
  '\u0643': '\u06A9', // Arabic kaf → keheh
  '\u0629': '\u06D5', // teh marbuta → ae
};
// Each mark is matched on its own (to be dropped), not as part of the letter before it.
/* eslint-disable no-misleading-character-class */
const FOLDABLE = /[\u0660-\u0669\u06F0-\u06F9\u066B\u060C\u064A\u0649\u0643\u0629\u064B-\u065F\u0670\u0640\u200C-\u200F]/;
const FOLDED = new RegExp(FOLDABLE.source, 'g');
/* eslint-enable no-misleading-character-class */
const fold = (c: string) => FOLDS[c] ?? '';

/** Digits and letters folded, marks and joiners dropped (most names need nothing: they are only scanned). */
function foldLetters(text: string): string {
  return FOLDABLE.test(text) ? text.replace(FOLDED, fold) : text;
}

/**
 * Folds what people type into one form: lower case, Western digits, Arabic letter variants to their
 * Kurdish forms, no tatweel, diacritics or zero-width joiners, single spaces.
 */
export function normalizeSearchText(text: string): string {
  return foldLetters(text).toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A product's text as the index keeps it: folded like a query, but spaces left alone (each word is looked for on its own). */
function indexText(text: string): string {
  return foldLetters(text).toLowerCase();
}

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
