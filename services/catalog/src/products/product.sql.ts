// SQL shared by the product queries: the JSON shapes of ProductDto and TillProductDto, built in PostgreSQL.
import type { ProductEventData, ProductPackEventData } from '@dukan/contracts';

const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** FROM clause for product answers: $1 is the caller's branch. */
export const PRODUCT_FROM = `
  products p
  LEFT JOIN stock_levels s ON s.product_id = p.id AND s.branch_id = $1
  LEFT JOIN branch_prices bp ON bp.product_id = p.id AND bp.branch_id = $1
  LEFT JOIN categories c ON c.id = p.category_id`;

/** A product's packs as ProductPackDto[], in their order; NULL when it has none. */
const PACKS_OR_NULL = `(
  SELECT json_agg(json_build_object('_id', k.id, 'barcode', k.barcode, 'units', k.units, 'price', k.price_cents::float8 / 100,
                                    'priceIqd', k.price_iqd, 'name', json_build_object('en', k.name_en, 'ku', k.name_ku))
                  ORDER BY k.position)
  FROM product_packs k WHERE k.product_id = p.id)`;

/** A product's packs as ProductPackDto[], in their order. */
export const PACKS_JSON = `coalesce(${PACKS_OR_NULL}, '[]'::json)`;

/** ProductDto without costHistory (see libs/contracts dto.ts). */
export const PRODUCT_JSON = `json_build_object(
  '_id', p.id,
  'sku', p.sku,
  'barcode', p.barcode,
  'name', json_build_object('en', p.name_en, 'ku', p.name_ku),
  'description', json_build_object('en', p.description_en, 'ku', p.description_ku),
  'category', CASE WHEN c.id IS NULL THEN NULL
                   ELSE json_build_object('_id', c.id, 'name', json_build_object('en', c.name_en, 'ku', c.name_ku)) END,
  'categoryId', p.category_id,
  'price', p.price_cents::float8 / 100,
  'priceCurrency', CASE WHEN p.price_iqd IS NULL THEN 'USD' ELSE 'IQD' END,
  'priceIqd', p.price_iqd,
  'cost', p.cost_cents::float8 / 100,
  'quantity', coalesce(s.quantity, 0),
  'reorderLevel', p.reorder_level,
  'stockStatus', CASE WHEN coalesce(s.quantity, 0) <= 0 THEN 'out'
                      WHEN coalesce(s.quantity, 0) <= p.reorder_level THEN 'low' ELSE 'in' END,
  'active', p.active,
  'discount', p.discount_percent::float8,
  'images', p.images,
  'imageUrl', p.image_url,
  'version', p.version,
  'createdAt', ${iso('p.created_at')},
  'updatedAt', ${iso('p.updated_at')},
  'soldBy', p.sold_by,
  'scaleCode', p.scale_code,
  'packs', ${PACKS_JSON})`;

/**
 * TillProductDto as JSON text: what the till loads for every product, at the price of the caller's branch. How a
 * product is sold, its scale code and its packs are left out when they are the usual (by the unit, none, none), as
 * the DTO allows: at 50,000 products that is a tenth of the list the till downloads, parses and keeps, and an
 * empty array less per product.
 */
export const TILL_JSON_TEXT = `left(json_build_object(
  '_id', p.id,
  'sku', p.sku,
  'barcode', p.barcode,
  'name', json_build_object('en', p.name_en, 'ku', p.name_ku),
  'price', coalesce(bp.price_cents, p.price_cents)::float8 / 100,
  'priceCurrency', CASE WHEN bp.price_cents IS NULL AND p.price_iqd IS NOT NULL THEN 'IQD' ELSE 'USD' END,
  'priceIqd', CASE WHEN bp.price_cents IS NULL THEN p.price_iqd END,
  'discount', p.discount_percent::float8,
  'quantity', coalesce(s.quantity, 0),
  'categoryId', p.category_id,
  'imageUrl', p.image_url)::text, -1) || concat(
  CASE WHEN p.sold_by <> 'unit' THEN ', "soldBy" : ' || to_json(p.sold_by)::text END,
  CASE WHEN p.scale_code IS NOT NULL THEN ', "scaleCode" : ' || to_json(p.scale_code)::text END,
  ', "packs" : ' || ${PACKS_OR_NULL}::text) || '}'`;

/** TillProductDto as JSON (a row's value is the object). */
export const TILL_JSON = `(${TILL_JSON_TEXT})::json`;

export const COST_HISTORY_JSON = `coalesce((
  SELECT json_agg(json_build_object('date', ${iso('b.received_at')}, 'quantity', b.quantity, 'cost', b.unit_cost_cents::float8 / 100)
                  ORDER BY b.received_at DESC, b.id)
  FROM cost_batches b WHERE b.product_id = p.id), '[]'::json)`;

export const STOCK_MOVEMENT_JSON = `json_build_object(
  '_id', m.id,
  'productId', m.product_id,
  'branchId', m.branch_id,
  'delta', m.delta,
  'quantityAfter', m.quantity_after,
  'reason', m.reason,
  'refType', m.ref_type,
  'refId', m.ref_id,
  'unitCost', m.unit_cost_cents::float8 / 100,
  'note', m.note,
  'adjustmentReason', m.adjustment_reason,
  'actorId', m.actor_id,
  'createdAt', ${iso('m.created_at')})`;

/** A products row as stored. */
export interface ProductRow {
  id: string;
  sku: string;
  barcode: string | null;
  name_en: string;
  name_ku: string;
  description_en: string;
  description_ku: string;
  category_id: string | null;
  price_cents: number;
  /** Whole dinars when the product is priced in dinars; null: priced in dollars (price_cents). */
  price_iqd: string | number | null;
  cost_cents: number;
  discount_percent: string; // numeric arrives as text
  reorder_level: number;
  active: boolean;
  images: string[];
  image_url: string | null;
  version: number;
  deleted_at: Date | null;
  sold_by: 'unit' | 'weight';
  scale_code: string | null;
}

/** The product's event; `packs` when the change set them (else the replicas keep theirs). */
export function productEvent(row: ProductRow, quantity: number, packs?: ProductPackEventData[]): ProductEventData {
  return {
    productId: row.id,
    sku: row.sku,
    barcode: row.barcode,
    name: { en: row.name_en, ku: row.name_ku },
    categoryId: row.category_id,
    priceCents: row.price_cents,
    priceCurrency: row.price_iqd === null ? 'USD' : 'IQD',
    priceMinor: row.price_iqd === null ? row.price_cents : Number(row.price_iqd),
    costCents: row.cost_cents,
    discountPercent: Number(row.discount_percent),
    active: row.active,
    reorderLevel: row.reorder_level,
    quantity,
    version: row.version,
    soldBy: row.sold_by ?? 'unit',
    scaleCode: row.scale_code ?? null,
    ...(packs ? { packs } : {}),
  };
}
