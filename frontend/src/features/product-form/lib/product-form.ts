/** Values, rules and payload of the product form (spec part 1 §5, part 2 §3 and §5). Money on the wire is dollars. */
import {
  DEFAULT_PRODUCT_QUANTITY,
  DEFAULT_REORDER_LEVEL,
  DISCOUNT_PERCENT_MAX,
  fromCents,
  isValidAmount,
  toCents,
  type StockAdjustmentReason,
} from '@dukan/contracts';
import { serverFieldMessages } from '../../../app/api.js';
import { parseDecimal, parseWhole, westernDigits } from './typed-numbers.js';

export { parseDecimal, parseWhole, westernDigits };
import { packProblem, packsPayload, packValues, type PackLike, type PackValues } from './packs.js';

/** What the inputs hold: numbers as typed, so a half-typed "12." is not lost. */
export interface ProductFormValues {
  sku: string;
  barcode: string;
  nameEn: string;
  nameKu: string;
  descriptionEn: string;
  descriptionKu: string;
  category: string;
  price: string;
  /** Whole dinars, or empty: priced in dollars. */
  priceIqd: string;
  cost: string;
  quantity: string;
  /** Why an edited quantity changes (asked only when it does); empty until chosen. */
  stockReason: StockAdjustmentReason | '';
  reorderLevel: string;
  discount: string;
  active: boolean;
  imageUrl: string;
  /** By the unit, or by weight (stock in grams, the price per kg). */
  soldBy: 'unit' | 'weight';
  /** The item code the shop's scale prints on this product's labels. */
  scaleCode: string;
  packs: PackValues[];
}

export type FieldName = keyof ProductFormValues;

/** A field error: the key of its text under productForm.validation, and parameters. */
export interface FieldError {
  key: 'required' | 'requiredCategory' | 'invalidNumber' | 'twoDecimals' | 'wholeNumber' | 'quantityMin' | 'discountRange';
  params?: Record<string, number>;
}

export type FieldErrors = Partial<Record<FieldName, FieldError>>;

export type FormMode = 'add' | 'edit';

export const EMPTY_VALUES: ProductFormValues = {
  sku: '',
  barcode: '',
  nameEn: '',
  nameKu: '',
  descriptionEn: '',
  descriptionKu: '',
  category: '',
  price: '',
  priceIqd: '',
  cost: '',
  quantity: String(DEFAULT_PRODUCT_QUANTITY),
  stockReason: '',
  reorderLevel: String(DEFAULT_REORDER_LEVEL),
  discount: '0',
  active: true,
  imageUrl: '',
  soldBy: 'unit',
  scaleCode: '',
  packs: [],
};

function decimals(text: string): number {
  const t = westernDigits(text);
  const point = t.indexOf('.');
  return point < 0 ? 0 : t.length - point - 1;
}

/** A price or cost in dollars, by the server's rule for one (AMOUNT_RULES.price: 0 or more, at most its bound). */
function money(text: string): FieldError | null {
  if (!isValidAmount(parseDecimal(text), 'price')) return { key: 'invalidNumber' };
  if (decimals(text) > 2) return { key: 'twoDecimals' };
  return null;
}

/**
 * The form's rules. Adding needs at least one unit (the batch received); editing sets the stock count, which
 * may be 0. Only fields that fail are in the answer.
 */
