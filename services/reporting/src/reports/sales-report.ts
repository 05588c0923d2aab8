import type { LocalizedText, SalesReportDto } from '@dukan/contracts';
import { one } from '@dukan/platform';
import { IN_RANGE, inBranches, inPeriods, isSingleRead, jsonRows, type ReportScope } from './report-scope.js';

export const TOP_ROWS = 50;

interface Row {
  days: { day: string; sales: number; cost: number; tx: number }[];
  top: { product_id: string; qty: number; revenue: number; cost: number; name: LocalizedText | null; sku: string | null }[];
  paid: string | null;
}

/** The best-selling products of the range: one branch's stored period read in index order, else summed per product. */
function topProducts(s: ReportScope): string {
  const where = `${inPeriods(s.periods)} AND ${inBranches(s.branches, 'branch_id')}`;
  if (isSingleRead(s)) {
    return `SELECT product_id, quantity AS qty, revenue_cents AS revenue, cost_cents AS cost FROM product_sales
             WHERE ${where} ORDER BY revenue_cents DESC, product_id LIMIT ${TOP_ROWS}`;
  }
  return `SELECT product_id, sum(quantity) AS qty, sum(revenue_cents) AS revenue, sum(cost_cents) AS cost
            FROM product_sales WHERE ${where} GROUP BY product_id
           ORDER BY sum(revenue_cents) DESC, product_id LIMIT ${TOP_ROWS}`;
}

/** Sales, profit and paid expenses per shop day from the branch rollup (of the scope's branches); the best-selling products from the product rollup. One statement. */
export async function salesReport(s: ReportScope): Promise<SalesReportDto> {
  const row = await one<Row>(
    s.m,
    `SELECT
       ${jsonRows(
         `SELECT day::text AS day, sum(sales_cents) AS sales, sum(cost_cents) AS cost, sum(transactions) AS tx
                     FROM branch_sales_daily WHERE ${IN_RANGE('day')} AND ${inBranches(s.branches, 'branch_id')} GROUP BY day`,
         'x.day',
       )} AS days,
       -- Names from the products replica; for a product it never heard of, the name the sale recorded.
       ${jsonRows(
         `SELECT t.product_id, t.qty, t.revenue, t.cost,
                     CASE WHEN p.name->>'en' <> '' THEN p.name ELSE (SELECT l.name FROM sale_lines l WHERE l.product_id = t.product_id::text LIMIT 1) END AS name,
                     coalesce(p.sku, (SELECT l.sku FROM sale_lines l WHERE l.product_id = t.product_id::text LIMIT 1)) AS sku
                     FROM (${topProducts(s)}) t
                     LEFT JOIN products p ON p.product_id = t.product_id::text`,
         'x.revenue DESC, x.product_id',
       )} AS top,
       (SELECT sum(amount_base_cents) FROM expenses
         WHERE status = 'paid' AND deleted_at IS NULL AND ${IN_RANGE('expense_date')} AND ${inBranches(s.branches, 'branch_id')}) AS paid`,
    [s.start, s.end],
  );
  const days = row?.days ?? [];
  const sales = days.reduce((t, d) => t + Number(d.sales), 0);
  const cost = days.reduce((t, d) => t + Number(d.cost), 0);
  const tx = days.reduce((t, d) => t + Number(d.tx), 0);
  const expenses = Number(row?.paid ?? 0);
  return {
    ...s.meta,
    summary: {
      totalSales: s.money(sales),
      totalTransactions: tx,
      averageOrderValue: s.money(tx > 0 ? Math.round(sales / tx) : 0),
      grossProfit: s.money(sales - cost),
      expenses: s.money(expenses),
      netProfit: s.money(sales - cost - expenses),
    },
    salesByDate: days.map((d) => ({
      date: d.day,
      total: s.money(d.sales),
      transactions: Number(d.tx),
      profit: s.money(Number(d.sales) - Number(d.cost)),
    })),
    topProducts: (row?.top ?? []).map((p) => ({
      _id: p.product_id,
      name: p.name ?? { en: p.product_id, ku: '' },
      sku: p.sku ?? '',
      quantity: Number(p.qty),
      revenue: s.money(p.revenue),
      profit: s.money(Number(p.revenue) - Number(p.cost)),
    })),
  };
}
