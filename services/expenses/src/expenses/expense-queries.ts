import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  daysInTimeZone,
  EXPENSE_STATUSES,
  EXPENSES_PAGE_SIZE,
  fromCents,
  normalizeSearchText,
  type ExpenseCategory,
  type ExpenseListDto,
  type ExpenseStatus,
  type ExpenseSummaryDto,
} from '@dukan/contracts';
import { DomainError, escapeLike, rows, type RequestContext } from '@dukan/platform';
import { ShopSettings } from '../replicas/shop-settings.js';
import type { ListExpensesQuery, SummaryQuery } from './expense.dto.js';
import { EXPENSE_SELECT, toExpenseDto, type ExpenseRow } from './expense.row.js';

interface Filter {
  where: string;
  params: unknown[];
}

/**
 * The filters of a list or a summary as SQL, over the expenses (`e`) or over their daily totals (`t`, which know
 * branch, day, status and category but nothing to search in).
 */
function filters(ctx: RequestContext, q: Partial<ListExpensesQuery>, on: 'e' | 't'): Filter {
  if (q.startDate && q.endDate && q.startDate > q.endDate) throw DomainError.validation({ startDate: 'expenses.dateRange' });
  const day = on === 'e' ? 'e.expense_date' : 't.day';
  const params: unknown[] = [ctx.branchId];
  const where = [`${on}.branch_id = $1`, ...(on === 'e' ? ['e.deleted_at IS NULL'] : [])];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (q.status) add(`${on}.status = ?`, q.status);
  if (q.category) add(`${on}.category = ?`, q.category);
  if (q.startDate) add(`${day} >= ?::date`, q.startDate);
  if (q.endDate) add(`${day} <= ?::date`, q.endDate);
  const search = normalizeSearchText(q.search ?? '');
  // Title, number, vendor, description and tags, as one lower-cased text with a trigram index.
  if (search) add('e.search_text LIKE ?', `%${escapeLike(search)}%`);
  return { where: where.join(' AND '), params };
}

@Injectable()
export class ExpenseQueries {
  constructor(
    private readonly ds: DataSource,
    private readonly shop: ShopSettings,
  ) {}

  /** The range's dates as days of the shop's calendar (a date-time is read in the shop's time zone). */
  private async inShopDays<Q extends { startDate?: string; endDate?: string }>(q: Q): Promise<Q> {
    if (!q.startDate && !q.endDate) return q;
    return daysInTimeZone(q, ['startDate', 'endDate'], (await this.shop.current(this.ds.manager)).timeZone);
  }

  /** Newest first (by the expense's day, then when it was recorded), 20 to a page unless `limit` says otherwise. */
  async list(ctx: RequestContext, query: ListExpensesQuery): Promise<ExpenseListDto> {
    const q = await this.inShopDays(query);
    const page = q.page ?? 1;
    const limit = q.limit ?? EXPENSES_PAGE_SIZE;
    const { where, params } = filters(ctx, q, 'e');
    // The page's ids from the ordering index alone, then only those rows in full.
    const order = 'ORDER BY e.expense_date DESC, e.created_at DESC, e.id DESC';
    const pageSql = `
      WITH page AS (SELECT e.id FROM expenses e WHERE ${where} ${order} LIMIT ${limit} OFFSET ${(page - 1) * limit})
      ${EXPENSE_SELECT} JOIN page ON page.id = e.id ${order}`;
    const [found, total] = await Promise.all([rows<ExpenseRow>(this.ds.manager, pageSql, params), this.count(ctx, q)]);
    return { expenses: found.map(toExpenseDto), pagination: { current: page, pages: Math.ceil(total / limit), total, limit } };
  }

  /** How many expenses match: from the daily totals unless the list searches text. */
  private async count(ctx: RequestContext, q: ListExpensesQuery): Promise<number> {
    const searched = Boolean(normalizeSearchText(q.search ?? ''));
    const { where, params } = filters(ctx, q, searched ? 'e' : 't');
    const sql = searched
      ? `SELECT count(*) AS n FROM expenses e WHERE ${where}`
      : `SELECT coalesce(sum(t.count), 0) AS n FROM expense_totals t WHERE ${where}`;
    const [row] = await rows<{ n: string }>(this.ds.manager, sql, params);
    return Number(row?.n ?? 0);
  }

  /** Totals in USD by status, by category and by month, from the daily totals of the range. */
  async summary(ctx: RequestContext, query: SummaryQuery): Promise<ExpenseSummaryDto> {
    const q = await this.inShopDays(query);
    const { where, params } = filters(ctx, q, 't');
    const groups = await rows<{ status: ExpenseStatus; category: ExpenseCategory; month: string; n: string; cents: string }>(
      this.ds.manager,
      `SELECT t.status, t.category, to_char(date_trunc('month', t.day), 'YYYY-MM') AS month, sum(t.count) AS n, sum(t.cents) AS cents
         FROM expense_totals t WHERE ${where} AND t.count <> 0
        GROUP BY 1, 2, 3`,
      params,
    );
    type Sum = { count: number; cents: number };
    const byStatus = Object.fromEntries(EXPENSE_STATUSES.map((s) => [s, { count: 0, cents: 0 }])) as Record<ExpenseStatus, Sum>;
    const byCategory = new Map<ExpenseCategory, Sum>();
    const byMonth = new Map<string, Sum>();
    const add = (sum: Sum | undefined, n: number, cents: number): Sum => ({
      count: (sum?.count ?? 0) + n,
      cents: (sum?.cents ?? 0) + cents,
    });
    for (const g of groups) {
      const n = Number(g.n);
      const cents = Number(g.cents);
      byStatus[g.status] = add(byStatus[g.status], n, cents);
      if (g.status === 'rejected') continue; // never spent
      byCategory.set(g.category, add(byCategory.get(g.category), n, cents));
      byMonth.set(g.month, add(byMonth.get(g.month), n, cents));
    }
    const spent = EXPENSE_STATUSES.filter((s) => s !== 'rejected');
    const dollars = ({ count, cents }: Sum) => ({ count, total: fromCents(cents) });
    return {
      startDate: q.startDate ?? null,
      endDate: q.endDate ?? null,
      total: fromCents(spent.reduce((sum, s) => sum + byStatus[s].cents, 0)),
      count: spent.reduce((sum, s) => sum + byStatus[s].count, 0),
      byStatus: Object.fromEntries(EXPENSE_STATUSES.map((s) => [s, dollars(byStatus[s])])) as ExpenseSummaryDto['byStatus'],
      counts: Object.fromEntries(EXPENSE_STATUSES.map((s) => [s, byStatus[s].count])) as ExpenseSummaryDto['counts'],
      byCategory: [...byCategory]
        .map(([category, v]) => ({ category, ...dollars(v) }))
        .sort((a, b) => b.total - a.total || a.category.localeCompare(b.category)),
      byMonth: [...byMonth].map(([month, v]) => ({ month, ...dollars(v) })).sort((a, b) => a.month.localeCompare(b.month)),
    };
  }
}
