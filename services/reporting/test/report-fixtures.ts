// A small shop's history made of events, and the figures the reports must show, worked out here directly from it.
import { randomUUID } from 'node:crypto';
import type { EventOf, SaleEventData } from '@dukan/contracts';
import { envelope } from './fixtures.js';

/** Baghdad is UTC+3 all year: the shop day of an instant. */
export const baghdadDay = (at: string) => new Date(Date.parse(at) + 3 * 3_600_000).toISOString().slice(0, 10);

export interface MadeSale {
  sale: SaleEventData;
  refunds: { at: string; amountCents: number; by: string; lines: { lineId: string; quantity: number; amountCents: number }[] }[];
  voided?: { at: string; by: string };
}

export function line(productId: string, quantity: number, unitPriceCents: number, unitCostCents: number) {
  return {
    lineId: randomUUID(),
    productId,
    sku: `SKU-${productId.slice(0, 4)}`,
    name: { en: `Item ${productId.slice(0, 4)}`, ku: `کاڵا ${productId.slice(0, 4)}` },
    quantity,
    unitPriceCents,
    unitCostCents,
    discountCents: 0,
    subtotalCents: quantity * unitPriceCents,
  };
}

let invoice = 5000;
export function madeSale(
  at: string,
  cashierId: string,
  customerId: string | null,
  lines: ReturnType<typeof line>[],
  discountCents = 0,
): MadeSale {
  invoice += 1;
  const subtotal = lines.reduce((s, l) => s + l.subtotalCents, 0);
  const total = subtotal - discountCents;
  return {
    refunds: [],
    sale: {
      saleId: randomUUID(),
      invoiceNumber: `INV-${invoice}`,
      register: 'main',
      branchId: 'main',
      cashierId,
      customerId,
      currency: 'USD',
      exchangeRate: 1450,
      lines,
      subtotalCents: subtotal,
      discountCents,
      loyaltyDiscountCents: 0,
      taxRateBasisPoints: 0,
      taxCents: 0,
      totalCents: total,
      pointsRedeemed: 0,
      redemptionId: null,
      pointsAwarded: 0,
      paymentMethod: 'cash',
      tenderedMinor: total,
      changeMinor: 0,
      completedAt: at,
    },
  };
}

export function completedEvent(m: MadeSale): EventOf<'dukan.sales.sale.completed.v1'> {
  return envelope('dukan.sales.sale.completed.v1', m.sale, m.sale.completedAt);
}

export function voidEvent(m: MadeSale, at: string, by: string): EventOf<'dukan.sales.sale.voided.v1'> {
  m.voided = { at, by };
  return envelope('dukan.sales.sale.voided.v1', { ...m.sale, voidedAt: at, voidedBy: by, reason: null }, at);
}

export function refundEvent(
  m: MadeSale,
  at: string,
  by: string,
  lines: { lineIndex: number; quantity: number }[],
): EventOf<'dukan.sales.sale.refunded.v1'> {
  const refundLines = lines.map(({ lineIndex, quantity }) => {
    const l = m.sale.lines[lineIndex]!;
    return { lineId: l.lineId, productId: l.productId, sku: l.sku, quantity, amountCents: quantity * l.unitPriceCents, restock: true };
  });
  const amountCents = refundLines.reduce((s, l) => s + l.amountCents, 0);
  m.refunds.push({
    at,
    amountCents,
    by,
    lines: refundLines.map((l) => ({ lineId: l.lineId, quantity: l.quantity, amountCents: l.amountCents })),
  });
  const refunded = m.refunds.reduce((s, r) => s + r.amountCents, 0);
  return envelope(
    'dukan.sales.sale.refunded.v1',
    {
      saleId: m.sale.saleId,
      refundId: randomUUID(),
      invoiceNumber: m.sale.invoiceNumber,
      register: 'main',
      branchId: 'main',
      cashierId: by,
      customerId: m.sale.customerId,
      currency: 'USD',
      exchangeRate: 1450,
      lines: refundLines,
      amountCents,
      pointsReturned: 0,
      pointsRevoked: 0,
      fullyRefunded: refunded >= m.sale.totalCents,
      reason: null,
      refundedAt: at,
    },
    at,
  );
}

const inRange = (day: string, start: string | null, end: string | null) => (!start || day >= start) && (!end || day <= end);

export interface Expected {
  salesCents: number;
  costCents: number;
  transactions: number;
  byDay: Map<string, { salesCents: number; costCents: number; transactions: number }>;
  products: Map<string, { quantity: number; revenueCents: number; costCents: number }>;
  cashiers: Map<
    string,
    { salesCents: number; transactions: number; voids: number; refunds: number; refundedCents: number; seconds: number; days: number }
  >;
  customers: Map<string, { spentCents: number; purchases: number }>;
}

