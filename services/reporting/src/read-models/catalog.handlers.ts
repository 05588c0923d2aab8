import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CategoryEventData, EventOf } from '@dukan/contracts';
import type { EventHandler } from '@dukan/platform';
import { recordStates } from './daily-counts.js';

interface StockLevel {
  productId: string;
  branchId: string;
  quantity: number;
  /** When the change that left this quantity happened. */
  at: string;
}

const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Stock levels, each unless a later change is already recorded for it; of several for one product, the latest.
 * Locks are taken in one order by every handler that writes these rows: the products (sorted by id), then their
 * stock rows (sorted), then the products' totals. The product handlers lock products first (their upsert), the
 * stock handler used to lock stock first and products last: two batches of a busy day met in opposite order and
 * PostgreSQL ended one with "deadlock detected".
 */
async function setStock(m: EntityManager, levels: readonly StockLevel[]): Promise<void> {
  const latest = new Map<string, StockLevel>();
  for (const l of levels) {
    const key = `${l.productId}|${l.branchId}`;
    const held = latest.get(key);
    if (!held || Date.parse(held.at) <= Date.parse(l.at)) latest.set(key, l);
  }
  const rows = [...latest.values()].sort((a, b) => byKey(a.productId, b.productId) || byKey(a.branchId, b.branchId));
  const productIds = [...new Set(rows.map((l) => l.productId))];
  await m.query(`SELECT 1 FROM products WHERE product_id = ANY($1::text[]) ORDER BY product_id FOR UPDATE`, [productIds]);
  await recordStates(
    m,
    levels.map((l) => ({ kind: 's', id: l.productId, branchId: l.branchId, at: l.at, quantity: l.quantity })),
  );
  await m.query(
    `INSERT INTO stock (product_id, branch_id, quantity, as_of)
     SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::timestamptz[])
     ON CONFLICT (product_id, branch_id) DO UPDATE SET quantity = EXCLUDED.quantity, as_of = EXCLUDED.as_of
       WHERE stock.as_of <= EXCLUDED.as_of`,
    [rows.map((l) => l.productId), rows.map((l) => l.branchId), rows.map((l) => l.quantity), rows.map((l) => l.at)],
  );
  // The product's stock over every branch, for the inventory report.
  await m.query(
    `UPDATE products p SET stock_total = t.qty
       FROM (SELECT product_id, sum(quantity)::int AS qty FROM stock WHERE product_id = ANY($1::text[]) GROUP BY product_id) t
      WHERE p.product_id = t.product_id AND p.stock_total <> t.qty`,
    [productIds],
  );
}

/**
 * Products replica: a lower version than the one held is ignored (events may be redelivered out of order).
 * A batch (a bulk load brings thousands) in two statements; of several events for one product, the newest.
 */
async function upsertProducts(
  m: EntityManager,
  events: readonly EventOf<'dukan.catalog.product.created.v1' | 'dukan.catalog.product.updated.v1'>[],
): Promise<void> {
  const latest = new Map<string, (typeof events)[number]>();
  for (const e of events) {
    const held = latest.get(e.data.productId);
    if (!held || held.data.version < e.data.version) latest.set(e.data.productId, e);
  }
  // In the order setStock locks products: by id.
  const rows = [...latest.values()].sort((a, b) => byKey(a.data.productId, b.data.productId));
  const col = <T>(f: (e: (typeof rows)[number]) => T) => rows.map(f);
  await m.query(
    `INSERT INTO products (product_id, sku, name, category_id, price_cents, cost_cents, active, reorder_level, version, created_at, sold_by)
     SELECT * FROM unnest($1::text[], $2::text[], $3::jsonb[], $4::text[], $5::bigint[], $6::bigint[], $7::boolean[], $8::int[], $9::int[], $10::timestamptz[],
       $11::text[])
     ON CONFLICT (product_id) DO UPDATE SET sku = EXCLUDED.sku, name = EXCLUDED.name, category_id = EXCLUDED.category_id,
       price_cents = EXCLUDED.price_cents, cost_cents = EXCLUDED.cost_cents, active = EXCLUDED.active,
       reorder_level = EXCLUDED.reorder_level, version = EXCLUDED.version, sold_by = EXCLUDED.sold_by
     WHERE products.version < EXCLUDED.version`,
    [
      col((e) => e.data.productId),
      col((e) => e.data.sku),
      col((e) => JSON.stringify(e.data.name)),
      col((e) => e.data.categoryId),
      col((e) => e.data.priceCents),
      col((e) => e.data.costCents),
      col((e) => e.data.active),
      col((e) => e.data.reorderLevel),
      col((e) => e.data.version),
      col((e) => e.occurredAt),
      // Absent on events from before weighed goods: by the unit.
      col((e) => e.data.soldBy ?? 'unit'),
    ],
  );
  await recordStates(
    m,
    events.map((e) => ({
      kind: 'p',
      id: e.data.productId,
      at: e.occurredAt,
      version: e.data.version,
      live: true,
      reorderLevel: e.data.reorderLevel,
    })),
  );
  await setStock(
    m,
    events.map((e) => ({ productId: e.data.productId, branchId: e.branchId, quantity: e.data.quantity, at: e.occurredAt })),
  );
}

