import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventLane, StockAdjustmentReason, StockChangedData, StockChangeReason, StockRefType } from '@dukan/contracts';
import { Outbox, type OutboxEntry, type RequestContext } from '@dukan/platform';

export interface StockMove {
  productId: string;
  branchId: string;
  delta: number;
  reason: StockChangeReason;
  refType: StockRefType;
  refId: string | null;
  unitCostCents?: number | null;
  note?: string | null;
  /** Why a person changed it by hand (reason 'adjusted'). */
  adjustmentReason?: StockAdjustmentReason | null;
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
    const [[done]] = await this.moveAll(m, [{ ctx, moves: [mv] }]);
    return done!;
  }

  /**
   * The moves of any number of operations (a batch of sales), each in its own context, in two statements:
   * levels and ledger rows in one, then the events, one per operation, branch and cause. A product may come
   * any number of times: its level moves by the sum, and each ledger row keeps the running quantity in the
   * order given. Levels are locked in product order, so two writers never wait on each other crosswise.
   */
  async moveAll(
    m: EntityManager,
    operations: readonly { ctx: RequestContext; moves: readonly StockMove[] }[],
    options: { lane?: EventLane } = {},
  ): Promise<{ movementId: string; quantityAfter: number }[][]> {
    const flat = operations.flatMap(({ ctx, moves }) => moves.map((mv) => ({ ...mv, actorId: ctx.actorId, movementId: randomUUID() })));
    for (const mv of flat) {
      if (!Number.isInteger(mv.delta) || mv.delta === 0) throw new RangeError(`A stock move needs a non-zero whole delta, got ${mv.delta}`);
    }
    if (flat.length === 0) return operations.map(() => []);
    const rows = (await m.query(
      `WITH mv AS (
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::bigint[], $9::text[], $10::uuid[],
                             $11::text[])
           WITH ORDINALITY AS t(id, product_id, branch_id, delta, reason, ref_type, ref_id, unit_cost_cents, note, actor_id, adjustment_reason, n)
       ), total AS (
         SELECT product_id, branch_id, sum(delta)::int AS delta FROM mv GROUP BY product_id, branch_id
       ), lv AS (
         INSERT INTO stock_levels (product_id, branch_id, quantity)
         SELECT product_id, branch_id, delta FROM total ORDER BY product_id, branch_id
         ON CONFLICT (product_id, branch_id) DO UPDATE SET quantity = stock_levels.quantity + EXCLUDED.quantity, updated_at = now()
         RETURNING product_id, branch_id, quantity
       ), after AS (
         SELECT mv.*, lv.quantity - total.delta + sum(mv.delta) OVER (PARTITION BY mv.product_id, mv.branch_id ORDER BY mv.n) AS quantity_after
           FROM mv JOIN total USING (product_id, branch_id) JOIN lv USING (product_id, branch_id)
       ), led AS (
         INSERT INTO stock_movements (id, product_id, branch_id, delta, quantity_after, reason, ref_type, ref_id, unit_cost_cents, note, actor_id,
                                      adjustment_reason)
         SELECT id, product_id, branch_id, delta, quantity_after, reason, ref_type, ref_id, unit_cost_cents, note, actor_id, adjustment_reason
           FROM after ORDER BY n
       )
       SELECT quantity_after::int FROM after ORDER BY n`,
      [
        flat.map((mv) => mv.movementId),
        flat.map((mv) => mv.productId),
        flat.map((mv) => mv.branchId),
        flat.map((mv) => mv.delta),
        flat.map((mv) => mv.reason),
        flat.map((mv) => mv.refType),
        flat.map((mv) => mv.refId),
        flat.map((mv) => mv.unitCostCents ?? null),
        flat.map((mv) => mv.note ?? null),
        flat.map((mv) => mv.actorId),
        flat.map((mv) => mv.adjustmentReason ?? null),
      ],
    )) as { quantity_after: number }[];
    const done = flat.map((mv, i) => ({ ...mv, quantityAfter: rows[i]!.quantity_after }));
    // One event per operation, branch and cause: a sale's lines travel together.
    const entries: OutboxEntry[] = [];
    let from = 0;
    const results = operations.map(({ ctx, moves }) => {
      const mine = done.slice(from, (from += moves.length));
      const events = new Map<string, StockChangedData>();
      for (const mv of mine) {
        const key = JSON.stringify([mv.branchId, mv.reason, mv.refType, mv.refId]);
        const event = events.get(key) ?? { branchId: mv.branchId, reason: mv.reason, refType: mv.refType, refId: mv.refId, moves: [] };
        event.moves.push({
          productId: mv.productId,
          delta: mv.delta,
          quantityAfter: mv.quantityAfter,
          unitCostCents: mv.unitCostCents ?? null,
        });
        events.set(key, event);
      }
      for (const data of events.values())
        entries.push({ ctx: { ...ctx, branchId: data.branchId }, type: 'dukan.catalog.stock.changed.v2', data });
      return mine.map((mv) => ({ movementId: mv.movementId, quantityAfter: mv.quantityAfter }));
    });
    await this.outbox.addAll(m, entries, options);
    return results;
  }

  async quantity(m: EntityManager, productId: string, branchId: string): Promise<number> {
    const rows = (await m.query(`SELECT quantity FROM stock_levels WHERE product_id = $1 AND branch_id = $2`, [productId, branchId])) as {
      quantity: number;
    }[];
    return rows[0]?.quantity ?? 0;
  }
}
