import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventOf } from '@dukan/contracts';
import { currentContext, logger, systemContext, type EventHandler } from '@dukan/platform';
import { beginCatalogWrite } from '../sql.js';
import { StockLedger, type StockMove } from './stock-ledger.js';

/** Moves for the lines whose product the catalog knows; an unknown product is logged and skipped, never retried forever. */
async function applyMoves(m: EntityManager, ledger: StockLedger, moves: StockMove[], subject: string): Promise<void> {
  const ctx = currentContext() ?? systemContext();
  await beginCatalogWrite(m);
  const ids = [...new Set(moves.map((mv) => mv.productId))];
  const known = new Set(
    ((await m.query(`SELECT id FROM products WHERE id = ANY($1::uuid[])`, [ids.filter(isUuid)])) as { id: string }[]).map((r) => r.id),
  );
  // Products in one order, so two sales touching the same products never wait on each other crosswise.
  const sorted = [...moves].sort((a, b) => a.productId.localeCompare(b.productId)).filter((mv) => {
    if (mv.delta === 0) return false;
    if (known.has(mv.productId)) return true;
    logger().warn({ subject, productId: mv.productId, refId: mv.refId }, 'stock move for an unknown product skipped');
    return false;
  });
  await ledger.moveMany(m, ctx, sorted);
}

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/** A completed sale takes its lines' units off the sale's branch. */
@Injectable()
export class SaleCompletedHandler implements EventHandler<'dukan.sales.sale.completed.v1'> {
  readonly subject = 'dukan.sales.sale.completed.v1' as const;
  constructor(private readonly ledger: StockLedger) {}

  async handle(event: EventOf<'dukan.sales.sale.completed.v1'>, m: EntityManager): Promise<void> {
    const sale = event.data;
    const branchId = sale.branchId || event.branchId;
    await applyMoves(
      m,
      this.ledger,
      sale.lines.map((l) => ({ productId: l.productId, branchId, delta: -l.quantity, reason: 'sold', refType: 'sale', refId: sale.saleId })),
      this.subject,
    );
  }
}

/** A voided sale puts every line back. */
@Injectable()
export class SaleVoidedHandler implements EventHandler<'dukan.sales.sale.voided.v1'> {
  readonly subject = 'dukan.sales.sale.voided.v1' as const;
  constructor(private readonly ledger: StockLedger) {}

  async handle(event: EventOf<'dukan.sales.sale.voided.v1'>, m: EntityManager): Promise<void> {
    const sale = event.data;
    const branchId = sale.branchId || event.branchId;
    await applyMoves(
      m,
      this.ledger,
      sale.lines.map((l) => ({
        productId: l.productId, branchId, delta: l.quantity, reason: 'returned', refType: 'void', refId: sale.saleId, note: sale.reason,
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

  async handle(event: EventOf<'dukan.sales.sale.refunded.v1'>, m: EntityManager): Promise<void> {
    const refund = event.data;
    const branchId = refund.branchId || event.branchId;
    await applyMoves(
      m,
      this.ledger,
      refund.lines
        .filter((l) => l.restock)
        .map((l) => ({
          productId: l.productId, branchId, delta: l.quantity, reason: 'returned', refType: 'refund', refId: refund.refundId, note: refund.reason,
        })),
      this.subject,
    );
  }
}
