import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StockChangeReason, StockRefType } from '@dukan/contracts';
import { Outbox, type RequestContext } from '@dukan/platform';

export interface StockMove {
  productId: string;
  branchId: string;
  delta: number;
  reason: StockChangeReason;
  refType: StockRefType;
  refId: string | null;
  unitCostCents?: number | null;
  note?: string | null;
}

/**
 * The only way stock changes: one ledger row per move, the branch level updated in the same statement
 * sequence, and stock.changed in the outbox. Stock may go below zero (the goods already left).
 */
@Injectable()
export class StockLedger {
  constructor(private readonly outbox: Outbox) {}

  /** Applies a move inside the caller's transaction; returns the ledger row id and the stock after it. */
  async move(m: EntityManager, ctx: RequestContext, mv: StockMove): Promise<{ movementId: string; quantityAfter: number }> {
    if (!Number.isInteger(mv.delta) || mv.delta === 0) throw new RangeError(`A stock move needs a non-zero whole delta, got ${mv.delta}`);
    const [level] = (await m.query(
      `INSERT INTO stock_levels (product_id, branch_id, quantity) VALUES ($1, $2, $3)
       ON CONFLICT (product_id, branch_id) DO UPDATE SET quantity = stock_levels.quantity + EXCLUDED.quantity, updated_at = now()
       RETURNING quantity`,
      [mv.productId, mv.branchId, mv.delta],
    )) as { quantity: number }[];
    const quantityAfter = level!.quantity;
    const [row] = (await m.query(
      `INSERT INTO stock_movements (product_id, branch_id, delta, quantity_after, reason, ref_type, ref_id, unit_cost_cents, note, actor_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [mv.productId, mv.branchId, mv.delta, quantityAfter, mv.reason, mv.refType, mv.refId, mv.unitCostCents ?? null, mv.note ?? null, ctx.actorId],
    )) as { id: string }[];
    await this.outbox.add(m, { ...ctx, branchId: mv.branchId }, 'dukan.catalog.stock.changed.v1', {
      productId: mv.productId,
      branchId: mv.branchId,
      delta: mv.delta,
      quantityAfter,
      reason: mv.reason,
      refType: mv.refType,
      refId: mv.refId,
      unitCostCents: mv.unitCostCents ?? null,
    });
    return { movementId: row!.id, quantityAfter };
  }

  async quantity(m: EntityManager, productId: string, branchId: string): Promise<number> {
    const rows = (await m.query(`SELECT quantity FROM stock_levels WHERE product_id = $1 AND branch_id = $2`, [productId, branchId])) as {
      quantity: number;
    }[];
    return rows[0]?.quantity ?? 0;
  }

  /** Units on hand over every branch, for the average cost. */
  async totalOnHand(m: EntityManager, productId: string): Promise<number> {
    const rows = (await m.query(`SELECT coalesce(sum(quantity), 0)::int AS q FROM stock_levels WHERE product_id = $1`, [productId])) as {
      q: number;
    }[];
    return rows[0]?.q ?? 0;
  }
}
