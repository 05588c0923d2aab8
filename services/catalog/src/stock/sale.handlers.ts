import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope, EventOf } from '@dukan/contracts';
import { eventContext, logger, UUID, type EventHandler } from '@dukan/platform';
import { beginCatalogWrite } from '../sql.js';
import { StockLedger, type StockMove } from './stock-ledger.js';

/**
 * The stock moves of several sales, voids or refunds as one catalog write: the revision bumped and the
 * products looked up once, every move in one statement, each operation's stock.changed event in its own
 * context. An unknown product is logged and skipped, never retried forever.
 */
async function applyMoves<E extends EventEnvelope>(
  m: EntityManager,
  ledger: StockLedger,
  events: readonly E[],
  movesOf: (event: E) => StockMove[],
  subject: string,
): Promise<void> {
  const operations = events.map((event) => ({ ctx: eventContext(event), moves: movesOf(event).filter((mv) => mv.delta !== 0) }));
  const ids = [...new Set(operations.flatMap((o) => o.moves.map((mv) => mv.productId)))].filter((id) => UUID.test(id));
  if (ids.length === 0) return;
  await beginCatalogWrite(m);
  const known = new Set(
    ((await m.query(`SELECT id FROM products WHERE id = ANY($1::uuid[])`, [ids])) as { id: string }[]).map((r) => r.id),
  );
  const isKnown = (mv: StockMove) => {
    if (known.has(mv.productId)) return true;
    logger().warn({ subject, productId: mv.productId, refId: mv.refId }, 'stock move for an unknown product skipped');
    return false;
  };
  await ledger.moveAll(
    m,
    operations.map(({ ctx, moves }) => ({ ctx, moves: moves.filter(isKnown) })),
  );
}

/** A completed sale takes its lines' units off the sale's branch (a pack line: its packs x the units of a pack). */
@Injectable()
export class SaleCompletedHandler implements EventHandler<'dukan.sales.sale.completed.v1'> {
  readonly subject = 'dukan.sales.sale.completed.v1' as const;
  constructor(private readonly ledger: StockLedger) {}

  handleAll(events: readonly EventOf<'dukan.sales.sale.completed.v1'>[], m: EntityManager): Promise<void> {
    return applyMoves(
      m,
      this.ledger,
      events,
      ({ data: sale, branchId }) =>
        sale.lines.map((l) => ({
          productId: l.productId,
          branchId: sale.branchId || branchId,
          delta: -l.quantity * (l.unitsPerQuantity ?? 1),
          reason: 'sold',
          refType: 'sale',
          refId: sale.saleId,
        })),
      this.subject,
    );
  }
}

/** A voided sale puts every line back. */
@Injectable()
export class SaleVoidedHandler implements EventHandler<'dukan.sales.sale.voided.v1'> {
  readonly subject = 'dukan.sales.sale.voided.v1' as const;
  constructor(private readonly ledger: StockLedger) {}

  handleAll(events: readonly EventOf<'dukan.sales.sale.voided.v1'>[], m: EntityManager): Promise<void> {
    return applyMoves(
      m,
      this.ledger,
      events,
      ({ data: sale, branchId }) =>
        sale.lines.map((l) => ({
          productId: l.productId,
          branchId: sale.branchId || branchId,
          delta: l.quantity * (l.unitsPerQuantity ?? 1),
          reason: 'returned',
          refType: 'void',
          refId: sale.saleId,
          note: sale.reason,
        })),
      this.subject,
    );
  }
}

/** A refund puts back the refunded units of the lines marked for restock. */
@Injectable()
export class SaleRefundedHandler implements EventHandler<'dukan.sales.sale.refunded.v1'> {
  readonly subject = 'dukan.sales.sale.refunded.v1' as const;
  constructor(private readonly ledger: StockLedger) {}

  handleAll(events: readonly EventOf<'dukan.sales.sale.refunded.v1'>[], m: EntityManager): Promise<void> {
    return applyMoves(
      m,
      this.ledger,
      events,
      ({ data: refund, branchId }) =>
        refund.lines
          .filter((l) => l.restock)
          .map((l) => ({
            productId: l.productId,
            branchId: refund.branchId || branchId,
            delta: l.quantity * (l.unitsPerQuantity ?? 1),
            reason: 'returned',
            refType: 'refund',
            refId: refund.refundId,
            note: refund.reason,
          })),
      this.subject,
    );
  }
}
