import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventOf, ProductEventData } from '@dukan/contracts';
import type { EventHandler } from '@dukan/platform';
import { recordDayStart } from './daily-counts.js';
import { ShopClock } from './shop-clock.js';

/** Stock of some products in one branch, each unless a later change is already recorded for it. */
async function setStock(m: EntityManager, branchId: string, levels: readonly { productId: string; quantity: number }[], at: string): Promise<void> {
  await m.query(
    `INSERT INTO stock (product_id, branch_id, quantity, as_of)
     SELECT product_id, $2, quantity, $3 FROM unnest($1::text[], $4::int[]) AS t(product_id, quantity)
     ON CONFLICT (product_id, branch_id) DO UPDATE SET quantity = EXCLUDED.quantity, as_of = EXCLUDED.as_of
       WHERE stock.as_of <= EXCLUDED.as_of`,
    [levels.map((l) => l.productId), branchId, at, levels.map((l) => l.quantity)],
  );
}

/** Products replica: a lower version than the one held is ignored (events may be redelivered out of order). */
async function upsertProduct(m: EntityManager, d: ProductEventData, branchId: string, at: string): Promise<void> {
  await m.query(
    `INSERT INTO products (product_id, sku, name, category_id, price_cents, cost_cents, active, reorder_level, version, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (product_id) DO UPDATE SET sku = EXCLUDED.sku, name = EXCLUDED.name, category_id = EXCLUDED.category_id,
       price_cents = EXCLUDED.price_cents, cost_cents = EXCLUDED.cost_cents, active = EXCLUDED.active,
       reorder_level = EXCLUDED.reorder_level, version = EXCLUDED.version
     WHERE products.version < EXCLUDED.version`,
    [d.productId, d.sku, JSON.stringify(d.name), d.categoryId, d.priceCents, d.costCents, d.active, d.reorderLevel, d.version, at],
  );
  await setStock(m, branchId, [{ productId: d.productId, quantity: d.quantity }], at);
}

@Injectable()
export class ReportProductCreatedHandler implements EventHandler<'dukan.catalog.product.created.v1'> {
  readonly subject = 'dukan.catalog.product.created.v1' as const;
  constructor(private readonly clock: ShopClock) {}

  async handle(event: EventOf<'dukan.catalog.product.created.v1'>, m: EntityManager): Promise<void> {
    await recordDayStart(m, event.occurredAt, await this.clock.timeZone(m));
    await upsertProduct(m, event.data, event.branchId, event.occurredAt);
  }
}

@Injectable()
export class ReportProductUpdatedHandler implements EventHandler<'dukan.catalog.product.updated.v1'> {
  readonly subject = 'dukan.catalog.product.updated.v1' as const;
  constructor(private readonly clock: ShopClock) {}

  async handle(event: EventOf<'dukan.catalog.product.updated.v1'>, m: EntityManager): Promise<void> {
    await recordDayStart(m, event.occurredAt, await this.clock.timeZone(m));
    await upsertProduct(m, event.data, event.branchId, event.occurredAt);
  }
}

@Injectable()
export class ReportProductDeletedHandler implements EventHandler<'dukan.catalog.product.deleted.v1'> {
  readonly subject = 'dukan.catalog.product.deleted.v1' as const;
  constructor(private readonly clock: ShopClock) {}

  async handle(event: EventOf<'dukan.catalog.product.deleted.v1'>, m: EntityManager): Promise<void> {
    await recordDayStart(m, event.occurredAt, await this.clock.timeZone(m));
    const d = event.data;
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
  constructor(private readonly clock: ShopClock) {}

  async handle(event: EventOf<'dukan.catalog.stock.changed.v2'>, m: EntityManager): Promise<void> {
    await recordDayStart(m, event.occurredAt, await this.clock.timeZone(m));
    const d = event.data;
    await setStock(m, d.branchId, d.moves.map((mv) => ({ productId: mv.productId, quantity: mv.quantityAfter })), event.occurredAt);
  }
}
