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

/** A product's text before folding: its names, SKU and barcode, each after a separator (codes are the last two). */
function rawText(p: SearchableProduct): string {
  return `${p.name.en}\u0001${p.name.ku ?? ''}\u0001${p.sku}\u0001${p.barcode ?? ''}`;
}

const SPACE = /\s/;

/** How far ahead a fold source looks for the next product (past products deleted or moved since). */
const LOOKAHEAD = 8;

/**
 * The kept form of a list's folds: the folded text of every product joined by NUL, and for each product two 32-bit
 * hashes of the texts it was folded from (its names, SKU and barcode), so a reopened till checks a product against
 * 8 bytes instead of reading back its texts a second time.
 */
export interface KeptFoldTexts {
  folded: string;
  /** Two per product, in list order (productHashes). */
  hashes: Uint32Array;
}

/** What an earlier version kept: each field of every product, and its folded text, each joined by NUL. */
export interface KeptFoldFields {
  en: string;
  ku: string;
  sku: string;
  barcode: string;
  folded: string;
}

/**
 * Two 32-bit hashes (FNV-1a and a multiply-xorshift one) of the texts a product's fold is made of, into `out`: a
 * product whose texts changed hashes the same only by a chance of the order of one in 2^64.
 */
function productHashes(p: SearchableProduct, out: Uint32Array, at: number): void {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  const fields = [p.name.en, p.name.ku ?? '', p.sku, p.barcode ?? ''];
  for (let f = 0; f < fields.length; f++) {
    const text = fields[f]!;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b + c, 0x5bd1e995);
      b ^= b >>> 15;
    }
    // A separator, so 'ab' + 'c' and 'a' + 'bc' differ.
    a = Math.imul(a ^ 0x1f, 0x01000193);
    b = Math.imul(b + 0x1f + f, 0x5bd1e995);
    b ^= b >>> 15;
  }
  out[at] = a >>> 0;
  out[at + 1] = b >>> 0;
}

/**
 * Product texts already folded, in list order: the index of the list before (a delta changed it; unchanged products
 * keep their objects) or what the browser kept of the last list indexed. Walked alongside the new list, a product is
 * taken as it was only when it is the same object or every field is the same text; any other is folded again. So a
 * reopened till folds only what changed, and an entry can never be stale.
 */
export class FoldSource {
  /** Products folded afresh (not found in the source). */
  misses = 0;
  private at = 0;

  private constructor(
    private readonly folded: readonly string[],
    private readonly same: (i: number, p: SearchableProduct) => boolean,
  ) {}

  static none(): FoldSource {
    return new FoldSource([], () => false);
  }

  /** The folds of an index built before in this tab. */
  static of(index: { products: readonly SearchableProduct[]; texts: readonly string[] }): FoldSource {
    return new FoldSource(index.texts, (i, p) => index.products[i] === p);
  }

  /** What the browser kept (KeptFoldTexts, or an earlier version's KeptFoldFields); nothing when it is not whole. */
  static fromKept(kept: KeptFoldTexts | KeptFoldFields | null | undefined): FoldSource {
    if (!kept || typeof kept.folded !== 'string') return FoldSource.none();
    const folded = kept.folded.split('\u0000');
    if ('hashes' in kept) {
      // Tagged, not instanceof: what IndexedDB gives back may come from another realm (a test's fake database).
      const tag = Object.prototype.toString.call(kept.hashes);
      if (tag !== '[object Uint32Array]' || kept.hashes.length !== folded.length * 2) return FoldSource.none();
      const hashes = kept.hashes;
      // fold() asks about one product at a few places: its hashes are worked out once.
      const mine = new Uint32Array(2);
      let last: SearchableProduct | null = null;
      return new FoldSource(folded, (i, p) => {
        if (p !== last) {
          productHashes(p, mine, 0);
          last = p;
        }
        return hashes[2 * i] === mine[0] && hashes[2 * i + 1] === mine[1];
      });
    }
    const legacy = kept as Partial<KeptFoldFields>;
    const [en, ku, sku, barcode] = [legacy.en, legacy.ku, legacy.sku, legacy.barcode].map((t) =>
      typeof t === 'string' ? t.split('\u0000') : [],
    );
    if (![en, ku, sku, barcode].every((f) => f!.length === folded.length)) return FoldSource.none();
    return new FoldSource(
      folded,
      (i, p) => en![i] === p.name.en && ku![i] === (p.name.ku ?? '') && sku![i] === p.sku && barcode![i] === (p.barcode ?? ''),
    );
  }