export function validateProduct(v: ProductFormValues, mode: FormMode, loaded?: ProductFormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!v.sku.trim()) errors.sku = { key: 'required' };
  if (!v.barcode.trim()) errors.barcode = { key: 'required' };
  if (!v.nameEn.trim()) errors.nameEn = { key: 'required' };
  if (!v.category) errors.category = { key: 'requiredCategory' };
  const price = money(v.price);
  if (price) errors.price = price;
  if (v.priceIqd.trim() !== '') {
    if (parseDecimal(v.priceIqd) === null) errors.priceIqd = { key: 'invalidNumber' };
    else if (parseWhole(v.priceIqd) === null) errors.priceIqd = { key: 'wholeNumber' };
    else if (!isValidAmount(parseWhole(v.priceIqd), 'priceIqd')) errors.priceIqd = { key: 'invalidNumber' };
  }
  const cost = money(v.cost);
  if (cost) errors.cost = cost;

  const minQuantity = mode === 'add' ? 1 : 0;
  // Stock may be below 0 after sales; an untouched count is not sent, so it is not judged either.
  const untouchedStock = mode === 'edit' && loaded !== undefined && v.quantity === loaded.quantity;
  if (untouchedStock) {
    /* not sent */
  } else if (parseDecimal(v.quantity) === null) errors.quantity = { key: 'invalidNumber' };
  else if (parseWhole(v.quantity) === null) errors.quantity = { key: 'wholeNumber' };
  else if (parseWhole(v.quantity)! < minQuantity) errors.quantity = { key: 'quantityMin', params: { min: minQuantity } };
  if (stockChanged(v, mode, loaded) && v.stockReason === '') errors.stockReason = { key: 'required' };

  if (parseDecimal(v.reorderLevel) === null) errors.reorderLevel = { key: 'invalidNumber' };
  else if (parseWhole(v.reorderLevel) === null) errors.reorderLevel = { key: 'wholeNumber' };

  if (v.discount.trim() !== '') {
    const d = parseDecimal(v.discount);
    if (d === null) errors.discount = { key: 'invalidNumber' };
    else if (d > DISCOUNT_PERCENT_MAX) errors.discount = { key: 'discountRange' };
    else if (decimals(v.discount) > 2) errors.discount = { key: 'twoDecimals' };
  }
  if (v.scaleCode.trim() !== '' && parseWhole(v.scaleCode) === null) errors.scaleCode = { key: 'wholeNumber' };
  if (v.packs.some((p) => packProblem(p, v.priceIqd.trim() !== ''))) errors.packs = { key: 'invalidNumber' };
  return errors;
}

/** Dollars as typed to the dollars sent: through integer cents, so "0.1" + float noise never reaches the server. */
export function typedDollars(text: string): number {
  return fromCents(toCents(parseDecimal(text) ?? 0));
}

export interface ProductPayload {
  sku: string;
  barcode: string;
  name: { en: string; ku: string };
  description: { en: string; ku: string };
  category: string;
  price: number;
  /** IQD when a dinar price is given: the product is sold at priceIqd. */
  priceCurrency: 'USD' | 'IQD';
  priceIqd?: number;
  cost?: number;
  quantity?: number;
  stockReason?: StockAdjustmentReason;
  reorderLevel: number;
  discount: number;
  active: boolean;
  imageUrl: string;
  isNewBarcode: boolean;
  soldBy?: 'unit' | 'weight';
  scaleCode?: string | null;
  packs?: ReturnType<typeof packsPayload>;
}

/** Whether an edit changes the stock by hand: the form then asks why (damaged, expired, lost, own use, a correction). */
export function stockChanged(v: ProductFormValues, mode: FormMode, loaded?: ProductFormValues): boolean {
  return mode === 'edit' && loaded !== undefined && westernDigits(loaded.quantity) !== westernDigits(v.quantity);
}

/**
 * The body of POST /api/products (add) or PUT /api/products/:id (edit). On edit, quantity and cost are sent only
 * when the user changed them: the stock and the average cost move with sales and batches meanwhile, and sending
 * back the loaded values would undo those changes.
 */
export function toPayload(v: ProductFormValues, mode: FormMode, isNewBarcode: boolean, loaded?: ProductFormValues): ProductPayload {
  const body: ProductPayload = {
    sku: v.sku.trim(),
    barcode: westernDigits(v.barcode),
    name: { en: v.nameEn.trim(), ku: v.nameKu.trim() },
    description: { en: v.descriptionEn.trim(), ku: v.descriptionKu.trim() },
    category: v.category,
    price: typedDollars(v.price),
    ...(v.priceIqd.trim() !== '' && parseWhole(v.priceIqd) !== null
      ? { priceCurrency: 'IQD' as const, priceIqd: parseWhole(v.priceIqd)! }
      : { priceCurrency: 'USD' as const }),
    reorderLevel: parseWhole(v.reorderLevel) ?? DEFAULT_REORDER_LEVEL,
    discount: v.discount.trim() === '' ? 0 : (parseDecimal(v.discount) ?? 0),
    active: v.active,
    imageUrl: v.imageUrl.trim(),
    isNewBarcode,
  };
  const quantity = parseWhole(v.quantity) ?? DEFAULT_PRODUCT_QUANTITY;
  const cost = typedDollars(v.cost);
  if (mode === 'add' || !loaded || westernDigits(loaded.quantity) !== westernDigits(v.quantity)) body.quantity = quantity;
  if (stockChanged(v, mode, loaded) && v.stockReason !== '') body.stockReason = v.stockReason;
  if (mode === 'add' || !loaded || typedDollars(loaded.cost) !== cost) body.cost = cost;
  // How it is sold and its packs: sent when set (add) or changed (edit), so an untouched form keeps the packs' ids.
  if (mode === 'add' ? v.soldBy !== 'unit' : v.soldBy !== loaded?.soldBy) body.soldBy = v.soldBy;
  if (mode === 'add' ? v.scaleCode.trim() !== '' : v.scaleCode.trim() !== (loaded?.scaleCode ?? '').trim())
    body.scaleCode = westernDigits(v.scaleCode) || null;
  if (mode === 'add' ? v.packs.length > 0 : JSON.stringify(v.packs) !== JSON.stringify(loaded?.packs ?? []))
    body.packs = packsPayload(v.packs, v.priceIqd.trim() !== '');
  return body;
}

