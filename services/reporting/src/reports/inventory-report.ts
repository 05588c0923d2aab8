import type {
  InventoryProductRowDto,
  InventoryReportDto,
  InventorySortField,
  LocalizedText,
  LowStockRowDto,
  Paginated,
  SoldBy,
} from '@dukan/contracts';
import { paginationOf } from '@dukan/contracts';
import { one, rows } from '@dukan/platform';
import { cursorBatches, inBranches, jsonRows, type ReportScope } from './report-scope.js';
import { gramsToKg } from './sales-report.js';

/**
 * What a product's stock `qty` (of `p`) is worth at `price` (a column): a weighed product's stock is grams and its
 * price per kg. The same expression as the products_by_value index (whole units of the minor unit, for ordering).
 */
const worth = (p: string, price: string, qty: string) =>
  `(${p}.${price} * greatest(${qty}, 0) / CASE WHEN ${p}.sold_by = 'weight' THEN 1000 ELSE 1 END)`;

/** A product's (p) stock in the scope's branches: over every branch, kept with the product; else summed from stock. */
function stockOf(s: ReportScope): string {
  if (s.branches === null) return 'p.stock_total';
  return `coalesce((SELECT sum(st.quantity) FROM stock st WHERE st.product_id = p.product_id AND ${inBranches(s.branches, 'st.branch_id')}), 0)::int`;
}

/** Live products with their stock in the scope's branches (below zero counts as none for the totals). */
const stocked = (s: ReportScope) => `
  SELECT p.product_id, p.name, p.sku, p.category_id, p.price_cents, p.cost_cents, p.reorder_level, p.sold_by, ${stockOf(s)} AS qty
    FROM products p WHERE p.deleted_at IS NULL`;

const SORT_SQL: Record<InventorySortField, string> = {
  name: `lower(s.name->>'en')`,
  sku: 's.sku',
  category: `lower(c.name->>'en')`,
  quantity: 's.qty',
  price: 's.price_cents',
  cost: 's.cost_cents',
  value: worth('s', 'price_cents', 's.qty'),
  costValue: worth('s', 'cost_cents', 's.qty'),
  reorderLevel: 's.reorder_level',
};

export interface InventoryPageQuery {
  page: number;
  limit: number;
  sort: InventorySortField;
  order: 'asc' | 'desc';
  lowStock: boolean;
}

interface StockedRow {
  product_id: string;
  name: LocalizedText;
  sku: string;
  price_cents: string | number;
  cost_cents: string | number;
  reorder_level: number;
  sold_by: SoldBy;
  qty: number;
  category: LocalizedText | null;
}

/** A quantity as a report shows it: units, or a weighed product's grams as kg. */
const shown = (r: Pick<StockedRow, 'sold_by'>, qty: number) => (r.sold_by === 'weight' ? gramsToKg(qty) : qty);

function productRow(s: ReportScope, r: StockedRow): InventoryProductRowDto {
  // A weighed product's grams at its price per kg.
  const units = Math.max(r.qty, 0) / (r.sold_by === 'weight' ? 1000 : 1);
  return {
    _id: r.product_id,
    name: r.name,
    sku: r.sku,
    category: r.category,
    soldBy: r.sold_by,
    quantity: shown(r, r.qty),
    price: s.money(r.price_cents),
    cost: s.money(r.cost_cents),
    value: s.money(Number(r.price_cents) * units),
    costValue: s.money(Number(r.cost_cents) * units),
    reorderLevel: shown(r, r.reorder_level),
  };
}

const lowStockRow = (r: StockedRow): LowStockRowDto => ({
  _id: r.product_id,
  name: r.name,
  sku: r.sku,
  soldBy: r.sold_by,
  quantity: shown(r, r.qty),
  reorderLevel: shown(r, r.reorder_level),
  lowStockThreshold: shown(r, r.reorder_level),
});

/** One page of the inventory's products (or of the low-stock ones), sorted on any column; ties by SKU. */
export async function inventoryPage(s: ReportScope, q: InventoryPageQuery): Promise<Paginated<InventoryProductRowDto>> {
  const filter = q.lowStock ? 'WHERE s.qty <= s.reorder_level' : '';
  const order = `${SORT_SQL[q.sort]} ${q.order === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, s.sku`;
  const row = await one<{ total: number; rows: StockedRow[] }>(
    s.m,
    `SELECT (SELECT count(*) FROM (${stocked(s)}) s ${filter}) AS total,
            (SELECT coalesce(json_agg(x ORDER BY x.n), '[]') FROM (
               SELECT s.*, c.name AS category, row_number() OVER (ORDER BY ${order}) AS n
                 FROM (${stocked(s)}) s LEFT JOIN categories c ON c.category_id = s.category_id ${filter}
                ORDER BY ${order} LIMIT $1 OFFSET $2) x) AS rows`,
    [q.limit, (q.page - 1) * q.limit],
  );
  return { data: (row?.rows ?? []).map((r) => productRow(s, r)), pagination: paginationOf(Number(row?.total ?? 0), q.page, q.limit) };
}

/** Products by value, most first (the exports' order). */
const byValue = (s: ReportScope) =>
  `SELECT s.*, c.name AS category FROM (${stocked(s)}) s LEFT JOIN categories c ON c.category_id = s.category_id
    ORDER BY ${SORT_SQL.value} DESC, s.sku`;

