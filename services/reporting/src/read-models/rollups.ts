import type { EntityManager } from 'typeorm';
import type { TenderTaking } from '@dukan/contracts';
import { anchorOnOrBefore, nextAnchor } from '../reports/report-range.policy.js';

/** The period an 'all time' row is kept under. */
export const ALL_TIME = '2000-01-01';

const formats = new Map<string, Intl.DateTimeFormat>();

/** The shop day (yyyy-MM-dd) of an instant in a time zone. */
export function shopDay(at: string | Date, timeZone: string): string {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, f);
  }
  return f.format(typeof at === 'string' ? new Date(at) : at);
}

export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/**
 * What a sale (or what is left of it) adds to the rollups; negated for a void or a refund. Money in dollars (cents)
 * and in dinars, each of a sale at its own rate.
 */
export interface SaleFigures {
  branchId: string;
  cashierId: string;
  customerId: string | null;
  salesCents: number;
  costCents: number;
  salesIqd: number;
  costIqd: number;
  lines: { productId: string; quantity: number; revenueCents: number; costCents: number; revenueIqd: number; costIqd: number }[];
}

interface Sums {
  [field: string]: number | string | null;
}

/**
 * Changes to the rollups (each per branch) gathered over a batch of events, then written in one statement per table, rows in
 * key order (so two consumers touching the same rows lock them in the same order).
 */
export class RollupDelta {
  private readonly branch = new Map<string, Sums>();
  private readonly cashier = new Map<string, Sums>();
  private readonly product = new Map<string, Sums>();
  private readonly customer = new Map<string, Sums>();
  private readonly takings = new Map<string, Sums>();

  constructor(private readonly timeZone: string) {}

  private bump(
    map: Map<string, Sums>,
    key: string,
    init: () => Sums,
    add: Record<string, number>,
    at?: { first?: string; last?: string },
  ): void {
    let row = map.get(key);
    if (!row) map.set(key, (row = init()));
    for (const [field, n] of Object.entries(add)) row[field] = (row[field] as number) + n;
    if (at?.first && (!row.first || at.first < (row.first as string))) row.first = at.first;
    if (at?.last && (!row.last || at.last > (row.last as string))) row.last = at.last;
  }

  /**
   * A sale on the day of `at`: sign 1 when it is made, -1 for what a void or refund takes back. `transaction`:
   * whether the number of sales (and of the customer's purchases) changes; `activity`: a sale made, which
   * moves the cashier's first and last sale of the day and the customer's last purchase.
   */
  sale(f: SaleFigures, at: string, sign: 1 | -1, transaction: boolean, activity = sign === 1): void {
    const day = shopDay(at, this.timeZone);
    const iso = new Date(at).toISOString();
    const tx = transaction ? sign : 0;
    const stamp = activity ? { first: iso, last: iso } : undefined;
    this.bump(
      this.branch,
      `${day}|${f.branchId}`,
      () => ({ day, branchId: f.branchId, sales: 0, cost: 0, tx: 0, salesIqd: 0, costIqd: 0 }),
      { sales: sign * f.salesCents, cost: sign * f.costCents, tx, salesIqd: sign * f.salesIqd, costIqd: sign * f.costIqd },
    );
    this.bump(
      this.cashier,
      `${day}|${f.branchId}|${f.cashierId}`,
      () => cashierRow(day, f.branchId, f.cashierId),
      { sales: sign * f.salesCents, tx },
      stamp,
    );
    for (const [grain, period] of this.periods(day)) {
      for (const l of f.lines) {
        this.bump(
          this.product,
          `${grain}|${period}|${f.branchId}|${l.productId}`,
          () => ({ grain, period, branchId: f.branchId, id: l.productId, qty: 0, revenue: 0, cost: 0, revenueIqd: 0, costIqd: 0 }),
          {
            qty: sign * l.quantity,
            revenue: sign * l.revenueCents,
            cost: sign * l.costCents,
            revenueIqd: sign * l.revenueIqd,
            costIqd: sign * l.costIqd,
          },
        );
      }
      if (f.customerId) {
        const id = f.customerId;
        this.bump(
          this.customer,
          `${grain}|${period}|${f.branchId}|${id}`,
          () => ({ grain, period, branchId: f.branchId, id, spent: 0, purchases: 0, first: null, last: null }),
          {
            spent: sign * f.salesCents,
            purchases: tx,
          },
          stamp && { last: iso },
        );
      }
    }
  }

