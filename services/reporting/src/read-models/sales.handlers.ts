import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { weighedGross, type EventOf, type SaleEventData } from '@dukan/contracts';
import { one, rows, type EventHandler } from '@dukan/platform';
import { RollupDelta, type SaleFigures } from './rollups.js';
import { lineDinars, ownMoney, refundMoney, saleTakings } from './sale-money.js';
import { ShopClock } from './shop-clock.js';

/** How a line counts towards stock: units per quantity (a pack's units, a price label's grams), and whether they are grams. */
interface LineKind {
  unitsPerQuantity: number;
  grams: boolean;
}

/**
 * A sale line's kind: a weighed line's quantity is grams; a price label's (no pack, quantity 1) its grams per
 * quantity; a pack's its units. Lines from before packs and weighed goods are of single units.
 */
export function lineKind(l: Pick<SaleEventData['lines'][number], 'unitsPerQuantity' | 'weighed' | 'packId'>): LineKind {
  const unitsPerQuantity = l.unitsPerQuantity ?? 1;
  return { unitsPerQuantity, grams: (l.weighed ?? false) || (!l.packId && unitsPerQuantity > 1) };
}

/**
 * What `quantity` of a line adds to the product rollup: its stock units (units, a carton's 12, or grams: 1.250 kg is
 * 1,250) and their cost, the unit cost being per unit or, for grams, per kilogram (rounded as the price is).
 */
export function lineStock(k: LineKind, quantity: number, unitCostCents: number, unitCostIqd: number) {
  const units = quantity * k.unitsPerQuantity;
  return k.grams
    ? { units, costCents: weighedGross(unitCostCents, units), costIqd: weighedGross(unitCostIqd, units) }
    : { units, costCents: unitCostCents * units, costIqd: unitCostIqd * units };
}

/** What a whole sale adds to the rollups. */
export function saleFigures(d: SaleEventData): SaleFigures {
  const lines = d.lines.map((l) => {
    const iqd = lineDinars(d, l);
    const stock = lineStock(lineKind(l), l.quantity, l.unitCostCents, iqd.unitCostIqd);
    return {
      productId: l.productId,
      quantity: stock.units,
      revenueCents: l.subtotalCents,
      costCents: stock.costCents,
      revenueIqd: iqd.subtotalIqd,
      costIqd: stock.costIqd,
    };
  });
  return {
    branchId: d.branchId,
    cashierId: d.cashierId,
    customerId: d.customerId,
    salesCents: d.totalCents,
    costCents: lines.reduce((s, l) => s + l.costCents, 0),
    salesIqd: ownMoney(d).totalIqd,
    costIqd: lines.reduce((s, l) => s + l.costIqd, 0),
    lines,
  };
}

/** What is left of a held sale after its refunds: what a void takes off. */
async function remainingFigures(m: EntityManager, saleId: string): Promise<SaleFigures | null> {
  const held = await rows<{
    branch_id: string;
    cashier_id: string;
    customer_id: string | null;
    total_cents: string;
    refunded_cents: string;
    total_iqd: string;
    refunded_iqd: string;
    product_id: string;
    quantity: number;
    refunded_quantity: number;
    units_per_quantity: number;
    weighed: boolean;
    subtotal_cents: string;
    unit_cost_cents: string;
    refunded_line_cents: string;
    subtotal_iqd: string;
    unit_cost_iqd: string;
    refunded_line_iqd: string;
  }>(
    m,
    `SELECT s.branch_id, s.cashier_id, s.customer_id, s.total_cents, s.refunded_cents, s.total_iqd, s.refunded_iqd, l.product_id, l.quantity,
            l.refunded_quantity, l.units_per_quantity, l.weighed, l.subtotal_cents, l.unit_cost_cents, coalesce(r.amount, 0) AS refunded_line_cents, l.subtotal_iqd,
            l.unit_cost_iqd, coalesce(r.amount_iqd, 0) AS refunded_line_iqd
       FROM sales s JOIN sale_lines l ON l.sale_id = s.sale_id
       LEFT JOIN (SELECT rl.line_id, sum(rl.amount_cents) AS amount, sum(rl.amount_iqd) AS amount_iqd
                    FROM refund_lines rl JOIN refunds rf ON rf.refund_id = rl.refund_id
                   WHERE rf.sale_id = $1 GROUP BY rl.line_id) r ON r.line_id = l.line_id
      WHERE s.sale_id = $1`,
    [saleId],
  );
  const s = held[0];
  if (!s) return null;
  const lines = held.map((l) => {
    const stock = lineStock(
      { unitsPerQuantity: l.units_per_quantity, grams: l.weighed },
      l.quantity - l.refunded_quantity,
      Number(l.unit_cost_cents),
      Number(l.unit_cost_iqd),
    );
    return {
      productId: l.product_id,
      quantity: stock.units,
      revenueCents: Number(l.subtotal_cents) - Number(l.refunded_line_cents),
      costCents: stock.costCents,
      revenueIqd: Number(l.subtotal_iqd) - Number(l.refunded_line_iqd),
      costIqd: stock.costIqd,
    };
  });
  return {
    branchId: s.branch_id,
    cashierId: s.cashier_id,
    customerId: s.customer_id,
    salesCents: Number(s.total_cents) - Number(s.refunded_cents),
    costCents: lines.reduce((sum, l) => sum + l.costCents, 0),
    salesIqd: Number(s.total_iqd) - Number(s.refunded_iqd),
    costIqd: lines.reduce((sum, l) => sum + l.costIqd, 0),
    lines,
  };
}

