import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { toCents, type EventLane } from '@dukan/contracts';
import { auditAll, DomainError, Outbox, rows, type RequestContext } from '@dukan/platform';
import { StockLedger } from '../stock/stock-ledger.js';
import type { CreateProductDto } from './product.dto.js';
import { duplicateBarcode, skuBarcodeMismatch } from './product-errors.js';
import { averageCostCents } from './product.policy.js';
import { productEvent, type ProductRow } from './product.sql.js';

/** A batch received into a live product, at its cost. */
export interface Receipt {
  row: ProductRow;
  quantity: number;
  costCents: number;
  note: string | null;
  /** What brought it in: the product form (the default) or a goods receipt. */
  ref?: { type: 'product' | 'receipt'; id: string };
}

/**
 * Products coming in, for any number at once (the form one, an import a batch): new products created, a known
 * SKU received as a new cost batch, with the ledger moves, cost batches, audit entries and events; inside the
 * caller's transaction (begun with beginCatalogWrite). An import passes `lane: 'bulk'`, so its events wait behind
 * no sale and hold none back.
 */
@Injectable()
export class ProductReceiving {
  constructor(
    private readonly outbox: Outbox,
    private readonly ledger: StockLedger,
  ) {}

  /**
   * The product form's create-or-merge, inside the caller's transaction (begun with beginCatalogWrite), for
   * any number of products: the form saves one, an import a batch of rows, by the same rules and with the same
   * events. Products are created a statement at a time for all of them; a SKU that exists (or came earlier in
   * the list) is received into that product as a new cost batch. Answers in the order given.
   */
  async createOrMerge(
    m: EntityManager,
    ctx: RequestContext,
    dtos: readonly CreateProductDto[],
    options: { lane?: EventLane } = {},
  ): Promise<{ productId: string; merged: boolean }[]> {
    const results: { productId: string; merged: boolean }[] = new Array(dtos.length);
    let pending = dtos.map((dto, i) => ({ dto, i }));
    while (pending.length > 0) {
      // A SKU repeated in the list waits for the next round, where it merges into the product just created.
      const skus = new Set<string>();
      const round: typeof pending = [];
      const later: typeof pending = [];
      for (const p of pending) {
        const sku = p.dto.sku.toLowerCase();
        if (skus.has(sku)) later.push(p);
        else {
          skus.add(sku);
          round.push(p);
        }
      }
      await this.createOrMergeRound(m, ctx, round, results, options);
      pending = later;
    }
    return results;
  }

  private async createOrMergeRound(
    m: EntityManager,
    ctx: RequestContext,
    round: readonly { dto: CreateProductDto; i: number }[],
    results: { productId: string; merged: boolean }[],
    options: { lane?: EventLane },
  ): Promise<void> {
    const existing = new Map(
      (
        await rows<ProductRow>(
          m,
          `SELECT * FROM products WHERE lower(sku) = ANY($1::text[]) AND deleted_at IS NULL ORDER BY id FOR UPDATE`,
          [round.map((r) => r.dto.sku.toLowerCase())],
        )
      ).map((row) => [row.sku.toLowerCase(), row]),
    );
    const fresh: { dto: CreateProductDto; i: number }[] = [];
    const merges: Receipt[] = [];
    for (const r of round) {
      const same = existing.get(r.dto.sku.toLowerCase());
      if (!same) {
        fresh.push(r);
        continue;
      }
      if (same.barcode && r.dto.barcode && same.barcode !== r.dto.barcode) throw skuBarcodeMismatch(same.barcode);
      merges.push({ row: same, quantity: r.dto.quantity ?? 1, costCents: toCents(r.dto.cost), note: null });
      results[r.i] = { productId: same.id, merged: true };
    }
    await this.receiveMany(m, ctx, merges, options);
    if (fresh.length === 0) return;
    const [taken] = await rows<{ barcode: string }>(
      m,
      `SELECT barcode FROM products WHERE barcode = ANY($1::text[]) AND deleted_at IS NULL
       UNION ALL SELECT barcode FROM product_packs WHERE barcode = ANY($1::text[]) LIMIT 1`,
      [fresh.map((r) => r.dto.barcode)],
    );
    if (taken) throw duplicateBarcode();
    const categories = [...new Set(fresh.map((r) => r.dto.category))];
    const [{ found }] = await rows<{ found: number }>(
      m,
      `SELECT count(*)::int AS found FROM categories WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`,
      [categories],
    );
    if (found !== categories.length) throw DomainError.validation({ category: 'validation.requiredCategory' });
    const col = <T>(f: (dto: CreateProductDto) => T) => fresh.map((r) => f(r.dto));
    const inserted = await rows<ProductRow>(
      m,
      `INSERT INTO products (sku, barcode, name_en, name_ku, description_en, description_ku, category_id, price_cents, cost_cents,
                             discount_percent, reorder_level, active, images, image_url, price_iqd)
       SELECT sku, barcode, name_en, name_ku, description_en, description_ku, category_id, price_cents, cost_cents,
              discount_percent, reorder_level, active, images, image_url, price_iqd
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::uuid[], $8::int[], $9::int[],
                     $10::numeric[], $11::int[], $12::boolean[], $13::jsonb[], $14::text[], $15::bigint[]) WITH ORDINALITY
           AS t(sku, barcode, name_en, name_ku, description_en, description_ku, category_id, price_cents, cost_cents,
                discount_percent, reorder_level, active, images, image_url, price_iqd, n)
        ORDER BY n
       RETURNING *`,
      [
        col((d) => d.sku),
        col((d) => d.barcode),
        col((d) => d.name.en),
        col((d) => d.name.ku ?? ''),
        col((d) => d.description?.en ?? ''),
        col((d) => d.description?.ku ?? ''),
        col((d) => d.category),
        col((d) => toCents(d.price)),
        col((d) => toCents(d.cost)),
        col((d) => d.discount ?? 0),
        col((d) => d.reorderLevel ?? 10),
        col((d) => d.active ?? true),
        col((d) => JSON.stringify(d.images ?? [])),
        col((d) => d.imageUrl || null),
        col((d) => (d.priceCurrency === 'IQD' ? (d.priceIqd ?? null) : null)),
      ],
    );
    const bySku = new Map(inserted.map((row) => [row.sku.toLowerCase(), row]));
    const made = fresh.map((r) => ({
      ...r,
      row: bySku.get(r.dto.sku.toLowerCase())!,
      quantity: r.dto.quantity ?? 1,
      costCents: toCents(r.dto.cost),
    }));
    await this.outbox.addAll(
      m,
      made.map(({ row, quantity }) => ({ ctx, type: 'dukan.catalog.product.created.v1' as const, data: productEvent(row, quantity) })),
      options,
    );
    const [moved] = await this.ledger.moveAll(
      m,
      [
        {
          ctx,
          moves: made.map(({ row, quantity, costCents }) => ({
            productId: row.id,
            branchId: ctx.branchId,
            delta: quantity,
            reason: 'received' as const,
            refType: 'product' as const,
            refId: row.id,
            unitCostCents: costCents,
          })),
        },
      ],
      options,
    );
    await this.addBatches(
      m,
      ctx,
      made.map((x, n) => ({ productId: x.row.id, quantity: x.quantity, costCents: x.costCents, movementId: moved![n]!.movementId })),
    );
    for (const x of made) results[x.i] = { productId: x.row.id, merged: false };
  }

