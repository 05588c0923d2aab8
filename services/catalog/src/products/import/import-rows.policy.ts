// How an import file's columns and cells become the product form's fields. Pure: no database, no files.
import { PRODUCT_IMPORT_HEADERS, restoreCsvCell, translate, type Locale, type ProductImportRowDto } from '@dukan/contracts';
import type { DomainError, MessageParams } from '@dukan/platform';

export type ImportField = keyof typeof PRODUCT_IMPORT_HEADERS;

/** The columns a file must have: what the product form requires of a new product. */
export const REQUIRED_FIELDS: readonly ImportField[] = ['sku', 'barcode', 'nameEn', 'price', 'cost', 'category'];

/** The header each field is written with in a template (the labels CSV's for the five it has). */
export const FIELD_HEADERS: Record<ImportField, string> = PRODUCT_IMPORT_HEADERS;

/** Other spellings of a header, compared without case, spaces or punctuation; Kurdish as the app's own labels say it. */
const ALIASES: Record<ImportField, string[]> = {
  nameEn: ['name', 'nameen', 'englishname', 'nameenglish', 'ناو', 'ناویئینگلیزی'],
  nameKu: ['nameku', 'kurdishname', 'namekurdish', 'nameckb', 'ناویکوردی'],
  sku: ['sku', 'کۆدیکاڵا'],
  barcode: ['barcode', 'ean', 'upc', 'بارکۆد'],
  price: ['price', 'priceusd', 'نرخ'],
  priceIqd: ['priceiqd', 'pricedinar', 'pricedinars', 'نرخیدینار'],
  cost: ['cost', 'costusd', 'costprice', 'تێچوو'],
  quantity: ['quantity', 'qty', 'stock', 'بڕ'],
  category: ['category', 'categoryname', 'categoryid', 'پۆل'],
  reorderLevel: ['reorderlevel', 'reorder'],
  discount: ['discount', 'discountpercent', 'داشکاندن'],
  active: ['active', 'چالاک'],
  descriptionEn: ['description', 'descriptionen', 'descriptionenglish', 'وەسف'],
  descriptionKu: ['descriptionku', 'descriptionkurdish', 'وەسفیکوردی'],
};

const BY_ALIAS = new Map<string, ImportField>();
for (const [field, names] of Object.entries(ALIASES) as [ImportField, string[]][]) {
  for (const name of [...names, squash(FIELD_HEADERS[field])]) BY_ALIAS.set(name, field);
}

function squash(header: string): string {
  // Latin letters and digits, and Arabic-script letters (Kurdish headers), with the letter variants folded.
  return nameKey(header).replace(/[^a-z0-9\u0620-\u064a\u066e-\u06d3\u06d5]/g, '');
}

export interface ColumnMap {
  /** Field → 0-based column index. */
  index: Partial<Record<ImportField, number>>;
  /** Field → the header as the file writes it. */
  header: Partial<Record<ImportField, string>>;
  missing: ImportField[];
}

/** Which column holds which field; the first column with a known header wins, unknown headers are ignored. */
export function mapColumns(headers: readonly string[]): ColumnMap {
  const index: ColumnMap['index'] = {};
  const header: ColumnMap['header'] = {};
  headers.forEach((h, i) => {
    const field = BY_ALIAS.get(squash(h));
    if (field && index[field] === undefined) {
      index[field] = i;
      header[field] = h.replace(/^\uFEFF/, '').trim();
    }
  });
  return { index, header, missing: REQUIRED_FIELDS.filter((f) => index[f] === undefined) };
}

export type Cell = string | number | boolean | null;

/** A text cell as written: the apostrophe a CSV export puts before a formula-like value is taken off again. */
export function cellText(cell: Cell): string {
  if (cell === null) return '';
  return restoreCsvCell(String(cell).trim());
}

function optional(cell: Cell): Cell | undefined {
  return cell === null || (typeof cell === 'string' && cell.trim() === '') ? undefined : cell;
}

const TRUE = new Set(['true', 'yes', 'y', '1', 'active', 'بەڵێ', 'چالاک']);
const FALSE = new Set(['false', 'no', 'n', '0', 'inactive', 'نەخێر', 'ناچالاک']);

