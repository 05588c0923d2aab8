// Sales' own copies of what it needs from other services, fed only by their events.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isTaxMode, type EventOf, type ProductEventData, type UserEventData, type CustomerEventData, type TaxMode } from '@dukan/contracts';
import { batchHandler, replicaHandler, tombstoneHandler, type EventHandler, type ReplicaTable } from '@dukan/platform';

// --- product prices (catalog); an event older than the row's version changes nothing

/** A batch in one statement (a bulk load brings hundreds at once); of several events for one product, the newest. */
async function upsertProducts(m: EntityManager, all: readonly ProductEventData[]): Promise<void> {
  const latest = new Map<string, ProductEventData>();
  for (const p of all) if ((latest.get(p.productId)?.version ?? -Infinity) < p.version) latest.set(p.productId, p);
  const list = [...latest.values()];
  const col = <T>(f: (p: ProductEventData) => T) => list.map(f);
  await m.query(
    `INSERT INTO product_prices (product_id, sku, name, price_cents, cost_cents, discount_percent, active, deleted, version, updated_at,
                                 price_currency, price_minor, sold_by, scale_code)
     SELECT product_id, sku, name, price_cents, cost_cents, discount_percent, active, false, version, now(), price_currency, price_minor,
            sold_by, scale_code
       FROM unnest($1::uuid[], $2::text[], $3::jsonb[], $4::bigint[], $5::bigint[], $6::numeric[], $7::boolean[], $8::bigint[],
                   $9::text[], $10::bigint[], $11::text[], $12::text[])
         AS p(product_id, sku, name, price_cents, cost_cents, discount_percent, active, version, price_currency, price_minor, sold_by, scale_code)
     ON CONFLICT (product_id) DO UPDATE SET
       sku = EXCLUDED.sku, name = EXCLUDED.name, price_cents = EXCLUDED.price_cents, cost_cents = EXCLUDED.cost_cents,
       price_currency = EXCLUDED.price_currency, price_minor = EXCLUDED.price_minor,
       sold_by = EXCLUDED.sold_by, scale_code = EXCLUDED.scale_code,
       discount_percent = EXCLUDED.discount_percent, active = EXCLUDED.active, deleted = false,
       version = EXCLUDED.version, updated_at = now()
     WHERE product_prices.version < EXCLUDED.version`,
    [
      col((p) => p.productId),
      col((p) => p.sku),
      col((p) => JSON.stringify(p.name)),
      col((p) => p.priceCents),
      col((p) => p.costCents),
      col((p) => p.discountPercent),
      col((p) => p.active),
      col((p) => p.version),
      col((p) => p.priceCurrency ?? 'USD'),
      col((p) => (p.priceCurrency === 'IQD' ? (p.priceMinor ?? p.priceCents) : p.priceCents)),
      col((p) => p.soldBy ?? 'unit'),
      col((p) => p.scaleCode ?? null),
    ],
  );
  await replacePacks(m, list);
}

/**
 * The packs of the events that carry them, where that event's version is the one the replica now holds (an older
 * event changes nothing); an event without packs (a received batch) leaves them.
 */
async function replacePacks(m: EntityManager, list: readonly ProductEventData[]): Promise<void> {
  const withPacks = list.filter((p) => p.packs !== undefined);
  if (withPacks.length === 0) return;
  const held = (await m.query(`SELECT product_id, version FROM product_prices WHERE product_id = ANY($1::uuid[])`, [
    withPacks.map((p) => p.productId),
  ])) as { product_id: string; version: string }[];
  const current = new Map(held.map((r) => [r.product_id, Number(r.version)]));
  const apply = withPacks.filter((p) => current.get(p.productId) === p.version);
  if (apply.length === 0) return;
  await m.query(`DELETE FROM product_packs WHERE product_id = ANY($1::uuid[])`, [apply.map((p) => p.productId)]);
  const packs = apply.flatMap((p) => (p.packs ?? []).map((k) => ({ ...k, productId: p.productId })));
  if (packs.length === 0) return;
  const col = <T>(f: (k: (typeof packs)[number]) => T) => packs.map(f);
  await m.query(
    `INSERT INTO product_packs (pack_id, product_id, barcode, units, price_cents, price_currency, price_minor)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::int[], $5::bigint[], $6::text[], $7::bigint[])
     ON CONFLICT (pack_id) DO UPDATE SET product_id = EXCLUDED.product_id, barcode = EXCLUDED.barcode, units = EXCLUDED.units,
       price_cents = EXCLUDED.price_cents, price_currency = EXCLUDED.price_currency, price_minor = EXCLUDED.price_minor`,
    [
      col((k) => k.packId),
      col((k) => k.productId),
      col((k) => k.barcode),
      col((k) => k.units),
      col((k) => k.priceCents),
      col((k) => k.priceCurrency),
      col((k) => k.priceMinor),
    ],
  );
}

const products = (events: readonly { data: ProductEventData }[], m: EntityManager) =>
  upsertProducts(
    m,
    events.map((e) => e.data),
  );
export const ProductCreatedHandler = batchHandler('dukan.catalog.product.created.v1', products);
export const ProductUpdatedHandler = batchHandler('dukan.catalog.product.updated.v1', products);