  /** A void or a refund someone made (counted for the person who made it, on the day they made it, in the sale's branch). */
  staffAction(userId: string, branchId: string, at: string, kind: 'void' | 'refund', refundedCents = 0): void {
    const day = shopDay(at, this.timeZone);
    this.bump(
      this.cashier,
      `${day}|${branchId}|${userId}`,
      () => cashierRow(day, branchId, userId),
      kind === 'void' ? { voids: 1 } : { refunds: 1, refunded: refundedCents },
    );
  }

  /**
   * Money taken (a sale's takings: sign 1; what a void gives back: -1) or handed back by a refund, per method and
   * currency, in that currency, on the day of `at` in the branch.
   */
  tenders(branchId: string, at: string, takings: readonly TenderTaking[], kind: 'taken' | 'refunded', sign: 1 | -1 = 1): void {
    const day = shopDay(at, this.timeZone);
    for (const t of takings) {
      this.bump(
        this.takings,
        `${day}|${branchId}|${t.method}|${t.currency}`,
        () => ({ day, branchId, method: t.method, currency: t.currency, taken: 0, payments: 0, refunded: 0, refunds: 0 }),
        kind === 'taken'
          ? { taken: sign * t.amountMinor, payments: sign * t.count }
          : { refunded: sign * t.amountMinor, refunds: sign * t.count },
      );
    }
  }

  private periods(day: string): [string, string][] {
    return [
      ['d', day],
      ['m', monthOf(day)],
      ['a', ALL_TIME],
    ];
  }

