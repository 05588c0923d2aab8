import type { TillProductDto } from '@dukan/contracts';

/**
 * The till's list as this browser keeps it: a column per field instead of an object per product. Without the field
 * names repeated 50,000 times and with each category's id written once, the text is about half as long as the
 * server's answer (9 MB against 18 MB at 50,000 products), half as much to read back from IndexedDB, and JSON.parse
 * builds a few arrays instead of 100,000 objects; the products are then made from the columns in one pass.
 *
 * Fields a product has beyond the usual ones (packs, sold by weight, a scale code) are kept beside the columns for
 * that product alone, and a product missing a usual field is kept whole, so every product reads back as it was kept.
 */
export interface CatalogueColumns {
  /** Tells this shape from the server's answer or a list (what earlier versions kept). */
  columns: 1;
  id: string[];
  sku: string[];
  barcode: (string | null)[];
  en: string[];
  /** null: no Kurdish name. */
  ku: (string | null)[];
  price: number[];
  priceCurrency: TillProductDto['priceCurrency'][];
  priceIqd: (number | null)[];
  discount: number[];
  quantity: number[];
  /** Index into `categoryIds`, or -1 for none. */
  category: number[];
  categoryIds: string[];
  imageUrl: (string | null)[];
  /** By position: the fields of a product beyond the usual ones. */
  more: Record<number, Partial<TillProductDto>>;
  /** By position: a product kept as it is (it lacks a usual field); its columns hold placeholders. */
  whole: Record<number, TillProductDto>;
}

const USUAL = new Set<string>([
  '_id',
  'sku',
  'barcode',
  'name',
  'price',
  'priceCurrency',
  'priceIqd',
  'discount',
  'quantity',
  'categoryId',
  'imageUrl',
]);

function usual(p: TillProductDto): boolean {
  for (const k of USUAL) if (!(k in p)) return false;
  const name = p.name as unknown;
  if (typeof name !== 'object' || name === null) return false;
  const { en, ku } = name as { en?: unknown; ku?: unknown };
  return typeof en === 'string' && (ku === undefined || typeof ku === 'string') && Object.keys(name).every((k) => k === 'en' || k === 'ku');
}

/** The list in columns (see CatalogueColumns). */
export function toColumns(list: readonly TillProductDto[]): CatalogueColumns {
  const n = list.length;
  const c: CatalogueColumns = {
    columns: 1,
    id: new Array<string>(n),
    sku: new Array<string>(n),
    barcode: new Array<string | null>(n),
    en: new Array<string>(n),
    ku: new Array<string | null>(n),
    price: new Array<number>(n),
    priceCurrency: new Array<TillProductDto['priceCurrency']>(n),
    priceIqd: new Array<number | null>(n),
    discount: new Array<number>(n),
    quantity: new Array<number>(n),
    category: new Array<number>(n),
    categoryIds: [],
    imageUrl: new Array<string | null>(n),
    more: {},
    whole: {},
  };
  const categories = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const p = list[i]!;
    if (!usual(p)) {
      c.whole[i] = p;
      c.id[i] = p._id;
      c.sku[i] = c.en[i] = c.priceCurrency[i] = '' as never;
      c.barcode[i] = c.ku[i] = c.priceIqd[i] = c.imageUrl[i] = null;
      c.price[i] = c.discount[i] = c.quantity[i] = 0;
      c.category[i] = -1;
      continue;
    }
    c.id[i] = p._id;
    c.sku[i] = p.sku;
    c.barcode[i] = p.barcode;
    c.en[i] = p.name.en;
    c.ku[i] = p.name.ku ?? null;
    c.price[i] = p.price;
    c.priceCurrency[i] = p.priceCurrency;
    c.priceIqd[i] = p.priceIqd;
    c.discount[i] = p.discount;
    c.quantity[i] = p.quantity;
    c.imageUrl[i] = p.imageUrl;
    if (p.categoryId === null) c.category[i] = -1;
    else {
      let at = categories.get(p.categoryId);
      if (at === undefined) {
        at = c.categoryIds.length;
        categories.set(p.categoryId, at);
        c.categoryIds.push(p.categoryId);
      }
      c.category[i] = at;
    }
    let more: Record<string, unknown> | undefined;
    for (const k in p) {
      if (USUAL.has(k)) continue;
      more ??= {};
      more[k] = p[k as keyof TillProductDto];
    }
    if (more) c.more[i] = more as Partial<TillProductDto>;
  }
  return c;
}

/** Whether a parsed kept text is the columns' shape (and whole: every column as long as the list). */
export function isColumns(value: unknown): value is CatalogueColumns {
  if (typeof value !== 'object' || value === null || (value as { columns?: unknown }).columns !== 1) return false;
  const c = value as CatalogueColumns;
  const n = Array.isArray(c.id) ? c.id.length : -1;
  const columns = [c.sku, c.barcode, c.en, c.ku, c.price, c.priceCurrency, c.priceIqd, c.discount, c.quantity, c.category, c.imageUrl];
  return (
    n >= 0 &&
    columns.every((col) => Array.isArray(col) && col.length === n) &&
    Array.isArray(c.categoryIds) &&
    typeof c.more === 'object' &&
    c.more !== null &&
    typeof c.whole === 'object' &&
    c.whole !== null
  );
}

/** The products the columns hold, in their order. */
export function fromColumns(c: CatalogueColumns): TillProductDto[] {
  const n = c.id.length;
  const list = new Array<TillProductDto>(n);
  for (let i = 0; i < n; i++) {
    const whole = c.whole[i];
    if (whole) {
      list[i] = whole;
      continue;
    }
    const at = c.category[i]!;
    const ku = c.ku[i];
    const p: TillProductDto = {
      _id: c.id[i]!,
      sku: c.sku[i]!,
      barcode: c.barcode[i]!,
      name: ku === null || ku === undefined ? ({ en: c.en[i]! } as TillProductDto['name']) : { en: c.en[i]!, ku },
      price: c.price[i]!,
      priceCurrency: c.priceCurrency[i]!,
      priceIqd: c.priceIqd[i]!,
      discount: c.discount[i]!,
      quantity: c.quantity[i]!,
      categoryId: at < 0 ? null : (c.categoryIds[at] ?? null),
      imageUrl: c.imageUrl[i]!,
    };
    const more = c.more[i];
    list[i] = more ? { ...p, ...more } : p;
  }
  return list;
}
