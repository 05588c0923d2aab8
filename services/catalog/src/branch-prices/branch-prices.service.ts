import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { toCents, type BranchPriceDto } from '@dukan/contracts';
import { audit, DomainError, KnownBranches, Outbox, rows, UUID, type RequestContext } from '@dukan/platform';
import { CATALOG_CONFIG, type CatalogConfig } from '../config.js';
import { beginCatalogWrite } from '../sql.js';
import { mayPriceBranch } from './branch-price.policy.js';

const BRANCH_PRICE_JSON = `json_build_object(
  'branchId', bp.branch_id,
  'price', bp.price_cents::float8 / 100,
  'version', bp.version,
  'updatedAt', to_char(bp.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

/**
 * A product's price overridden per branch: set or cleared by someone who may work in that branch, audited,
 * announced (branch-price.changed, versioned per product and branch) for sales' price replica.
 */
@Injectable()
export class BranchPrices {
  constructor(
    private readonly ds: DataSource,
    private readonly outbox: Outbox,
    @Inject(CATALOG_CONFIG) private readonly config: CatalogConfig,
    private readonly branches: KnownBranches,
  ) {}

  async list(id: string, m: EntityManager | DataSource = this.ds): Promise<BranchPriceDto[]> {
    await this.assertProduct(m, id, false);
    const found = await rows<{ j: BranchPriceDto }>(
      m,
      `SELECT ${BRANCH_PRICE_JSON} AS j FROM branch_prices bp WHERE bp.product_id = $1 AND bp.price_cents IS NOT NULL ORDER BY bp.branch_id`,
      [id],
    );
    return found.map((r) => r.j);
  }

  /** Sets (a price) or clears (null) the product's price in a branch; answers the product's branch prices. */
  async change(ctx: RequestContext, id: string, branchId: string, price: number | null): Promise<BranchPriceDto[]> {
    const priceCents = price === null ? null : toCents(price);
    await this.assertProduct(this.ds, id, false);
    if (!mayPriceBranch(ctx.user, branchId, this.config.BRANCH_ID)) throw new DomainError('FORBIDDEN', 'branches.notAllowed');
    await this.branches.assert(branchId, 'branchId', false); // before the write: it may ask settings
    return this.ds.transaction(async (m) => {
      await beginCatalogWrite(m);
      await this.assertProduct(m, id, true);
      const [before] = await rows<{ price_cents: number | null }>(
        m,
        `SELECT price_cents FROM branch_prices WHERE product_id = $1 AND branch_id = $2 FOR UPDATE`,
        [id, branchId],
      );
      if ((before?.price_cents ?? null) === priceCents) return this.list(id, m);
      const [row] = await rows<{ version: number }>(
        m,
        `INSERT INTO branch_prices (product_id, branch_id, price_cents, actor_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (product_id, branch_id) DO UPDATE SET price_cents = EXCLUDED.price_cents, actor_id = EXCLUDED.actor_id,
           version = branch_prices.version + 1, updated_at = now()
         RETURNING version`,
        [id, branchId, priceCents, ctx.actorId],
      );
      // The product's row in that branch changed: its stock level is touched so a till asking what changed sees it.
      await m.query(
        `INSERT INTO stock_levels (product_id, branch_id, quantity) VALUES ($1, $2, 0)
         ON CONFLICT (product_id, branch_id) DO UPDATE SET updated_at = now()`,
        [id, branchId],
      );
      await audit(
        m,
        ctx,
        'product.branch-price-changed',
        { type: 'product', id },
        { branchId, before: before?.price_cents ?? null, after: priceCents },
      );
      await this.outbox.add(m, { ...ctx, branchId }, 'dukan.catalog.branch-price.changed.v1', {
        productId: id,
        branchId,
        priceCents,
        version: row!.version,
      });
      return this.list(id, m);
    });
  }

  private async assertProduct(m: EntityManager | DataSource, id: string, lock: boolean): Promise<void> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.product');
    const [found] = await rows(m, `SELECT 1 FROM products WHERE id = $1 AND deleted_at IS NULL${lock ? ' FOR SHARE' : ''}`, [id]);
    if (!found) throw DomainError.notFound('entities.product');
  }
}