@Injectable()
export class ProductDeletedHandler implements EventHandler<'dukan.catalog.product.deleted.v1'> {
  readonly subject = 'dukan.catalog.product.deleted.v1' as const;
  async handle(event: EventOf<'dukan.catalog.product.deleted.v1'>, m: EntityManager): Promise<void> {
    const d = event.data;
    // A tombstone, so a late 'updated' with an older version cannot bring the product back.
    await m.query(
      `INSERT INTO product_prices (product_id, sku, name, price_cents, active, deleted, version)
       VALUES ($1, $2, '{"en":"","ku":""}', 0, false, true, $3)
       ON CONFLICT (product_id) DO UPDATE SET deleted = true, active = false, version = EXCLUDED.version, updated_at = now()
       WHERE product_prices.version < EXCLUDED.version`,
      [d.productId, d.sku, d.version],
    );
  }
}

// --- customers (loyalty): names shown on a sale's detail

/** `deleted` is the tombstone's mark, written with the row only: a later change never clears it. */
const CUSTOMERS: ReplicaTable = { table: 'customers', key: 'customer_id', stamp: 'version', replaces: 'newer', insertOnly: ['deleted'] };

const customer = ({ data: c }: { data: CustomerEventData }) => ({
  customer_id: c.customerId,
  first_name: c.firstName,
  last_name: c.lastName,
  phone: c.phone,
  deleted: false,
  version: c.version,
});

export const CustomerCreatedHandler = replicaHandler('dukan.loyalty.customer.created.v1', CUSTOMERS, customer);
export const CustomerUpdatedHandler = replicaHandler('dukan.loyalty.customer.updated.v1', CUSTOMERS, customer);

/**
 * Past sales keep showing the name; the flag only stops new sales for this customer. A tombstone if the delete
 * overtakes the create, so the late create cannot bring the customer back.
 */
export const CustomerDeletedHandler = tombstoneHandler(
  'dukan.loyalty.customer.deleted.v1',
  CUSTOMERS,
  (e) => ({ customer_id: e.data.customerId, first_name: '', last_name: '', deleted: true, version: -1 }),
  ['deleted'],
);

// --- cashiers (identity): names shown on a sale's detail; an older event than the one held changes nothing

const CASHIERS: ReplicaTable = { table: 'cashiers', key: 'user_id', stamp: 'as_of', replaces: 'same-or-newer' };

const cashier = ({ data: u, occurredAt }: { data: UserEventData; occurredAt: string }) => ({
  user_id: u.userId,
  username: u.username,
  first_name: u.firstName,
  last_name: u.lastName,
  as_of: occurredAt,
});

export const UserCreatedHandler = replicaHandler('dukan.identity.user.created.v1', CASHIERS, cashier);
export const UserUpdatedHandler = replicaHandler('dukan.identity.user.updated.v1', CASHIERS, cashier);

// --- settings: the tax rate, the shop's time zone, its dinar cash-rounding step and its shift rules

@Injectable()
export class SettingsChangedHandler implements EventHandler<'dukan.settings.settings.changed.v1'> {
  readonly subject = 'dukan.settings.settings.changed.v1' as const;
  async handle(event: EventOf<'dukan.settings.settings.changed.v1'>, m: EntityManager): Promise<void> {
    const d = event.data;
    // Events may arrive out of order after a redelivery: the newest change wins.
    // Shift rules (and a rounding step) left out by settings from before them keep what the replica holds.
    await m.query(
      `UPDATE shop_settings SET tax_rate_bp = $1, time_zone = $2, iqd_cash_rounding = coalesce($4, iqd_cash_rounding), changed_at = $3,
              sell_without_shift = coalesce($5, sell_without_shift),
              shift_limit_usd_cents = coalesce($6, shift_limit_usd_cents), shift_limit_iqd = coalesce($7, shift_limit_iqd)
        WHERE id = 1 AND (changed_at IS NULL OR changed_at <= $3)`,
      [
        d.taxRateBasisPoints ?? 0,
        d.timeZone || 'Asia/Baghdad',
        event.occurredAt,
        Number.isFinite(d.iqdCashRounding) ? Math.max(1, Math.round(d.iqdCashRounding)) : null,
        d.sellWithoutShift ?? null,
        d.shiftDifferenceLimit?.USD ?? null,
        d.shiftDifferenceLimit?.IQD ?? null,
      ],
    );
    await applyTaxMode(m, d.taxMode, event.occurredAt);
    // The scale-label rule, where this event's change is the one held (settings from before it: labels off).
    await m.query(`UPDATE shop_settings SET scale_label = $1 WHERE id = 1 AND changed_at = $2`, [
      d.scaleLabel ? JSON.stringify(d.scaleLabel) : null,
      event.occurredAt,
    ]);
  }
}

/** The tax mode, where this event's change is the one the replica now holds (settings from before it: included). */
async function applyTaxMode(m: EntityManager, mode: TaxMode | undefined, occurredAt: string): Promise<void> {
  await m.query(`UPDATE shop_settings SET tax_mode = $1 WHERE id = 1 AND changed_at = $2`, [
    isTaxMode(mode) ? mode : 'included',
    occurredAt,
  ]);
}

export const REPLICA_HANDLERS = [
  ProductCreatedHandler,
  ProductUpdatedHandler,
  ProductDeletedHandler,
  CustomerCreatedHandler,
  CustomerUpdatedHandler,
  CustomerDeletedHandler,
  UserCreatedHandler,
  UserUpdatedHandler,
  SettingsChangedHandler,
];