  /** The product's folded text: the source's when it holds the same product at about this place, else folded now. */
  fold(p: SearchableProduct): string {
    const end = Math.min(this.folded.length, this.at + LOOKAHEAD);
    for (let i = this.at; i < end; i++) {
      if (this.same(i, p)) {
        this.at = i + 1;
        return this.folded[i]!;
      }
    }
    this.misses += 1;
    return indexText(rawText(p));
  }

  /** The list's folds in the kept form, or null when a folded text holds a NUL (it could not be split back). */
  static kept(list: readonly SearchableProduct[], texts: readonly string[]): KeptFoldTexts | null {
    if (list.length === 0 || list.length !== texts.length || texts.some((t) => t.includes('\u0000'))) return null;
    const hashes = new Uint32Array(list.length * 2);
    for (let i = 0; i < list.length; i++) productHashes(list[i]!, hashes, 2 * i);
    return { folded: texts.join('\u0000'), hashes };
  }
}

export interface BuildOptions {
  /** Products indexed between two yields to the event loop. */
  chunkSize?: number;
  /** How to yield; defaults to a macrotask so input and paint can run in between. */
  yieldToUi?: () => Promise<void>;
  signal?: AbortSignal;
  /** Texts folded before (by the list before, or kept in the browser). */
  folds?: FoldSource;
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

  private constructor(
    readonly products: readonly P[],
    private readonly folds: FoldSource = FoldSource.none(),
  ) {}

  static buildSync<P extends SearchableProduct>(products: readonly P[], folds?: FoldSource): ProductSearchIndex<P> {
    const index = new ProductSearchIndex(products, folds);
    index.addRange(0, products.length);
    return index;
  }

  /** The folded text of each product, in list order (to keep in the browser). */
  get texts(): readonly string[] {
    return this.haystacks;
  }

  /** Builds the index in chunks so a 50,000-product shop never freezes the screen. */
  static async build<P extends SearchableProduct>(products: readonly P[], options: BuildOptions = {}): Promise<ProductSearchIndex<P>> {
    const index = new ProductSearchIndex(products, options.folds);
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
    for (let i = from; i < to; i++) this.haystacks[i] = this.folds.fold(this.products[i]!);
  }

  /** Products whose codes are in the code map (it is filled after the texts, in chunks or when first asked). */
  private coded = 0;

  /** Puts the codes of the products up to `to` in the code map. Barcodes win over SKUs when one product's SKU equals another's barcode. */
  private addCodes(to: number): void {
    const from = this.coded;
    for (let i = from; i < to; i++) {
      const p = this.products[i]!;
      if (!p.sku) continue;
      const sku = codeOf(this.haystacks[i]!, 2, p.sku);
      if (!this.byCodeMap.has(sku)) this.byCodeMap.set(sku, i);
    }
    for (let i = from; i < to; i++) {
      const code = this.products[i]!.barcode;
      if (code) this.byCodeMap.set(codeOf(this.haystacks[i]!, 3, code), i);
    }
    this.coded = to;
  }

  /**
   * Fills the code map in chunks once the texts are searchable (a reopened till is usable before its 100,000 codes
   * are mapped); a code asked for before then maps the rest at once.
   */
  async mapCodes(options: Pick<BuildOptions, 'chunkSize' | 'yieldToUi' | 'signal'> = {}): Promise<void> {
    const chunk = options.chunkSize ?? 5000;
    const yieldToUi = options.yieldToUi ?? defaultYield;
    while (this.coded < this.products.length) {
      await yieldToUi();
      if (options.signal?.aborted) return;
      this.addCodes(Math.min(this.products.length, this.coded + chunk));
    }
  }

  private codes(): Map<string, number> {
    if (this.coded < this.products.length) this.addCodes(this.products.length);
    return this.byCodeMap;
  }

  get size(): number {
    return this.products.length;
  }

  /** The product whose barcode (or else SKU) is exactly `code`. */
  findByCode(code: string): P | undefined {
    const i = this.codes().get(normalizeSearchText(code));
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
    const exact = this.codes().get(q);
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

/**
 * A code as a query is normalised, read from the product's folded text (its SKU is the third field, its barcode the
 * fourth): folding it again cost as much as folding the names. Should the field not be the code (a name holding the
 * separator), it is normalised on its own.
 */
function codeOf(haystack: string, field: 2 | 3, code: string): string {
  const last = haystack.lastIndexOf('\u0001');
  const folded = field === 3 ? haystack.slice(last + 1) : haystack.slice(haystack.lastIndexOf('\u0001', last - 1) + 1, last);
  if (folded.length !== code.length) return normalizeSearchText(code);
  return SPACE.test(folded) ? folded.replace(/\s+/g, ' ').trim() : folded;
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