  /**
   * Received batches into live products (each product once), at their costs, averaged into each product's cost
   * over the units on hand in every branch: one ledger move, one cost batch and one product.updated per product,
   * a few statements for all of them.
   */
  async receiveMany(m: EntityManager, ctx: RequestContext, items: readonly Receipt[], options: { lane?: EventLane } = {}): Promise<void> {
    if (items.length === 0) return;
    const ids = items.map((x) => x.row.id);
    const onHand = new Map(
      (
        await rows<{ product_id: string; q: number }>(
          m,
          `SELECT product_id, sum(quantity)::int AS q FROM stock_levels WHERE product_id = ANY($1::uuid[]) GROUP BY product_id`,
          [ids],
        )
      ).map((r) => [r.product_id, r.q]),
    );
    const averages = items.map((x) => averageCostCents(onHand.get(x.row.id) ?? 0, x.row.cost_cents, x.quantity, x.costCents));
    const [moved] = await this.ledger.moveAll(
      m,
      [
        {
          ctx,
          moves: items.map((x) => ({
            productId: x.row.id,
            branchId: ctx.branchId,
            delta: x.quantity,
            reason: 'received' as const,
            refType: x.ref?.type ?? ('product' as const),
            refId: x.ref?.id ?? x.row.id,
            unitCostCents: x.costCents,
            note: x.note,
          })),
        },
      ],
      options,
    );
    await this.addBatches(
      m,
      ctx,
      items.map((x, i) => ({ productId: x.row.id, quantity: x.quantity, costCents: x.costCents, movementId: moved![i]!.movementId })),
    );
    const updated = new Map(
      (
        await rows<ProductRow>(
          m,
          `UPDATE products p SET cost_cents = v.cost, version = p.version + 1, updated_at = now()
             FROM unnest($1::uuid[], $2::int[]) AS v(id, cost) WHERE p.id = v.id RETURNING p.*`,
          [ids, averages],
        )
      ).map((row) => [row.id, row]),
    );
    await auditAll(
      m,
      items.flatMap((x, i) =>
        averages[i] === x.row.cost_cents
          ? []
          : [
              {
                ctx,
                action: 'product.cost-changed',
                target: { type: 'product', id: x.row.id },
                details: { before: x.row.cost_cents, after: averages[i], batch: { quantity: x.quantity, costCents: x.costCents } },
              },
            ],
      ),
    );
    await this.outbox.addAll(
      m,
      items.map((x, i) => ({
        ctx,
        type: 'dukan.catalog.product.updated.v1' as const,
        data: productEvent(updated.get(x.row.id)!, moved![i]!.quantityAfter),
      })),
      options,
    );
  }

  /** Cost batches of received units, in the branch of `ctx`. */
  async addBatches(
    m: EntityManager,
    ctx: RequestContext,
    batches: readonly { productId: string; quantity: number; costCents: number; movementId: string }[],
  ): Promise<void> {
    await m.query(
      `INSERT INTO cost_batches (product_id, branch_id, quantity, unit_cost_cents, movement_id, actor_id)
       SELECT product_id, $2, quantity, unit_cost_cents, movement_id, $3
         FROM unnest($1::uuid[], $4::int[], $5::int[], $6::uuid[]) AS t(product_id, quantity, unit_cost_cents, movement_id)`,
      [
        batches.map((b) => b.productId),
        ctx.branchId,
        ctx.actorId,
        batches.map((b) => b.quantity),
        batches.map((b) => b.costCents),
        batches.map((b) => b.movementId),
      ],
    );
  }
}