function bool(cell: Cell): unknown {
  if (typeof cell === 'boolean' || cell === null) return cell ?? undefined;
  const word = String(cell).trim().toLowerCase();
  if (word === '') return undefined;
  return TRUE.has(word) ? true : FALSE.has(word) ? false : word; // a word that is neither fails as the wrong type
}

function number(cell: Cell): unknown {
  const v = optional(cell);
  return typeof v === 'string' ? v.trim() : v; // the form's own transform reads numbers from text
}

/**
 * One row as the product form would send it. `category` is resolved by the caller's lookup (an id or a name
 * in either language); what it cannot resolve is left as written, to be refused by name.
 */
export function rowToProduct(
  cells: readonly Cell[],
  columns: ColumnMap,
  category: (text: string) => string | null,
): { body: Record<string, unknown>; categoryText: string } {
  const at = (f: ImportField): Cell => {
    const i = columns.index[f];
    return i === undefined ? null : (cells[i] ?? null);
  };
  const text = (f: ImportField) => cellText(at(f));
  const categoryText = text('category');
  const body: Record<string, unknown> = {
    sku: text('sku'),
    barcode: text('barcode'),
    name: { en: text('nameEn'), ku: text('nameKu') },
    category: categoryText === '' ? '' : (category(categoryText) ?? categoryText),
    price: number(at('price')),
    cost: number(at('cost')),
  };
  // A price in dinars, when the file gives one, is the price the product is sold at.
  const priceIqd = number(at('priceIqd'));
  if (priceIqd !== undefined) Object.assign(body, { priceCurrency: 'IQD', priceIqd });
  const descriptionEn = text('descriptionEn');
  const descriptionKu = text('descriptionKu');
  if (descriptionEn || descriptionKu) body.description = { en: descriptionEn, ku: descriptionKu };
  for (const f of ['quantity', 'reorderLevel', 'discount'] as const) {
    const v = number(at(f));
    if (v !== undefined) body[f] = v;
  }
  const active = bool(at('active'));
  if (active !== undefined) body.active = active;
  return { body, categoryText };
}

/** The field of a validation error path ('name.en') as an import column. */
export function fieldOfPath(path: string): ImportField | null {
  const known: Record<string, ImportField> = {
    sku: 'sku',
    barcode: 'barcode',
    'name.en': 'nameEn',
    'name.ku': 'nameKu',
    name: 'nameEn',
    'description.en': 'descriptionEn',
    'description.ku': 'descriptionKu',
    description: 'descriptionEn',
    category: 'category',
    price: 'price',
    priceIqd: 'priceIqd',
    priceCurrency: 'priceIqd',
    cost: 'cost',
    quantity: 'quantity',
    reorderLevel: 'reorderLevel',
    discount: 'discount',
    active: 'active',
  };
  return known[path] ?? null;
}

/** A key folded for matching names: case, surrounding space, Arabic-script letter variants. */
export function nameKey(name: string): string {
  return name.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ').replace(/[يى]/g, 'ی').replace(/ك/g, 'ک');
}

/** What is wrong with one value of a row: the field, and why (a message key with its parameters). */
export interface Problem {
  field: ImportField | null;
  key: string;
  params?: MessageParams;
}

export interface RowProblems {
  row: number;
  errors: Problem[];
}

/** The field a refusal names first (a path of the form's DTO), if it is one of the file's. */
export function firstField(e: DomainError): ImportField | null {
  const path = Object.keys(e.fieldErrors)[0];
  return path ? fieldOfPath(path) : null;
}

/** The message key of a refusal's first field error. */
export function firstKey(e: DomainError): string {
  return Object.values(e.fieldErrors)[0]?.key ?? 'products.import.rowFailed';
}

/** A row's problems as the user reads them: the column as the file wrote it, the message in their language. */
export function describe(locale: Locale, r: RowProblems, headers: Partial<Record<ImportField, string>>): ProductImportRowDto {
  return {
    row: r.row,
    errors: r.errors.map((e) => ({
      field: e.field,
      column: e.field ? (headers[e.field] ?? FIELD_HEADERS[e.field]) : null,
      message: translate(locale, e.key, e.params),
    })),
  };
}