/** The first `limit` products by value (the PDF's table). */
export async function inventoryRows(s: ReportScope, limit: number): Promise<InventoryProductRowDto[]> {
  const found = await rows<StockedRow>(s.m, `${byValue(s)} LIMIT ${Math.floor(limit)}`);
  return found.map((r) => productRow(s, r));
}

/** How many rows an export of the inventory reads a time. */
const EXPORT_BATCH = 2000;

/** Every product by value, a batch at a time, in the scope's transaction (the spreadsheets). */
export async function* inventoryRowBatches(s: ReportScope): AsyncGenerator<InventoryProductRowDto[]> {
  for await (const batch of cursorBatches<StockedRow>(s.m, 'inventory_products', byValue(s), EXPORT_BATCH))
    yield batch.map((r) => productRow(s, r));
}

/** Stock as it stands now: totals, categories, the first page of products by value and the five most urgent low-stock items; one statement. */
export async function inventoryReport(s: ReportScope): Promise<InventoryReportDto> {
  type Category = {
    category_id: string | null;
    name: LocalizedText | null;
    n: number;
    units: number;
    grams: number;
    value: number;
    cost: number;
    low: number;
    out: number;
  };
  const qty = stockOf(s);
  const row = await one<{ categories: Category[]; products: StockedRow[]; low: StockedRow[] }>(
    s.m,
    // One pass over the products for the categories (the totals are their sum); the first rows from the indexes.
    `SELECT
       -- Grouped by id, named after; values summed as float8 (exact far beyond any shop's stock, and quicker than numeric).
       ${jsonRows(
         `SELECT g.*, c.name FROM (
                     SELECT p.category_id, count(*) AS n, coalesce(sum(greatest(p.qty, 0)) FILTER (WHERE p.sold_by = 'unit'), 0) AS units,
                            coalesce(sum(greatest(p.qty, 0)) FILTER (WHERE p.sold_by = 'weight'), 0) AS grams,
                            sum(p.price_cents * greatest(p.qty, 0) / CASE WHEN p.sold_by = 'weight' THEN 1000.0 ELSE 1 END::float8) AS value,
                            sum(p.cost_cents * greatest(p.qty, 0) / CASE WHEN p.sold_by = 'weight' THEN 1000.0 ELSE 1 END::float8) AS cost,
                            count(*) FILTER (WHERE p.qty <= p.reorder_level) AS low, count(*) FILTER (WHERE p.qty <= 0) AS out
                       FROM (${stocked(s)}) p GROUP BY p.category_id) g
                     LEFT JOIN categories c ON c.category_id = g.category_id`,
         "x.n DESC, x.name->>'en'",
       )} AS categories,
       ${jsonRows(
         `SELECT s.*, c.name AS category FROM (${stocked(s)} ORDER BY ${worth('p', 'price_cents', qty)} DESC, p.sku LIMIT 10) s
                     LEFT JOIN categories c ON c.category_id = s.category_id`,
         `${SORT_SQL.value.replaceAll('s.', 'x.')} DESC, x.sku`,
       )} AS products,
       ${jsonRows(
         `${stocked(s)} AND ${qty} <= p.reorder_level ORDER BY (${qty} - p.reorder_level), p.sku LIMIT 5`,
         'x.qty - x.reorder_level, x.sku',
       )} AS low`,
  );
  const categories = row?.categories ?? [];
  const total = (f: (c: Category) => number) => categories.reduce((t, c) => t + Number(f(c)), 0);
  return {
    ...s.meta,
    summary: {
      totalProducts: total((c) => c.n),
      totalQuantity: total((c) => c.units),
      totalWeightKg: gramsToKg(total((c) => c.grams)),
      totalInventoryValue: s.money(total((c) => c.value)),
      totalInventoryCost: s.money(total((c) => c.cost)),
      lowStockItems: total((c) => c.low),
      outOfStockItems: total((c) => c.out),
    },
    categoryInventory: categories.map((c) => ({
      categoryId: c.category_id,
      categoryName: c.name,
      productCount: Number(c.n),
      quantity: Number(c.units),
      weightKg: gramsToKg(Number(c.grams)),
      value: s.money(c.value),
    })),
    products: (row?.products ?? []).map((r) => productRow(s, r)),
    lowStockItems: (row?.low ?? []).map((r) => lowStockRow({ ...r, category: null })),
  };
}

const lowStockSql = (s: ReportScope) =>
  `SELECT s.*, NULL AS category FROM (${stocked(s)}) s WHERE s.qty <= s.reorder_level ORDER BY s.qty - s.reorder_level, s.sku`;

/** The `limit` most urgent low-stock products (the PDF's table). */
export async function lowStockRows(s: ReportScope, limit: number): Promise<LowStockRowDto[]> {
  return (await rows<StockedRow>(s.m, `${lowStockSql(s)} LIMIT ${Math.floor(limit)}`)).map(lowStockRow);
}

/** Every low-stock product, most urgent first, a batch at a time, in the scope's transaction (the exports). */
export async function* lowStockRowBatches(s: ReportScope): AsyncGenerator<LowStockRowDto[]> {
  for await (const batch of cursorBatches<StockedRow>(s.m, 'inventory_low_stock', lowStockSql(s), EXPORT_BATCH))
    yield batch.map(lowStockRow);
}
