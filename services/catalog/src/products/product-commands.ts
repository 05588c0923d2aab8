import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { toCents, translate, type ProductDto } from '@dukan/contracts';
import { audit, DomainError, Outbox, rows, UUID, type RequestContext } from '@dukan/platform';
import { beginCatalogWrite, uniqueViolation } from '../sql.js';
import { StockLedger } from '../stock/stock-ledger.js';
import type { CreateProductDto, ReceiveStockDto, UpdateProductDto } from './product.dto.js';
import { duplicateBarcode } from './product-errors.js';
import { ProductReceiving } from './product-receiving.js';
import { ProductPacks } from './product-packs.js';
import { ProductQueries } from './product-queries.js';
import { productEvent, type ProductRow } from './product.sql.js';

/** Changing products one at a time: the form's create (or merge), edit, delete, and receiving stock. */
@Injectable()
export class ProductCommands {
  constructor(
    private readonly ds: DataSource,
    private readonly outbox: Outbox,
    private readonly ledger: StockLedger,
    private readonly intake: ProductReceiving,
    private readonly queries: ProductQueries,
    private readonly packs: ProductPacks,
  ) {}

  /**
   * Creates a product, or, when a live product has the same SKU, receives the quantity into it as a new
   * cost batch (merged: true). A different barcode for that SKU is refused rather than silently dropped.
   */
  async create(ctx: RequestContext, dto: CreateProductDto): Promise<{ product: ProductDto; merged: boolean }> {
    const attempt = () =>
      this.ds.transaction(async (m) => {
        await beginCatalogWrite(m);
        const [{ productId, merged }] = await this.intake.createOrMerge(m, ctx, [dto]);
        if (!merged && (dto.soldBy !== undefined || dto.scaleCode !== undefined || dto.packs !== undefined)) {
          // Packs and how it is sold, written with the new product; the replicas learn them from one more event.
          const packs = await this.packs.apply(m, productId, dto, dto.priceCurrency === 'IQD');
          const [row] = await rows<ProductRow>(m, `UPDATE products SET version = version + 1 WHERE id = $1 RETURNING *`, [productId]);
          const quantity = await this.ledger.quantity(m, productId, ctx.branchId);
          await this.outbox.add(m, ctx, 'dukan.catalog.product.updated.v1', productEvent(row!, quantity, packs ?? []));
        }
        return { product: await this.queries.get(ctx, productId, m), merged };
      });
    return this.mapUniqueViolations(async () => {
      try {
        return await attempt();
      } catch (e) {
        // Two forms saved the same new SKU at once: the loser merges into the winner's product.
        if (uniqueViolation(e) === 'products_sku_live') return attempt();
        throw e;
      }
    });
  }

  async update(ctx: RequestContext, id: string, dto: UpdateProductDto): Promise<ProductDto> {
    return this.mapUniqueViolations(() =>
      this.ds.transaction(async (m) => {
        await beginCatalogWrite(m);
        const before = await this.lockLive(m, ctx, id);
        if (dto.sku !== undefined && dto.sku.toLowerCase() !== before.sku.toLowerCase()) {
          const [clash] = await rows(m, `SELECT 1 FROM products WHERE lower(sku) = lower($1) AND deleted_at IS NULL AND id <> $2`, [
            dto.sku,
            id,
          ]);
          if (clash) throw new DomainError('DUPLICATE_SKU', 'products.duplicateSku', {}, { sku: { key: 'products.duplicateSku' } });
        }
        if (dto.barcode !== undefined && dto.barcode !== before.barcode) await this.assertBarcodeFree(m, dto.barcode, id);
        if (dto.category !== undefined && dto.category !== before.category_id) await this.assertCategory(m, dto.category);
        const next = {
          sku: dto.sku ?? before.sku,
          barcode: dto.barcode ?? before.barcode,
          name_en: dto.name?.en ?? before.name_en,
          name_ku: dto.name?.ku ?? before.name_ku,
          description_en: dto.description?.en ?? before.description_en,
          description_ku: dto.description?.ku ?? before.description_ku,
          category_id: dto.category ?? before.category_id,
          price_cents: dto.price !== undefined ? toCents(dto.price) : before.price_cents,
          // A price in dinars when asked for; a client that changes only `price` (dollars) prices in dollars.
          price_iqd:
            dto.priceCurrency === 'IQD'
              ? (dto.priceIqd ?? before.price_iqd)
              : dto.priceCurrency === 'USD' || dto.price !== undefined
                ? null
                : before.price_iqd,
          cost_cents: dto.cost !== undefined ? toCents(dto.cost) : before.cost_cents,
          discount_percent: dto.discount !== undefined ? dto.discount : Number(before.discount_percent),
          reorder_level: dto.reorderLevel ?? before.reorder_level,
          active: dto.active ?? before.active,
          images: dto.images ?? before.images,
          image_url: dto.imageUrl !== undefined ? dto.imageUrl || null : before.image_url,
        };
        const packs = await this.packs.apply(m, id, dto, next.price_iqd !== null);
        const [row] = await rows<ProductRow>(
          m,
          `UPDATE products SET sku = $2, barcode = $3, name_en = $4, name_ku = $5, description_en = $6, description_ku = $7, category_id = $8,
                  price_cents = $9, cost_cents = $10, discount_percent = $11, reorder_level = $12, active = $13, images = $14, image_url = $15,
                  price_iqd = $16, version = version + 1, updated_at = now()
           WHERE id = $1 RETURNING *`,
          [
            id,
            next.sku,
            next.barcode,
            next.name_en,
            next.name_ku,
            next.description_en,
            next.description_ku,
            next.category_id,
            next.price_cents,
            next.cost_cents,
            next.discount_percent,
            next.reorder_level,
            next.active,
            JSON.stringify(next.images),
            next.image_url,
            next.price_iqd,
          ],
        );
        if (
          next.price_cents !== before.price_cents ||
          String(next.price_iqd) !== String(before.price_iqd) ||
          next.discount_percent !== Number(before.discount_percent)
        ) {
          await audit(
            m,
            ctx,
            'product.price-changed',
            { type: 'product', id },
            {
              before: { priceCents: before.price_cents, priceIqd: before.price_iqd, discountPercent: Number(before.discount_percent) },
              after: { priceCents: next.price_cents, priceIqd: next.price_iqd, discountPercent: next.discount_percent },
            },
          );
        }
        if (next.cost_cents !== before.cost_cents) {
          await audit(m, ctx, 'product.cost-changed', { type: 'product', id }, { before: before.cost_cents, after: next.cost_cents });
        }
        let quantity = await this.ledger.quantity(m, id, ctx.branchId);
        if (dto.quantity !== undefined && dto.quantity !== quantity) {
          const before = quantity;
          const reason = dto.stockReason ?? 'correction';
          ({ quantityAfter: quantity } = await this.ledger.move(m, ctx, {
            productId: id,
            branchId: ctx.branchId,
            delta: dto.quantity - quantity,
            reason: 'adjusted',
            refType: 'adjustment',
            refId: null,
            adjustmentReason: reason,
          }));
          await audit(m, ctx, 'stock.adjusted', { type: 'product', id }, { branchId: ctx.branchId, before, after: quantity, reason });
        }
        await this.outbox.add(m, ctx, 'dukan.catalog.product.updated.v1', productEvent(row!, quantity, packs));
        return this.queries.get(ctx, id, m);
      }),
    );
  }

