import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { TillProductDto } from '@dukan/contracts';
import { rows, type RequestContext } from '@dukan/platform';
import { makeBody, ProductQueries, type ListBody } from './product-queries.js';
import { PRODUCT_FROM, TILL_JSON } from './product.sql.js';

/**
 * GET /api/products?since=REV for the till: what changed since the revision it holds. Every product row and stock
 * level carries the revision of its last change (stamped by a trigger under the revision row's lock), so one
 * snapshot gives the changes, the ids gone and the revision they add up to.
 */
@Injectable()
export class ProductDelta {
  /** The whole list wrapped as a delta, per branch, while its revision is current. */
  private readonly fullCache = new Map<string, ListBody & { rev: string }>();

  constructor(
    private readonly ds: DataSource,
    private readonly queries: ProductQueries,
  ) {}

  async body(ctx: RequestContext, since: string): Promise<ListBody> {
    const answer = await this.ds.transaction('REPEATABLE READ', async (m) => {
      const [{ rev, floor }] = await rows<{ rev: string; floor: string }>(
        m,
        `SELECT rev::text AS rev, floor::text AS floor FROM catalog_revision`,
      );
      // Older than what the stamps cover, or ahead of this catalogue (a restored database): the whole list.
      if (BigInt(since) < BigInt(floor) || BigInt(since) > BigInt(rev)) return null;
      const changed = await rows<{ j: TillProductDto }>(
        m,
        `WITH touched AS (
           SELECT id FROM products WHERE rev > $2
           UNION SELECT product_id FROM stock_levels WHERE branch_id = $1 AND rev > $2
         )
         SELECT ${TILL_JSON} AS j FROM ${PRODUCT_FROM}
         WHERE p.id IN (SELECT id FROM touched) AND p.deleted_at IS NULL AND p.active ORDER BY p.name_en, p.id`,
        [ctx.branchId, since],
      );
      const gone = await rows<{ id: string }>(m, `SELECT id FROM products WHERE rev > $1 AND (deleted_at IS NOT NULL OR NOT active)`, [
        since,
      ]);
      return { revision: rev, full: false, products: changed.map((r) => r.j), deleted: gone.map((r) => r.id) };
    });
    return answer ? makeBody(Buffer.from(JSON.stringify(answer))) : this.full(ctx);
  }

  private async full(ctx: RequestContext): Promise<ListBody> {
    const list = await this.queries.tillList(ctx);
    const cached = this.fullCache.get(ctx.branchId);
    if (cached?.rev === list.rev) return cached;
    const head = Buffer.from(`{"revision":${JSON.stringify(list.rev)},"full":true,"deleted":[],"products":`);
    const wrapped = { rev: list.rev, ...makeBody(Buffer.concat([head, list.json, Buffer.from('}')])) };
    this.fullCache.set(ctx.branchId, wrapped);
    return wrapped;
  }
}