  async flush(m: EntityManager): Promise<void> {
    const sorted = (map: Map<string, Sums>) => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
    // The branches whose anchored rows this changes, locked (in order, before any row) to the commit: see carryAnchors.
    for (const branch of [...new Set([...this.product.values(), ...this.customer.values()].map((r) => r.branchId as string))].sort())
      await m.query(`SELECT pg_advisory_xact_lock(hashtextextended('reporting.rollup_anchors:' || $1, 0))`, [branch]);
    const col = <T>(rows: Sums[], field: string) => rows.map((r) => r[field] as T);
    const branch = sorted(this.branch);
    if (branch.length) {
      await m.query(
        `INSERT INTO branch_sales_daily (day, branch_id, sales_cents, cost_cents, transactions, sales_iqd, cost_iqd)
         SELECT * FROM unnest($1::date[], $2::text[], $3::bigint[], $4::bigint[], $5::int[], $6::bigint[], $7::bigint[])
         ON CONFLICT (day, branch_id) DO UPDATE SET sales_cents = branch_sales_daily.sales_cents + EXCLUDED.sales_cents,
           cost_cents = branch_sales_daily.cost_cents + EXCLUDED.cost_cents, transactions = branch_sales_daily.transactions + EXCLUDED.transactions,
           sales_iqd = branch_sales_daily.sales_iqd + EXCLUDED.sales_iqd, cost_iqd = branch_sales_daily.cost_iqd + EXCLUDED.cost_iqd`,
        [
          col(branch, 'day'),
          col(branch, 'branchId'),
          col(branch, 'sales'),
          col(branch, 'cost'),
          col(branch, 'tx'),
          col(branch, 'salesIqd'),
          col(branch, 'costIqd'),
        ],
      );
    }
    const cashier = sorted(this.cashier);
    if (cashier.length) {
      await m.query(
        `INSERT INTO cashier_sales_daily (day, cashier_id, sales_cents, transactions, first_sale_at, last_sale_at, voids, refunds, refunded_cents, branch_id)
         SELECT * FROM unnest($1::date[], $2::uuid[], $3::bigint[], $4::int[], $5::timestamptz[], $6::timestamptz[], $7::int[], $8::int[], $9::bigint[], $10::text[])
         ON CONFLICT (day, branch_id, cashier_id) DO UPDATE SET sales_cents = cashier_sales_daily.sales_cents + EXCLUDED.sales_cents,
           transactions = cashier_sales_daily.transactions + EXCLUDED.transactions,
           first_sale_at = LEAST(cashier_sales_daily.first_sale_at, EXCLUDED.first_sale_at),
           last_sale_at = GREATEST(cashier_sales_daily.last_sale_at, EXCLUDED.last_sale_at),
           voids = cashier_sales_daily.voids + EXCLUDED.voids, refunds = cashier_sales_daily.refunds + EXCLUDED.refunds,
           refunded_cents = cashier_sales_daily.refunded_cents + EXCLUDED.refunded_cents`,
        [
          col(cashier, 'day'),
          col(cashier, 'id'),
          col(cashier, 'sales'),
          col(cashier, 'tx'),
          col(cashier, 'first'),
          col(cashier, 'last'),
          col(cashier, 'voids'),
          col(cashier, 'refunds'),
          col(cashier, 'refunded'),
          col(cashier, 'branchId'),
        ],
      );
    }
    const product = sorted(this.product);
    if (product.length) {
      await m.query(
        `INSERT INTO product_sales (grain, period, product_id, quantity, revenue_cents, cost_cents, branch_id, revenue_iqd, cost_iqd)
         SELECT * FROM unnest($1::"char"[], $2::date[], $3::uuid[], $4::int[], $5::bigint[], $6::bigint[], $7::text[], $8::bigint[], $9::bigint[])
         ON CONFLICT (grain, period, branch_id, product_id) DO UPDATE SET quantity = product_sales.quantity + EXCLUDED.quantity,
           revenue_cents = product_sales.revenue_cents + EXCLUDED.revenue_cents, cost_cents = product_sales.cost_cents + EXCLUDED.cost_cents,
           revenue_iqd = product_sales.revenue_iqd + EXCLUDED.revenue_iqd, cost_iqd = product_sales.cost_iqd + EXCLUDED.cost_iqd`,
        [
          col(product, 'grain'),
          col(product, 'period'),
          col(product, 'id'),
          col(product, 'qty'),
          col(product, 'revenue'),
          col(product, 'cost'),
          col(product, 'branchId'),
          col(product, 'revenueIqd'),
          col(product, 'costIqd'),
        ],
      );
    }
    const customer = sorted(this.customer);
    if (customer.length) {
      await m.query(
        `INSERT INTO customer_sales (grain, period, customer_id, spent_cents, purchases, last_purchase_at, branch_id)
         SELECT * FROM unnest($1::"char"[], $2::date[], $3::uuid[], $4::bigint[], $5::int[], $6::timestamptz[], $7::text[])
         ON CONFLICT (grain, period, branch_id, customer_id) DO UPDATE SET spent_cents = customer_sales.spent_cents + EXCLUDED.spent_cents,
           purchases = customer_sales.purchases + EXCLUDED.purchases,
           last_purchase_at = GREATEST(customer_sales.last_purchase_at, EXCLUDED.last_purchase_at)`,
        [
          col(customer, 'grain'),
          col(customer, 'period'),
          col(customer, 'id'),
          col(customer, 'spent'),
          col(customer, 'purchases'),
          col(customer, 'last'),
          col(customer, 'branchId'),
        ],
      );
    }
    await carryAnchors(
      m,
      product.filter((r) => r.grain === 'd'),
      customer.filter((r) => r.grain === 'd'),
    );
    const takings = sorted(this.takings);
    if (takings.length) {
      await m.query(
        `INSERT INTO tender_takings_daily (day, branch_id, method, currency, taken_minor, payments, refunded_minor, refunds)
         SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::int[], $7::bigint[], $8::int[])
         ON CONFLICT (day, branch_id, method, currency) DO UPDATE SET taken_minor = tender_takings_daily.taken_minor + EXCLUDED.taken_minor,
           payments = tender_takings_daily.payments + EXCLUDED.payments,
           refunded_minor = tender_takings_daily.refunded_minor + EXCLUDED.refunded_minor,
           refunds = tender_takings_daily.refunds + EXCLUDED.refunds`,
        [
          col(takings, 'day'),
          col(takings, 'branchId'),
          col(takings, 'method'),
          col(takings, 'currency'),
          col(takings, 'taken'),
          col(takings, 'payments'),
          col(takings, 'refunded'),
          col(takings, 'refunds'),
        ],
      );
    }
  }
}

function cashierRow(day: string, branchId: string, id: string): Sums {
  return { day, branchId, id, sales: 0, tx: 0, first: null, last: null, voids: 0, refunds: 0, refunded: 0 };
}