  /** Soft delete: the row stays for history (old sales, the ledger); it leaves every list and frees its sku and barcode. */
  async remove(ctx: RequestContext, id: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      await beginCatalogWrite(m);
      await this.lockLive(m, ctx, id);
      // Its packs go with it, freeing their barcodes (sales keep each sold line's pack as it was).
      await m.query(`DELETE FROM product_packs WHERE product_id = $1`, [id]);
      const [row] = await rows<ProductRow>(
        m,
        `UPDATE products SET deleted_at = now(), active = false, version = version + 1, updated_at = now() WHERE id = $1 RETURNING *`,
        [id],
      );
      await audit(m, ctx, 'product.deleted', { type: 'product', id }, { sku: row!.sku, name: row!.name_en });
      await this.outbox.add(m, ctx, 'dukan.catalog.product.deleted.v1', { productId: id, sku: row!.sku, version: row!.version });
    });
  }

  /** PATCH …/quantity: a received batch at its cost (or the current average), averaged into the cost. */
  async receive(ctx: RequestContext, id: string, dto: ReceiveStockDto): Promise<ProductDto> {
    return this.ds.transaction(async (m) => {
      await beginCatalogWrite(m);
      const row = await this.lockLive(m, ctx, id);
      const costCents = dto.cost !== undefined ? toCents(dto.cost) : row.cost_cents;
      await this.intake.receiveMany(m, ctx, [{ row, quantity: dto.quantity, costCents, note: dto.note ?? null }]);
      return this.queries.get(ctx, id, m);
    });
  }

  mergedMessage(ctx: RequestContext): string {
    return translate(ctx.locale, 'products.merged');
  }

  private async lockLive(m: EntityManager, ctx: RequestContext, id: string): Promise<ProductRow> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.product');
    const [row] = await rows<ProductRow>(m, `SELECT * FROM products WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [id]);
    if (!row) throw DomainError.notFound('entities.product');
    return row;
  }

  private async assertBarcodeFree(m: EntityManager, barcode: string, exceptId?: string): Promise<void> {
    const [clash] = await rows(
      m,
      `SELECT 1 FROM products WHERE barcode = $1 AND deleted_at IS NULL AND id <> coalesce($2::uuid, '00000000-0000-0000-0000-000000000000')`,
      [barcode, exceptId ?? null],
    );
    if (clash || (await this.packs.isPackBarcode(m, barcode))) throw duplicateBarcode();
  }

  private async assertCategory(m: EntityManager, id: string): Promise<void> {
    const [found] = await rows(m, `SELECT 1 FROM categories WHERE id = $1 AND deleted_at IS NULL`, [id]);
    if (!found) throw DomainError.validation({ category: 'validation.requiredCategory' });
  }

  /** Two requests racing past the checks meet the unique indexes; answer as the checks would have. */
  private async mapUniqueViolations<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      const constraint = uniqueViolation(e);
      if (constraint === 'products_barcode_live') throw duplicateBarcode();
      if (constraint === 'product_packs_barcode')
        throw new DomainError('DUPLICATE_BARCODE', 'products.packBarcodeTaken', {}, { packs: { key: 'products.packBarcodeTaken' } });
      if (constraint === 'products_scale_code_live')
        throw new DomainError('DUPLICATE_BARCODE', 'products.scaleCodeTaken', {}, { scaleCode: { key: 'products.scaleCodeTaken' } });
      if (constraint === 'products_sku_live')
        throw new DomainError('DUPLICATE_SKU', 'products.duplicateSku', {}, { sku: { key: 'products.duplicateSku' } });
      throw e;
    }
  }
}
