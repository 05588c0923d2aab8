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

/** The kept form of a list's folds: each field of every product, and its folded text, each joined by NUL. */
export interface KeptFoldTexts {
  en: string;
  ku: string;
  sku: string;
  barcode: string;
  folded: string;
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

  /** What the browser kept (KeptFoldTexts); nothing when it is not whole. */
  static fromKept(kept: KeptFoldTexts | null | undefined): FoldSource {
    if (!kept || typeof kept.folded !== 'string') return FoldSource.none();
    const folded = kept.folded.split('\u0000');
    const [en, ku, sku, barcode] = [kept.en, kept.ku, kept.sku, kept.barcode].map((t) => (typeof t === 'string' ? t.split('\u0000') : []));
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

  /** The list's fields and folds in the kept form, or null when a field holds a NUL (it could not be split back). */
  static kept(list: readonly SearchableProduct[], texts: readonly string[]): KeptFoldTexts | null {
    const fields = [
      (p: SearchableProduct) => p.name.en,
      (p: SearchableProduct) => p.name.ku ?? '',
      (p: SearchableProduct) => p.sku,
      (p: SearchableProduct) => p.barcode ?? '',
    ];
    const columns = fields.map((f) => list.map(f));
    if (list.length === 0 || columns.some((c) => c.some((t) => t.includes('\u0000')))) return null;
    const [en, ku, sku, barcode] = columns.map((c) => c.join('\u0000')) as [string, string, string, string];
    const folded = texts.join('\u0000');
    return { en, ku, sku, barcode, folded };
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
