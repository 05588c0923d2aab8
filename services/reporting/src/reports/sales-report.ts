import {
  CURRENCIES,
  TENDER_METHODS,
  type Currency,
  type LocalizedText,
  type SalesReportDto,
  type SoldBy,
  type TenderMethod,
  type TenderTakingsDto,
} from '@dukan/contracts';
import { one } from '@dukan/platform';
import { IN_RANGE, inBranches, inPeriods, isSingleRead, jsonRows, signed, type ReportScope } from './report-scope.js';

export const TOP_ROWS = 50;

/** Whole grams as kilograms, exact to the gram (3 decimals). */
export const gramsToKg = (grams: number) => Math.round(grams) / 1000;

interface Row {
  days: { day: string; sales: number; cost: number; tx: number }[];
  top: {
    product_id: string;
    qty: number;
    revenue: number;
    cost: number;
    name: LocalizedText | null;
    sku: string | null;
    sold_by: SoldBy | null;
  }[];
  paid: string | null;
  tenders: TakingsRow[];
}

export interface TakingsRow {
  method: TenderMethod;
  currency: Currency;
  taken: number | string;
  payments: number | string;
  refunded: number | string;
  refunds: number | string;
}

/** Takings rows as the reports give them: method order, then USD before IQD; rows where nothing happened left out. */
export function takingsByTender(rows: readonly TakingsRow[]): TenderTakingsDto[] {
  const rank = (r: TakingsRow) => TENDER_METHODS.indexOf(r.method) * CURRENCIES.length + CURRENCIES.indexOf(r.currency);
  return [...rows]
    .sort((a, b) => rank(a) - rank(b))
    .map((r) => ({
      method: r.method,
      currency: r.currency,
      takenMinor: Number(r.taken),
      payments: Number(r.payments),
      refundedMinor: Number(r.refunded),
      refunds: Number(r.refunds),
    }))
    .filter((r) => r.takenMinor !== 0 || r.payments !== 0 || r.refundedMinor !== 0 || r.refunds !== 0);
}

/**
 * The best-selling products of the range: one branch's stored period read in index order, else summed per product.
 * Revenue and cost in the report's currency: dollars or dinars, each sale's at its own rate.
 */
function topProducts(s: ReportScope): string {
  const where = `${inPeriods(s.periods)} AND ${inBranches(s.branches, 'branch_id')}`;
  const [revenue, cost] = s.currency === 'IQD' ? ['revenue_iqd', 'cost_iqd'] : ['revenue_cents', 'cost_cents'];
  if (isSingleRead(s)) {
    return `SELECT product_id, quantity AS qty, ${revenue} AS revenue, ${cost} AS cost FROM product_sales
             WHERE ${where} ORDER BY ${revenue} DESC, product_id LIMIT ${TOP_ROWS}`;
  }
  const p = s.periods;
  // All time less the periods outside, or the figures to the end less those before the start: a product sold only
  // outside the range nets to nothing and is not listed.
  const having =
    p.less || p.terms ? `HAVING sum(${signed(p, 'quantity')}) <> 0 OR sum(${signed(p, revenue)}) <> 0 OR sum(${signed(p, cost)}) <> 0` : '';
  return `SELECT product_id, sum(${signed(p, 'quantity')}) AS qty, sum(${signed(p, revenue)}) AS revenue, sum(${signed(p, cost)}) AS cost
            FROM product_sales WHERE ${where} GROUP BY product_id ${having}
           ORDER BY sum(${signed(p, revenue)}) DESC, product_id LIMIT ${TOP_ROWS}`;
}

/**
 * Sales, profit and paid expenses per shop day from the branch rollup (of the scope's branches); the best-selling
 * products from the product rollup; the takings per payment method and currency from their daily rollup. One
 * statement. In dinars every figure is the dinar column the rollups keep (each sale, refund and expense at its own
 * rate), never the dollars converted at today's rate.
 */
export async function salesReport(s: ReportScope): Promise<SalesReportDto> {
  const iqd = s.currency === 'IQD';
  const [sales, cost, paid] = iqd ? ['sales_iqd', 'cost_iqd', 'amount_iqd'] : ['sales_cents', 'cost_cents', 'amount_base_cents'];
  // Dollars come as cents, dinars as dinars.
  const money = (amount: number | string | null) => (iqd ? Math.round(Number(amount ?? 0)) : Math.round(Number(amount ?? 0)) / 100);
  const row = await one<Row>(
    s.m,
    `SELECT
       ${jsonRows(
         `SELECT day::text AS day, sum(${sales}) AS sales, sum(${cost}) AS cost, sum(transactions) AS tx
                     FROM branch_sales_daily WHERE ${IN_RANGE('day')} AND ${inBranches(s.branches, 'branch_id')} GROUP BY day`,
         'x.day',
       )} AS days,
       ${jsonRows(
         `SELECT method, currency, sum(taken_minor) AS taken, sum(payments) AS payments, sum(refunded_minor) AS refunded, sum(refunds) AS refunds
                     FROM tender_takings_daily WHERE ${IN_RANGE('day')} AND ${inBranches(s.branches, 'branch_id')} GROUP BY method, currency`,
       )} AS tenders,
       -- Names from the products replica; for a product it never heard of, the name the sale recorded.
       ${jsonRows(
         `SELECT t.product_id, t.qty, t.revenue, t.cost,
                     CASE WHEN p.name->>'en' <> '' THEN p.name ELSE (SELECT l.name FROM sale_lines l WHERE l.product_id = t.product_id::text LIMIT 1) END AS name,
                     coalesce(p.sku, (SELECT l.sku FROM sale_lines l WHERE l.product_id = t.product_id::text LIMIT 1)) AS sku,
                     p.sold_by
                     FROM (${topProducts(s)}) t
                     LEFT JOIN products p ON p.product_id = t.product_id::text`,
         'x.revenue DESC, x.product_id',
       )} AS top,
       (SELECT sum(${paid}) FROM expenses
         WHERE status = 'paid' AND deleted_at IS NULL AND ${IN_RANGE('expense_date')} AND ${inBranches(s.branches, 'branch_id')}) AS paid`,
    [s.start, s.end],
  );
  const days = row?.days ?? [];
  const totalSales = days.reduce((t, d) => t + Number(d.sales), 0);
  const totalCost = days.reduce((t, d) => t + Number(d.cost), 0);
  const tx = days.reduce((t, d) => t + Number(d.tx), 0);
  const expenses = Number(row?.paid ?? 0);
  return {
    ...s.meta,
    summary: {
      totalSales: money(totalSales),
      totalTransactions: tx,
      averageOrderValue: money(tx > 0 ? Math.round(totalSales / tx) : 0),
      grossProfit: money(totalSales - totalCost),
      expenses: money(expenses),
      netProfit: money(totalSales - totalCost - expenses),
    },
    salesByDate: days.map((d) => ({
      date: d.day,
      total: money(d.sales),
      transactions: Number(d.tx),
      profit: money(Number(d.sales) - Number(d.cost)),
    })),
    topProducts: (row?.top ?? []).map((p) => ({
      _id: p.product_id,
      name: p.name ?? { en: p.product_id, ku: '' },
      sku: p.sku ?? '',
      soldBy: p.sold_by ?? 'unit',
      // A weighed product's grams as kilograms (3 decimals: grams are whole).
      quantity: p.sold_by === 'weight' ? gramsToKg(Number(p.qty)) : Number(p.qty),
      revenue: money(p.revenue),
      profit: money(Number(p.revenue) - Number(p.cost)),
    })),
    takingsByTender: takingsByTender(row?.tenders ?? []),
  };
}
