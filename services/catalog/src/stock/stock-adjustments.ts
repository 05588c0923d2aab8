import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { NegativeStockDto, ProductDto } from '@dukan/contracts';
import { audit, DomainError, Outbox, rows, UUID, type RequestContext } from '@dukan/platform';
import { ProductQueries } from '../products/product-queries.js';
import { productEvent, type ProductRow } from '../products/product.sql.js';
import { beginCatalogWrite } from '../sql.js';
import type { AdjustStockDto } from '../stocktakes/stocktake.dto.js';
import { adjustmentDelta } from '../stocktakes/stocktake.policy.js';
import { StockLedger } from './stock-ledger.js';

/** At most this many products in the negative-stock list (a shop fixes them a few at a time). */
const NEGATIVE_LIMIT = 500;

/**
 * Stock changed by hand, always with a reason (damaged, expired, theft, own use, correction) kept on the ledger row
 * and in the audit log; and the products a branch has sold below zero, until a count or a receipt clears them.
 */
@Injectable()
export class StockAdjustments {
  constructor(
    private readonly ds: DataSource,
    private readonly ledger: StockLedger,
    private readonly outbox: Outbox,
    private readonly queries: ProductQueries,
  ) {}

  async adjust(ctx: RequestContext, id: string, dto: AdjustStockDto): Promise<ProductDto> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.product');
    return this.ds.transaction(async (m) => {
      await beginCatalogWrite(m);
      const [row] = await rows<{ id: string }>(m, `SELECT id FROM products WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [id]);
      if (!row) throw DomainError.notFound('entities.product');
      const before = await this.ledger.quantity(m, id, ctx.branchId);
      const delta = adjustmentDelta(before, dto.quantity);
      if (delta === null) throw DomainError.validation({ quantity: { key: 'stock.sameQuantity', params: { quantity: before } } });
      const { quantityAfter } = await this.ledger.move(m, ctx, {
        productId: id,
        branchId: ctx.branchId,
        delta,
        reason: 'adjusted',
        refType: 'adjustment',
        refId: id,
        note: dto.note ?? null,
        adjustmentReason: dto.reason,
      });
      await audit(
        m,
        ctx,
        'stock.adjusted',
        { type: 'product', id },
        { branchId: ctx.branchId, before, after: quantityAfter, reason: dto.reason, note: dto.note ?? null },
      );
      const [bumped] = await rows<ProductRow>(
        m,
        `UPDATE products SET version = version + 1, updated_at = now() WHERE id = $1 RETURNING *`,
        [id],
      );
      await this.outbox.add(m, ctx, 'dukan.catalog.product.updated.v1', productEvent(bumped!, quantityAfter));
      return this.queries.get(ctx, id, m);
    });
  }

  async negative(ctx: RequestContext): Promise<NegativeStockDto[]> {
    return (
      await rows<{ j: NegativeStockDto }>(
        this.ds,
        `SELECT json_build_object('productId', p.id, 'sku', p.sku, 'barcode', p.barcode, 'name', json_build_object('en', p.name_en, 'ku', p.name_ku),
                  'quantity', s.quantity, 'since', to_char(s.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) AS j
           FROM stock_levels s JOIN products p ON p.id = s.product_id
          WHERE s.branch_id = $1 AND s.quantity < 0 AND p.deleted_at IS NULL
          ORDER BY s.quantity, p.sku LIMIT ${NEGATIVE_LIMIT}`,
        [ctx.branchId],
      )
    ).map((r) => r.j);
  }
}