/** A sale's figures in its own currency (and its total in dinars at its rate), as the sales row keeps them. */
function ownColumns(d: SaleEventData) {
  const o = ownMoney(d);
  return {
    subtotal_minor: o.subtotalMinor,
    discount_minor: o.discountMinor,
    loyalty_discount_minor: o.loyaltyDiscountMinor,
    tax_minor: o.taxMinor,
    total_minor: o.totalMinor,
    cash_rounding_minor: o.cashRoundingMinor,
    total_iqd: o.totalIqd,
  };
}

/**
 * Sales not yet held, and their lines: two statements however many sales. Answers the ids it inserted
 * (a sale already held, say a void that arrived first, is left as it is).
 */
async function insertSales(
  m: EntityManager,
  sales: readonly { d: SaleEventData; status: 'completed' | 'voided'; voidedAt: string | null }[],
): Promise<Set<string>> {
  const inserted = (await m.query(
    `INSERT INTO sales (sale_id, invoice_number, branch_id, register, cashier_id, customer_id, currency, exchange_rate, subtotal_cents,
       discount_cents, loyalty_discount_cents, tax_cents, total_cents, points_redeemed, points_awarded, status, completed_at, voided_at,
       subtotal_minor, discount_minor, loyalty_discount_minor, tax_minor, total_minor, cash_rounding_minor, total_iqd)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS s(sale_id text, invoice_number text, branch_id text, register text, cashier_id text,
       customer_id text, currency text, exchange_rate numeric, subtotal_cents bigint, discount_cents bigint, loyalty_discount_cents bigint,
       tax_cents bigint, total_cents bigint, points_redeemed int, points_awarded int, status text, completed_at timestamptz, voided_at timestamptz,
       subtotal_minor bigint, discount_minor bigint, loyalty_discount_minor bigint, tax_minor bigint, total_minor bigint,
       cash_rounding_minor bigint, total_iqd bigint)
     ON CONFLICT (sale_id) DO NOTHING RETURNING sale_id`,
    [
      JSON.stringify(
        sales.map(({ d, status, voidedAt }) => ({
          ...ownColumns(d),
          sale_id: d.saleId,
          invoice_number: d.invoiceNumber,
          branch_id: d.branchId,
          register: d.register,
          cashier_id: d.cashierId,
          customer_id: d.customerId,
          currency: d.currency,
          exchange_rate: d.exchangeRate,
          subtotal_cents: d.subtotalCents,
          discount_cents: d.discountCents,
          loyalty_discount_cents: d.loyaltyDiscountCents,
          tax_cents: d.taxCents,
          total_cents: d.totalCents,
          points_redeemed: d.pointsRedeemed,
          points_awarded: d.pointsAwarded,
          status,
          completed_at: d.completedAt,
          voided_at: voidedAt,
        })),
      ),
    ],
  )) as { sale_id: string }[];
  const ids = new Set(inserted.map((r) => r.sale_id));
  const held = sales.filter(({ d }) => ids.has(d.saleId));
  const takings = held.flatMap(({ d }) =>
    saleTakings(d).map((t) => ({ sale_id: d.saleId, method: t.method, currency: t.currency, amount_minor: t.amountMinor, count: t.count })),
  );
  if (takings.length > 0) {
    await m.query(
      `INSERT INTO sale_takings (sale_id, method, currency, amount_minor, count)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(sale_id text, method text, currency text, amount_minor bigint, count int)
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(takings)],
    );
  }
  const lines = held.flatMap(({ d }) =>
    d.lines.map((l) => ({
      sale_id: d.saleId,
      line_id: l.lineId,
      product_id: l.productId,
      sku: l.sku,
      name: l.name,
      quantity: l.quantity,
      unit_price_cents: l.unitPriceCents,
      unit_cost_cents: l.unitCostCents,
      discount_cents: l.discountCents,
      subtotal_cents: l.subtotalCents,
      subtotal_iqd: lineDinars(d, l).subtotalIqd,
      unit_cost_iqd: lineDinars(d, l).unitCostIqd,
      units_per_quantity: lineKind(l).unitsPerQuantity,
      weighed: lineKind(l).grams,
    })),
  );
  if (lines.length > 0) {
    await m.query(
      `INSERT INTO sale_lines (sale_id, line_id, product_id, sku, name, quantity, unit_price_cents, unit_cost_cents, discount_cents, subtotal_cents,
         subtotal_iqd, unit_cost_iqd, units_per_quantity, weighed)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS l(sale_id text, line_id text, product_id text, sku text, name jsonb, quantity int,
         unit_price_cents bigint, unit_cost_cents bigint, discount_cents bigint, subtotal_cents bigint, subtotal_iqd bigint, unit_cost_iqd bigint,
         units_per_quantity int, weighed boolean)
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(lines)],
    );
  }
  return ids;
}

