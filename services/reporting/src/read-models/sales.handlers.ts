import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventOf, SaleEventData } from '@dukan/contracts';
import type { EventHandler } from '@dukan/platform';
import { one } from '../db.js';

async function insertSale(m: EntityManager, d: SaleEventData, status: 'completed' | 'voided', voidedAt: string | null): Promise<boolean> {
  const inserted = await m.query(
    `INSERT INTO sales (sale_id, invoice_number, branch_id, register, cashier_id, customer_id, currency, exchange_rate, subtotal_cents,
       discount_cents, loyalty_discount_cents, tax_cents, total_cents, points_redeemed, points_awarded, status, completed_at, voided_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
     ON CONFLICT (sale_id) DO NOTHING RETURNING sale_id`,
    [d.saleId, d.invoiceNumber, d.branchId, d.register, d.cashierId, d.customerId, d.currency, d.exchangeRate, d.subtotalCents,
      d.discountCents, d.loyaltyDiscountCents, d.taxCents, d.totalCents, d.pointsRedeemed, d.pointsAwarded, status, d.completedAt, voidedAt],
  );
  if ((inserted as unknown[]).length === 0) return false;
  // Every line in one statement.
  await m.query(
    `INSERT INTO sale_lines (sale_id, line_id, product_id, sku, name, quantity, unit_price_cents, unit_cost_cents, discount_cents, subtotal_cents)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::jsonb[], $6::int[], $7::bigint[], $8::bigint[], $9::bigint[], $10::bigint[])
     ON CONFLICT DO NOTHING`,
    [d.saleId, d.lines.map((l) => l.lineId), d.lines.map((l) => l.productId), d.lines.map((l) => l.sku), d.lines.map((l) => JSON.stringify(l.name)),
      d.lines.map((l) => l.quantity), d.lines.map((l) => l.unitPriceCents), d.lines.map((l) => l.unitCostCents), d.lines.map((l) => l.discountCents),
      d.lines.map((l) => l.subtotalCents)],
  );
  return true;
}

@Injectable()
export class ReportSaleCompletedHandler implements EventHandler<'dukan.sales.sale.completed.v1'> {
  readonly subject = 'dukan.sales.sale.completed.v1' as const;

  async handle(event: EventOf<'dukan.sales.sale.completed.v1'>, m: EntityManager): Promise<void> {
    await insertSale(m, event.data, 'completed', null);
  }
}

/** A void keeps the sale and marks it; the void carries the whole sale, so it may even arrive first. */
@Injectable()
export class ReportSaleVoidedHandler implements EventHandler<'dukan.sales.sale.voided.v1'> {
  readonly subject = 'dukan.sales.sale.voided.v1' as const;

  async handle(event: EventOf<'dukan.sales.sale.voided.v1'>, m: EntityManager): Promise<void> {
    const d = event.data;
    if (await insertSale(m, d, 'voided', d.voidedAt)) return;
    await m.query(`UPDATE sales SET status = 'voided', voided_at = $2, updated_at = now() WHERE sale_id = $1`, [d.saleId, d.voidedAt]);
  }
}

@Injectable()
export class ReportSaleRefundedHandler implements EventHandler<'dukan.sales.sale.refunded.v1'> {
  readonly subject = 'dukan.sales.sale.refunded.v1' as const;

  async handle(event: EventOf<'dukan.sales.sale.refunded.v1'>, m: EntityManager): Promise<void> {
    const d = event.data;
    // Consumers of different subjects run independently: without its sale yet, fail so the bus delivers it again later.
    if (!(await one(m, `SELECT 1 FROM sales WHERE sale_id = $1 FOR UPDATE`, [d.saleId]))) {
      throw new Error(`sale ${d.saleId} not yet in reporting; retry later`);
    }
    const fresh = await m.query(
      `INSERT INTO refunds (refund_id, sale_id, amount_cents, refunded_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING refund_id`,
      [d.refundId, d.saleId, d.amountCents, d.refundedAt],
    );
    if ((fresh as unknown[]).length === 0) return;
    for (const l of d.lines) {
      await m.query(`UPDATE sale_lines SET refunded_quantity = refunded_quantity + $3 WHERE sale_id = $1 AND line_id = $2`, [d.saleId, l.lineId, l.quantity]);
    }
    await m.query(
      `UPDATE sales SET refunded_cents = LEAST(total_cents, refunded_cents + $2),
         status = CASE WHEN status = 'voided' THEN status WHEN $3 OR refunded_cents + $2 >= total_cents THEN 'refunded' ELSE status END,
         updated_at = now()
       WHERE sale_id = $1`,
      [d.saleId, d.amountCents, d.fullyRefunded],
    );
  }
}
