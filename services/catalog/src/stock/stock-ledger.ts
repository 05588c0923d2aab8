import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StockChangedData, StockChangeReason, StockRefType } from '@dukan/contracts';
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
 * sequence, and stock.changed.v2 in the outbox. Stock may go below zero (the goods already left).
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
    await this.outbox.add(m, { ...ctx, branchId: mv.branchId }, 'dukan.catalog.stock.changed.v2', {
      branchId: mv.branchId,
      reason: mv.reason,
      refType: mv.refType,
      refId: mv.refId,
      moves: [{ productId: mv.productId, delta: mv.delta, quantityAfter, unitCostCents: mv.unitCostCents ?? null }],
    });
    return { movementId: row!.id, quantityAfter };
  }

  /**
   * Several moves in two statements (levels and ledger rows together, then their event), as a sale's lines need.
   * Each product at most once; moves of a product already in the list go through move() one by one.
   */
  async moveMany(m: EntityManager, ctx: RequestContext, moves: readonly StockMove[]): Promise<{ movementId: string; quantityAfter: number }[]> {
    const distinct = new Set(moves.map((mv) => `${mv.productId}|${mv.branchId}`)).size === moves.length;
    if (!distinct || moves.length < 2) {
      const out = [];
      for (const mv of moves) out.push(await this.move(m, ctx, mv));
      return out;
    }
    for (const mv of moves) {
      if (!Number.isInteger(mv.delta) || mv.delta === 0) throw new RangeError(`A stock move needs a non-zero whole delta, got ${mv.delta}`);
    }
    const rows = (await m.query(
      `WITH mv AS (
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::text[])
           WITH ORDINALITY AS t(product_id, branch_id, delta, reason, ref_type, ref_id, unit_cost_cents, note, n)
       ), lv AS (
         INSERT INTO stock_levels (product_id, branch_id, quantity)
         SELECT product_id, branch_id, delta FROM mv ORDER BY n
         ON CONFLICT (product_id, branch_id) DO UPDATE SET quantity = stock_levels.quantity + EXCLUDED.quantity, updated_at = now()
         RETURNING product_id, branch_id, quantity
       ), led AS (
         INSERT INTO stock_movements (product_id, branch_id, delta, quantity_after, reason, ref_type, ref_id, unit_cost_cents, note, actor_id)
         SELECT mv.product_id, mv.branch_id, mv.delta, lv.quantity, mv.reason, mv.ref_type, mv.ref_id, mv.unit_cost_cents, mv.note, $9::uuid
           FROM mv JOIN lv USING (product_id, branch_id) ORDER BY mv.n
         RETURNING id, product_id, branch_id, quantity_after
       )
       SELECT led.id, led.quantity_after FROM led JOIN mv USING (product_id, branch_id) ORDER BY mv.n`,
      [
        moves.map((mv) => mv.productId), moves.map((mv) => mv.branchId), moves.map((mv) => mv.delta), moves.map((mv) => mv.reason),
        moves.map((mv) => mv.refType), moves.map((mv) => mv.refId), moves.map((mv) => mv.unitCostCents ?? null), moves.map((mv) => mv.note ?? null),
        ctx.actorId,
      ],
    )) as { id: string; quantity_after: number }[];
    // One event per branch and cause: a sale's lines travel together.
    const events = new Map<string, StockChangedData>();
    moves.forEach((mv, i) => {
      const key = JSON.stringify([mv.branchId, mv.reason, mv.refType, mv.refId]);
      const event = events.get(key) ?? { branchId: mv.branchId, reason: mv.reason, refType: mv.refType, refId: mv.refId, moves: [] };
      event.moves.push({ productId: mv.productId, delta: mv.delta, quantityAfter: rows[i]!.quantity_after, unitCostCents: mv.unitCostCents ?? null });
      events.set(key, event);
    });
    for (const event of events.values()) await this.outbox.add(m, { ...ctx, branchId: event.branchId }, 'dukan.catalog.stock.changed.v2', event);
    return rows.map((r) => ({ movementId: String(r.id), quantityAfter: r.quantity_after }));
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