/** Server field paths (class-validator) to form fields. */
const SERVER_FIELDS: Record<string, FieldName> = {
  sku: 'sku',
  barcode: 'barcode',
  name: 'nameEn',
  'name.en': 'nameEn',
  'name.ku': 'nameKu',
  'description.en': 'descriptionEn',
  'description.ku': 'descriptionKu',
  category: 'category',
  price: 'price',
  priceIqd: 'priceIqd',
  priceCurrency: 'priceIqd',
  cost: 'cost',
  quantity: 'quantity',
  stockReason: 'stockReason',
  reorderLevel: 'reorderLevel',
  discount: 'discount',
  active: 'active',
  imageUrl: 'imageUrl',
  soldBy: 'soldBy',
  scaleCode: 'scaleCode',
};

/** The form's field for a server field path, if it shows one (a pack's fields show on the packs). */
export function productFieldOf(path: string): FieldName | undefined {
  if (path === 'packs' || path.startsWith('packs.')) return 'packs';
  return SERVER_FIELDS[path];
}

/** The server's field errors (already in the user's language) by form field; unknown paths are left out. */
export function serverFieldErrors(error: unknown): Partial<Record<FieldName, string>> {
  return serverFieldMessages(error, productFieldOf);
}

/** A product as the API sends it (the fields the form reads). */
export interface ProductLike {
  sku: string;
  barcode: string | null;
  name: { en: string; ku?: string };
  description?: { en?: string; ku?: string } | null;
  category?: { _id: string } | string | null;
  categoryId?: string | null;
  price: number;
  priceIqd?: number | null;
  cost: number;
  quantity: number;
  reorderLevel?: number;
  discount?: number;
  active?: boolean;
  imageUrl?: string | null;
  soldBy?: 'unit' | 'weight';
  scaleCode?: string | null;
  packs?: PackLike[];
}

export function categoryIdOf(p: ProductLike): string {
  if (p.categoryId) return p.categoryId;
  if (typeof p.category === 'string') return p.category;
  return p.category?._id ?? '';
}

/** Dollars from the API as the text of a money input ("12.5" → "12.50"). */
export function dollarsText(dollars: number): string {
  return Number.isFinite(dollars) ? (toCents(dollars) / 100).toFixed(2) : '';
}

/** The form filled from a product (edit, or copying an existing product on add). */
export function valuesFromProduct(p: ProductLike): ProductFormValues {
  return {
    sku: p.sku ?? '',
    barcode: p.barcode ?? '',
    nameEn: p.name?.en ?? '',
    nameKu: p.name?.ku ?? '',
    descriptionEn: p.description?.en ?? '',
    descriptionKu: p.description?.ku ?? '',
    category: categoryIdOf(p),
    price: dollarsText(p.price),
    priceIqd: p.priceIqd !== null && p.priceIqd !== undefined ? String(p.priceIqd) : '',
    cost: dollarsText(p.cost),
    quantity: String(p.quantity ?? DEFAULT_PRODUCT_QUANTITY),
    stockReason: '',
    reorderLevel: String(p.reorderLevel ?? DEFAULT_REORDER_LEVEL),
    discount: String(p.discount ?? 0),
    active: p.active ?? true,
    imageUrl: p.imageUrl ?? '',
    soldBy: p.soldBy ?? 'unit',
    scaleCode: p.scaleCode ?? '',
    packs: packValues(p.packs),
  };
}

export interface CostEntry {
  date: string;
  quantity: number;
  cost: number;
}

export interface CostRow extends CostEntry {
  costCents: number;
  totalCents: number;
}

/** Cost history rows newest first, each with its total (cost × quantity) in integer cents. */
export function costRows(history: readonly CostEntry[]): CostRow[] {
  return [...history]
    .sort((a, b) => Date.parse(b.date) - Date.parse(a.date))
    .map((h) => {
      const costCents = toCents(h.cost);
      return { ...h, costCents, totalCents: costCents * h.quantity };
    });
}
