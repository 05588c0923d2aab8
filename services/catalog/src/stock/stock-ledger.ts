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
    const [done] = await this.moveMany(m, ctx, [mv]);
    return done!;
  }

  /**
   * Several moves (a sale's lines) in the caller's transaction: levels and ledger rows in one statement, then one
   * event per branch and cause. A product that comes twice starts another round, so each line keeps its ledger row.
   */
  async moveMany(m: EntityManager, ctx: RequestContext, moves: readonly StockMove[]): Promise<{ movementId: string; quantityAfter: number }[]> {
    const out: { movementId: string; quantityAfter: number }[] = [];
    let round: StockMove[] = [];
    const seen = new Set<string>();
    for (const mv of moves) {
      const key = `${mv.productId}|${mv.branchId}`;
      if (seen.has(key)) {
        out.push(...(await this.applyRound(m, ctx, round)));
        round = [];
        seen.clear();
      }
      seen.add(key);
      round.push(mv);
    }
    out.push(...(await this.applyRound(m, ctx, round)));
    return out;
  }

  /** Moves of distinct products: one statement for levels and ledger, then their events. */
  private async applyRound(m: EntityManager, ctx: RequestContext, moves: readonly StockMove[]): Promise<{ movementId: string; quantityAfter: number }[]> {
    if (moves.length === 0) return [];
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