/**
 * Keeps each branch's anchored cumulative rows (see the anchored-rollups migration) in step with the day rows just
 * written: a change on a day before the branch's last anchor is added to every anchor after that day (a sale made
 * offline and sent later); figures reaching a new anchor make its rows (and any skipped before it) from the last
 * one and the days between. Per branch, under a lock taken before any row and held to the commit, so an anchor is
 * never made while another transaction still changes the days it sums.
 */
async function carryAnchors(m: EntityManager, product: Sums[], customer: Sums[]): Promise<void> {
  const branches = [...new Set([...product, ...customer].map((r) => r.branchId as string))].sort();
  for (const branch of branches) {
    const ours = (rows: Sums[]) => rows.filter((r) => r.branchId === branch);
    const [held] = (await m.query(
      `SELECT first_anchor::text AS first, last_anchor::text AS last FROM rollup_anchors WHERE branch_id = $1`,
      [branch],
    )) as { first: string; last: string }[];
    const days = [...ours(product), ...ours(customer)].map((r) => r.period as string).sort();
    const target = anchorOnOrBefore(days.at(-1)!);
    if (held) {
      // Each change on a day before the last anchor, to every held anchor after that day.
      const later = (day: string) => {
        const out: string[] = [];
        for (let x = nextAnchor(anchorOnOrBefore(day)); x <= held.last; x = nextAnchor(x)) if (x >= held.first) out.push(x);
        return out;
      };
      const p = ours(product).flatMap((r) => later(r.period as string).map((x): Sums => ({ ...r, period: x })));
      if (p.length) {
        await m.query(
          `INSERT INTO product_sales (grain, period, branch_id, product_id, quantity, revenue_cents, cost_cents, revenue_iqd, cost_iqd)
           SELECT 'c', * FROM unnest($1::date[], $2::text[], $3::uuid[], $4::int[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[])
           ON CONFLICT (grain, period, branch_id, product_id) DO UPDATE SET quantity = product_sales.quantity + EXCLUDED.quantity,
             revenue_cents = product_sales.revenue_cents + EXCLUDED.revenue_cents, cost_cents = product_sales.cost_cents + EXCLUDED.cost_cents,
             revenue_iqd = product_sales.revenue_iqd + EXCLUDED.revenue_iqd, cost_iqd = product_sales.cost_iqd + EXCLUDED.cost_iqd`,
          [
            p.map((r) => r.period),
            p.map((r) => r.branchId),
            p.map((r) => r.id),
            p.map((r) => r.qty),
            p.map((r) => r.revenue),
            p.map((r) => r.cost),
            p.map((r) => r.revenueIqd),
            p.map((r) => r.costIqd),
          ],
        );
      }
      const c = ours(customer).flatMap((r) => later(r.period as string).map((x): Sums => ({ ...r, period: x })));
      if (c.length) {
        await m.query(
          `INSERT INTO customer_sales (grain, period, branch_id, customer_id, spent_cents, purchases, last_purchase_at)
           SELECT 'c', * FROM unnest($1::date[], $2::text[], $3::uuid[], $4::bigint[], $5::int[], $6::timestamptz[])
           ON CONFLICT (grain, period, branch_id, customer_id) DO UPDATE SET spent_cents = customer_sales.spent_cents + EXCLUDED.spent_cents,
             purchases = customer_sales.purchases + EXCLUDED.purchases,
             last_purchase_at = GREATEST(customer_sales.last_purchase_at, EXCLUDED.last_purchase_at)`,
          [
            c.map((r) => r.period),
            c.map((r) => r.branchId),
            c.map((r) => r.id),
            c.map((r) => r.spent),
            c.map((r) => r.purchases),
            c.map((r) => r.last),
          ],
        );
      }
    }
    if (held && target <= held.last) continue;
    // New anchors: the first one a branch holds sums every day before it; each next one, the one before and the days between.
    let prev: string | null = held?.last ?? null;
    for (let x = held ? nextAnchor(held.last) : target; x <= target; prev = x, x = nextAnchor(x))
      await m.query(`SELECT roll_rollups_forward($1, $2::date, $3::date)`, [branch, prev, x]);
    await m.query(
      `INSERT INTO rollup_anchors (branch_id, first_anchor, last_anchor) VALUES ($1, $2, $2)
       ON CONFLICT (branch_id) DO UPDATE SET last_anchor = EXCLUDED.last_anchor`,
      [branch, target],
    );
  }
}