/**
 * The reports' figures for [start, end] worked out sale by sale: a sale counts on its day; a refund takes its money,
 * units and their cost off on its day (and the transaction, once nothing is left); a void takes off whatever was left
 * of the sale on the void's day.
 */
export function expected(made: MadeSale[], start: string | null, end: string | null): Expected {
  const out: Expected = {
    salesCents: 0,
    costCents: 0,
    transactions: 0,
    byDay: new Map(),
    products: new Map(),
    cashiers: new Map(),
    customers: new Map(),
  };
  const spans = new Map<string, { first: number; last: number }>(); // cashier|day
  const cashier = (id: string) => {
    if (!out.cashiers.has(id))
      out.cashiers.set(id, { salesCents: 0, transactions: 0, voids: 0, refunds: 0, refundedCents: 0, seconds: 0, days: 0 });
    return out.cashiers.get(id)!;
  };
  const add = (
    at: string,
    s: MadeSale,
    money: number,
    cost: number,
    tx: number,
    units: { productId: string; q: number; revenue: number; cost: number }[],
  ) => {
    const day = baghdadDay(at);
    if (!inRange(day, start, end)) return;
    out.salesCents += money;
    out.costCents += cost;
    out.transactions += tx;
    const d = out.byDay.get(day) ?? { salesCents: 0, costCents: 0, transactions: 0 };
    out.byDay.set(day, { salesCents: d.salesCents + money, costCents: d.costCents + cost, transactions: d.transactions + tx });
    for (const u of units) {
      const p = out.products.get(u.productId) ?? { quantity: 0, revenueCents: 0, costCents: 0 };
      out.products.set(u.productId, {
        quantity: p.quantity + u.q,
        revenueCents: p.revenueCents + u.revenue,
        costCents: p.costCents + u.cost,
      });
    }
    const c = cashier(s.sale.cashierId);
    c.salesCents += money;
    c.transactions += tx;
    if (s.sale.customerId) {
      const k = out.customers.get(s.sale.customerId) ?? { spentCents: 0, purchases: 0 };
      out.customers.set(s.sale.customerId, { spentCents: k.spentCents + money, purchases: k.purchases + tx });
    }
  };
  for (const s of made) {
    const lines = s.sale.lines.map((l) => ({ ...l, left: l.quantity, leftRevenue: l.subtotalCents }));
    add(
      s.sale.completedAt,
      s,
      s.sale.totalCents,
      lines.reduce((t, l) => t + l.unitCostCents * l.quantity, 0),
      1,
      lines.map((l) => ({ productId: l.productId, q: l.quantity, revenue: l.subtotalCents, cost: l.unitCostCents * l.quantity })),
    );
    const day = baghdadDay(s.sale.completedAt);
    if (inRange(day, start, end)) {
      const key = `${s.sale.cashierId}|${day}`;
      const t = Date.parse(s.sale.completedAt);
      const span = spans.get(key);
      spans.set(key, { first: Math.min(span?.first ?? t, t), last: Math.max(span?.last ?? t, t) });
    }
    let refunded = 0;
    for (const r of s.refunds) {
      refunded += r.amountCents;
      const units = r.lines.map((rl) => {
        const l = lines.find((x) => x.lineId === rl.lineId)!;
        l.left -= rl.quantity;
        l.leftRevenue -= rl.amountCents;
        return { productId: l.productId, q: -rl.quantity, revenue: -rl.amountCents, cost: -l.unitCostCents * rl.quantity };
      });
      add(
        r.at,
        s,
        -r.amountCents,
        units.reduce((t, u) => t + u.cost, 0),
        refunded >= s.sale.totalCents ? -1 : 0,
        units,
      );
      if (inRange(baghdadDay(r.at), start, end)) {
        const c = cashier(r.by);
        c.refunds += 1;
        c.refundedCents += r.amountCents;
      }
    }
    if (s.voided) {
      const units = lines.map((l) => ({ productId: l.productId, q: -l.left, revenue: -l.leftRevenue, cost: -l.unitCostCents * l.left }));
      add(
        s.voided.at,
        s,
        -(s.sale.totalCents - refunded),
        units.reduce((t, u) => t + u.cost, 0),
        refunded >= s.sale.totalCents ? 0 : -1,
        units,
      );
      if (inRange(baghdadDay(s.voided.at), start, end)) cashier(s.voided.by).voids += 1;
    }
  }
  for (const [key, span] of spans) {
    const c = cashier(key.split('|')[0]!);
    c.seconds += (span.last - span.first) / 1000;
    c.days += 1;
  }
  return out;
}