@Injectable()
export class ReportSaleCompletedHandler implements EventHandler<'dukan.sales.sale.completed.v1'> {
  readonly subject = 'dukan.sales.sale.completed.v1' as const;
  constructor(private readonly clock: ShopClock) {}

  /** The batch's new sales, their lines, and what they add to the rollups on their shop day: a few statements in all. */
  async handleAll(events: readonly EventOf<'dukan.sales.sale.completed.v1'>[], m: EntityManager): Promise<void> {
    const inserted = await insertSales(
      m,
      events.map((e) => ({ d: e.data, status: 'completed', voidedAt: null })),
    );
    if (inserted.size === 0) return;
    const delta = new RollupDelta(await this.clock.timeZone(m));
    for (const e of events) {
      if (!inserted.has(e.data.saleId)) continue;
      delta.sale(saleFigures(e.data), e.data.completedAt, 1, true);
      delta.tenders(e.data.branchId, e.data.completedAt, saleTakings(e.data), 'taken');
    }
    await delta.flush(m);
  }
}

/**
 * A void keeps the sale and marks it, and takes what was left of it off the rollups on the day of the void. The
 * void carries the whole sale, so it may arrive first: the sale is then added on its own day and taken off on the
 * void's (the completion that follows finds it held and changes nothing).
 */
@Injectable()
export class ReportSaleVoidedHandler implements EventHandler<'dukan.sales.sale.voided.v1'> {
  readonly subject = 'dukan.sales.sale.voided.v1' as const;
  constructor(private readonly clock: ShopClock) {}

  async handle(event: EventOf<'dukan.sales.sale.voided.v1'>, m: EntityManager): Promise<void> {
    const d = event.data;
    const delta = new RollupDelta(await this.clock.timeZone(m));
    if ((await insertSales(m, [{ d, status: 'voided', voidedAt: d.voidedAt }])).has(d.saleId)) {
      delta.sale(saleFigures(d), d.completedAt, 1, true);
      delta.sale(saleFigures(d), d.voidedAt, -1, true);
      delta.tenders(d.branchId, d.completedAt, saleTakings(d), 'taken');
      delta.tenders(d.branchId, d.voidedAt, saleTakings(d), 'taken', -1);
    } else {
      const before = await one<{ status: string; refunded_cents: string }>(
        m,
        `SELECT status, refunded_cents FROM sales WHERE sale_id = $1 FOR UPDATE`,
        [d.saleId],
      );
      if (!before || before.status === 'voided') return; // already voided
      await m.query(`UPDATE sales SET status = 'voided', voided_at = $2, updated_at = now() WHERE sale_id = $1`, [d.saleId, d.voidedAt]);
      const left = await remainingFigures(m, d.saleId);
      // A fully refunded sale no longer counted as a transaction.
      if (left) delta.sale(left, d.voidedAt, -1, before.status === 'completed');
      // The void gives back what the sale took, tender by tender (sales voids only a sale nothing was refunded of).
      if (Number(before.refunded_cents) === 0) delta.tenders(d.branchId, d.voidedAt, saleTakings(d), 'taken', -1);
    }
    delta.staffAction(d.voidedBy, d.branchId, d.voidedAt, 'void');
    await delta.flush(m);
  }
}

@Injectable()
export class ReportSaleRefundedHandler implements EventHandler<'dukan.sales.sale.refunded.v1'> {
  readonly subject = 'dukan.sales.sale.refunded.v1' as const;
  constructor(private readonly clock: ShopClock) {}

