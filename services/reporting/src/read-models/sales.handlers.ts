import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventOf, SaleEventData } from '@dukan/contracts';
import { one, type EventHandler } from '@dukan/platform';

/**
 * Sales not yet held, and their lines: two statements however many sales. Answers the ids it inserted
 * (a sale already held, say a void that arrived first, is left as it is).
 */
async function insertSales(m: EntityManager, sales: readonly { d: SaleEventData; status: 'completed' | 'voided'; voidedAt: string | null }[]): Promise<Set<string>> {
  const inserted = (await m.query(
    `INSERT INTO sales (sale_id, invoice_number, branch_id, register, cashier_id, customer_id, currency, exchange_rate, subtotal_cents,
       discount_cents, loyalty_discount_cents, tax_cents, total_cents, points_redeemed, points_awarded, status, completed_at, voided_at)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS s(sale_id text, invoice_number text, branch_id text, register text, cashier_id text,
       customer_id text, currency text, exchange_rate numeric, subtotal_cents bigint, discount_cents bigint, loyalty_discount_cents bigint,
       tax_cents bigint, total_cents bigint, points_redeemed int, points_awarded int, status text, completed_at timestamptz, voided_at timestamptz)
     ON CONFLICT (sale_id) DO NOTHING RETURNING sale_id`,
    [JSON.stringify(sales.map(({ d, status, voidedAt }) => ({
      sale_id: d.saleId, invoice_number: d.invoiceNumber, branch_id: d.branchId, register: d.register, cashier_id: d.cashierId,
      customer_id: d.customerId, currency: d.currency, exchange_rate: d.exchangeRate, subtotal_cents: d.subtotalCents,
      discount_cents: d.discountCents, loyalty_discount_cents: d.loyaltyDiscountCents, tax_cents: d.taxCents, total_cents: d.totalCents,
      points_redeemed: d.pointsRedeemed, points_awarded: d.pointsAwarded, status, completed_at: d.completedAt, voided_at: voidedAt,
    })))],
  )) as { sale_id: string }[];
  const ids = new Set(inserted.map((r) => r.sale_id));
  const lines = sales.filter(({ d }) => ids.has(d.saleId)).flatMap(({ d }) => d.lines.map((l) => ({
    sale_id: d.saleId, line_id: l.lineId, product_id: l.productId, sku: l.sku, name: l.name, quantity: l.quantity,
    unit_price_cents: l.unitPriceCents, unit_cost_cents: l.unitCostCents, discount_cents: l.discountCents, subtotal_cents: l.subtotalCents,
  })));
  if (lines.length > 0) {
    await m.query(
      `INSERT INTO sale_lines (sale_id, line_id, product_id, sku, name, quantity, unit_price_cents, unit_cost_cents, discount_cents, subtotal_cents)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS l(sale_id text, line_id text, product_id text, sku text, name jsonb, quantity int,
         unit_price_cents bigint, unit_cost_cents bigint, discount_cents bigint, subtotal_cents bigint)
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(lines)],
    );
  }
  return ids;
}

@Injectable()
export class ReportSaleCompletedHandler implements EventHandler<'dukan.sales.sale.completed.v1'> {
  readonly subject = 'dukan.sales.sale.completed.v1' as const;

  async handleAll(events: readonly EventOf<'dukan.sales.sale.completed.v1'>[], m: EntityManager): Promise<void> {
    await insertSales(m, events.map((e) => ({ d: e.data, status: 'completed', voidedAt: null })));
  }
}

/** A void keeps the sale and marks it; the void carries the whole sale, so it may even arrive first. */
@Injectable()
export class ReportSaleVoidedHandler implements EventHandler<'dukan.sales.sale.voided.v1'> {
  readonly subject = 'dukan.sales.sale.voided.v1' as const;

  async handle(event: EventOf<'dukan.sales.sale.voided.v1'>, m: EntityManager): Promise<void> {
    const d = event.data;
    if ((await insertSales(m, [{ d, status: 'voided', voidedAt: d.voidedAt }])).has(d.saleId)) return;
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
