import type { ExpenseCategory, ExpenseStatus, Role, StaffReportDto } from '@dukan/contracts';
import { one } from '@dukan/platform';
import { hoursOf } from './report-range.policy.js';
import { IN_RANGE, dayText, inBranches, jsonRows, worksIn, type ReportScope } from './report-scope.js';

/**
 * Per person, from the cashier rollup: sales less what voids and refunds took back, transactions, hours (from the
 * first to the last sale of each day they sold), the voids and refunds they made. Active staff of the branches read
 * who did nothing in the range are listed with zeros.
 */
export async function staffReport(s: ReportScope): Promise<StaffReportDto> {
  type Person = {
    id: string;
    first_name: string | null;
    last_name: string | null;
    username: string | null;
    role: Role | null;
    sales: number;
    tx: number;
    days: number;
    seconds: number;
    first_sale: string | null;
    last_sale: string | null;
    voids: number;
    refunds: number;
    refunded: number;
  };
  const row = await one<{
    people: Person[];
    timeline: { day: string; sales: number; tx: number; staff: number }[];
    expenses: {
      expense_id: string;
      expense_number: string;
      title: string;
      description: string | null;
      category: ExpenseCategory;
      cents: number;
      expense_date: string;
      status: ExpenseStatus;
      first_name: string | null;
      last_name: string | null;
    }[];
  }>(
    s.m,
    `WITH r AS (
       SELECT cashier_id::text AS id, sum(sales_cents) AS sales, sum(transactions) AS tx, count(DISTINCT day) FILTER (WHERE first_sale_at IS NOT NULL) AS days,
              sum(extract(epoch FROM last_sale_at - first_sale_at)) AS seconds, min(first_sale_at) AS first_sale, max(last_sale_at) AS last_sale,
              sum(voids) AS voids, sum(refunds) AS refunds, sum(refunded_cents) AS refunded
         FROM cashier_sales_daily WHERE ${IN_RANGE('day')} AND ${inBranches(s.branches, 'branch_id')} GROUP BY cashier_id)
     SELECT
       ${jsonRows(
         `SELECT coalesce(r.id, a.user_id) AS id, u.first_name, u.last_name, u.username, u.role,
                     coalesce(r.sales, 0) AS sales, coalesce(r.tx, 0) AS tx, coalesce(r.days, 0) AS days, coalesce(r.seconds, 0) AS seconds,
                     r.first_sale, r.last_sale, coalesce(r.voids, 0) AS voids, coalesce(r.refunds, 0) AS refunds, coalesce(r.refunded, 0) AS refunded
                     FROM r FULL JOIN (SELECT user_id FROM users w WHERE w.active AND w.deleted_at IS NULL AND ${worksIn(s.branches, 'w')}) a ON a.user_id = r.id
                     LEFT JOIN users u ON u.user_id = coalesce(r.id, a.user_id)`,
         'x.sales DESC, x.first_name, x.last_name, x.id',
       )} AS people,
       ${jsonRows(
         `SELECT day::text AS day, sum(sales_cents) AS sales, sum(transactions) AS tx, count(DISTINCT cashier_id) FILTER (WHERE first_sale_at IS NOT NULL) AS staff
                     FROM cashier_sales_daily WHERE ${IN_RANGE('day')} AND ${inBranches(s.branches, 'branch_id')} GROUP BY day`,
         'x.day',
       )} AS timeline,
       ${jsonRows(
         `SELECT e.expense_id, e.expense_number, e.title, e.description, e.category, e.amount_base_cents AS cents, e.expense_date::text, e.status,
                     u.first_name, u.last_name
                     FROM expenses e LEFT JOIN users u ON u.user_id = e.created_by
                    WHERE e.deleted_at IS NULL AND ${IN_RANGE('e.expense_date')} AND ${inBranches(s.branches, 'e.branch_id')}`,
         'x.expense_date DESC, x.expense_number DESC',
       )} AS expenses`,
    [s.start, s.end],
  );
  const people = row?.people ?? [];
  const timeline = row?.timeline ?? [];
  const expenses = row?.expenses ?? [];
  const name = (p: (typeof people)[number]) => [p.first_name, p.last_name].filter(Boolean).join(' ') || p.username || p.id;
  const staffSales = people.map((p) => {
    const tx = Number(p.tx);
    return {
      _id: p.id,
      name: name(p),
      role: p.role,
      totalSales: s.money(p.sales),
      transactionCount: tx,
      averageTicket: s.money(tx > 0 ? Math.round(Number(p.sales) / tx) : 0),
      hoursWorked: hoursOf(p.seconds),
    };
  });
  const totalCents = people.reduce((t, p) => t + Number(p.sales), 0);
  return {
    ...s.meta,
    summary: {
      totalStaff: people.length,
      totalSales: s.money(totalCents),
      totalTransactions: people.reduce((t, p) => t + Number(p.tx), 0),
      totalHours: hoursOf(people.reduce((t, p) => t + Number(p.seconds), 0)),
    },
    staffSales,
    staffActivity: people.map((p) => ({
      _id: p.id,
      name: name(p),
      role: p.role,
      daysWorked: Number(p.days),
      firstSale: p.first_sale ? new Date(p.first_sale).toISOString() : null,
      lastSale: p.last_sale ? new Date(p.last_sale).toISOString() : null,
      voids: Number(p.voids),
      refunds: Number(p.refunds),
      refundedAmount: s.money(p.refunded),
    })),
    activityTimeline: timeline.map((d) => ({
      date: dayText(d.day),
      totalSales: s.money(d.sales),
      transactions: Number(d.tx),
      activeStaff: Number(d.staff),
    })),
    staffExpenses: expenses.map((e) => ({
      _id: e.expense_id,
      expenseNumber: e.expense_number,
      title: e.title,
      staff: { firstName: e.first_name ?? '', lastName: e.last_name ?? '' },
      type: e.category,
      amount: s.money(e.cents),
      description: e.description,
      date: dayText(e.expense_date),
      status: e.status,
    })),
  };
}