  /** Takes the refunded money, units and their cost off on the refund's day; a refund that empties the sale also its transaction. */
  async handle(event: EventOf<'dukan.sales.sale.refunded.v1'>, m: EntityManager): Promise<void> {
    const d = event.data;
    // Consumers of different subjects run independently: without its sale yet, fail so the bus delivers it again later.
    const sale = await one<{ status: string; branch_id: string; cashier_id: string; customer_id: string | null }>(
      m,
      `SELECT status, branch_id, cashier_id, customer_id FROM sales WHERE sale_id = $1 FOR UPDATE`,
      [d.saleId],
    );
    if (!sale) throw new Error(`sale ${d.saleId} not yet in reporting; retry later`);
    const money = refundMoney(d);
    const fresh = await m.query(
      `INSERT INTO refunds (refund_id, sale_id, amount_cents, refunded_at, amount_minor, amount_iqd) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT DO NOTHING RETURNING refund_id`,
      [d.refundId, d.saleId, d.amountCents, d.refundedAt, money.amountMinor, money.amountIqd],
    );
    if ((fresh as unknown[]).length === 0) return;
    if (d.lines.length > 0) {
      await m.query(
        `INSERT INTO refund_lines (refund_id, line_id, quantity, amount_cents, amount_iqd)
         SELECT $1, * FROM unnest($2::text[], $3::int[], $4::bigint[], $5::bigint[])`,
        [d.refundId, d.lines.map((l) => l.lineId), d.lines.map((l) => l.quantity), d.lines.map((l) => l.amountCents), money.lineIqd],
      );
    }
    if (money.takings.length > 0) {
      await m.query(
        `INSERT INTO refund_takings (refund_id, method, currency, amount_minor, count) SELECT $1, * FROM unnest($2::text[], $3::text[], $4::bigint[], $5::int[])`,
        [
          d.refundId,
          money.takings.map((t) => t.method),
          money.takings.map((t) => t.currency),
          money.takings.map((t) => t.amountMinor),
          money.takings.map((t) => t.count),
        ],
      );
    }
    const costs = await rows<{
      line_id: string;
      product_id: string;
      unit_cost_cents: string;
      unit_cost_iqd: string;
      units_per_quantity: number;
      weighed: boolean;
    }>(
      m,
      `UPDATE sale_lines l SET refunded_quantity = l.refunded_quantity + r.quantity
         FROM unnest($2::text[], $3::int[]) AS r(line_id, quantity)
        WHERE l.sale_id = $1 AND l.line_id = r.line_id
        RETURNING l.line_id, l.product_id, l.unit_cost_cents, l.unit_cost_iqd, l.units_per_quantity, l.weighed`,
      [d.saleId, d.lines.map((l) => l.lineId), d.lines.map((l) => l.quantity)],
    );
    const after = await one<{ status: string }>(
      m,
      `UPDATE sales SET refunded_cents = LEAST(total_cents, refunded_cents + $2),
         refunded_minor = LEAST(total_minor, refunded_minor + $4), refunded_iqd = LEAST(total_iqd, refunded_iqd + $5),
         status = CASE WHEN status = 'voided' THEN status WHEN $3 OR refunded_cents + $2 >= total_cents THEN 'refunded' ELSE status END,
         updated_at = now()
       WHERE sale_id = $1 RETURNING status`,
      [d.saleId, d.amountCents, d.fullyRefunded, money.amountMinor, money.amountIqd],
    );
    if (sale.status === 'voided') return; // the void took everything off already
    const byLine = new Map(costs.map((c) => [c.line_id, c]));
    const lines = d.lines.flatMap((l, i) => {
      const c = byLine.get(l.lineId);
      if (!c) return [];
      const stock = lineStock(
        { unitsPerQuantity: c.units_per_quantity, grams: c.weighed },
        l.quantity,
        Number(c.unit_cost_cents),
        Number(c.unit_cost_iqd),
      );
      return [
        {
          productId: c.product_id,
          quantity: stock.units,
          revenueCents: l.amountCents,
          costCents: stock.costCents,
          revenueIqd: money.lineIqd[i] ?? 0,
          costIqd: stock.costIqd,
        },
      ];
    });
    const delta = new RollupDelta(await this.clock.timeZone(m));
    const emptied = sale.status === 'completed' && after?.status === 'refunded';
    delta.sale(
      {
        branchId: sale.branch_id,
        cashierId: sale.cashier_id,
        customerId: sale.customer_id,
        salesCents: d.amountCents,
        costCents: lines.reduce((s, l) => s + l.costCents, 0),
        salesIqd: money.amountIqd,
        costIqd: lines.reduce((s, l) => s + l.costIqd, 0),
        lines,
      },
      d.refundedAt,
      -1,
      emptied,
    );
    delta.tenders(sale.branch_id, d.refundedAt, money.takings, 'refunded');
    delta.staffAction(d.cashierId, sale.branch_id, d.refundedAt, 'refund', d.amountCents);
    await delta.flush(m);
  }
}