@Injectable()
export class ReportProductCreatedHandler implements EventHandler<'dukan.catalog.product.created.v1'> {
  readonly subject = 'dukan.catalog.product.created.v1' as const;

  handleAll(events: readonly EventOf<'dukan.catalog.product.created.v1'>[], m: EntityManager): Promise<void> {
    return upsertProducts(m, events);
  }
}

@Injectable()
export class ReportProductUpdatedHandler implements EventHandler<'dukan.catalog.product.updated.v1'> {
  readonly subject = 'dukan.catalog.product.updated.v1' as const;

  handleAll(events: readonly EventOf<'dukan.catalog.product.updated.v1'>[], m: EntityManager): Promise<void> {
    return upsertProducts(m, events);
  }
}

@Injectable()
export class ReportProductDeletedHandler implements EventHandler<'dukan.catalog.product.deleted.v1'> {
  readonly subject = 'dukan.catalog.product.deleted.v1' as const;

  async handle(event: EventOf<'dukan.catalog.product.deleted.v1'>, m: EntityManager): Promise<void> {
    const d = event.data;
    await recordStates(m, [{ kind: 'p', id: d.productId, at: event.occurredAt, version: d.version, live: false, reorderLevel: 0 }]);
    // A delete that overtakes the create still leaves a deleted row, so the late create cannot bring it back.
    await m.query(
      `INSERT INTO products (product_id, sku, name, category_id, price_cents, cost_cents, active, reorder_level, version, created_at, deleted_at)
       VALUES ($1, $2, '{"en":"","ku":""}', NULL, 0, 0, false, 0, $3, $4, $4)
       ON CONFLICT (product_id) DO UPDATE SET deleted_at = EXCLUDED.deleted_at, version = GREATEST(products.version, EXCLUDED.version)`,
      [d.productId, d.sku, d.version, event.occurredAt],
    );
  }
}

@Injectable()
export class ReportStockChangedHandler implements EventHandler<'dukan.catalog.stock.changed.v2'> {
  readonly subject = 'dukan.catalog.stock.changed.v2' as const;

  /** A batch: every level it leaves, in a few statements. */
  handleAll(events: readonly EventOf<'dukan.catalog.stock.changed.v2'>[], m: EntityManager): Promise<void> {
    return setStock(
      m,
      events.flatMap((e) =>
        e.data.moves.map((mv) => ({ productId: mv.productId, branchId: e.data.branchId, quantity: mv.quantityAfter, at: e.occurredAt })),
      ),
    );
  }
}

/** Categories replica (names for the inventory report): a lower version than the one held is ignored. */
async function upsertCategory(m: EntityManager, d: CategoryEventData): Promise<void> {
  await m.query(
    `INSERT INTO categories (category_id, name, parent_id, version) VALUES ($1, $2, $3, $4)
     ON CONFLICT (category_id) DO UPDATE SET name = EXCLUDED.name, parent_id = EXCLUDED.parent_id, version = EXCLUDED.version
     WHERE categories.version < EXCLUDED.version`,
    [d.categoryId, JSON.stringify(d.name), d.parentId, d.version],
  );
}

@Injectable()
export class ReportCategoryCreatedHandler implements EventHandler<'dukan.catalog.category.created.v1'> {
  readonly subject = 'dukan.catalog.category.created.v1' as const;
  async handle(event: EventOf<'dukan.catalog.category.created.v1'>, m: EntityManager): Promise<void> {
    await upsertCategory(m, event.data);
  }
}

@Injectable()
export class ReportCategoryUpdatedHandler implements EventHandler<'dukan.catalog.category.updated.v1'> {
  readonly subject = 'dukan.catalog.category.updated.v1' as const;
  async handle(event: EventOf<'dukan.catalog.category.updated.v1'>, m: EntityManager): Promise<void> {
    await upsertCategory(m, event.data);
  }
}

@Injectable()
export class ReportCategoryDeletedHandler implements EventHandler<'dukan.catalog.category.deleted.v1'> {
  readonly subject = 'dukan.catalog.category.deleted.v1' as const;
  async handle(event: EventOf<'dukan.catalog.category.deleted.v1'>, m: EntityManager): Promise<void> {
    await m.query(
      `INSERT INTO categories (category_id, name, version, deleted_at) VALUES ($1, '{"en":"","ku":""}', 0, $2)
       ON CONFLICT (category_id) DO UPDATE SET deleted_at = EXCLUDED.deleted_at`,
      [event.data.categoryId, event.occurredAt],
    );
  }
}
