import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { fromCents, type DashboardDto } from '@dukan/contracts';
import { one, rows } from '@dukan/platform';
import { REPORTING_CONFIG, type ReportingConfig } from '../config.js';
import { currentCounts, dayStartCounts } from '../read-models/daily-counts.js';
import { ShopClock } from '../read-models/shop-clock.js';
import { inBranches } from '../reports/report-scope.js';
import { takingsByTender, type TakingsRow } from '../reports/sales-report.js';
import { saleStatusLabel, trendOf, type SaleState } from './dashboard.policy.js';

@Injectable()
export class DashboardService {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: ShopClock,
    @Inject(REPORTING_CONFIG) private readonly config: ReportingConfig,
  ) {}

  /**
   * Four cards and the latest sales, from reporting's own tables. Sales of a shop day: sales completed that day
   * (shop time zone), without voided ones, less what was refunded of them. The counts: now, against how they
   * stood at the end of yesterday. `branches`: the branches whose sales, stock and staff it shows (null: every
   * branch); the products are the chain's catalogue. Today's sales in dollars and in dinars (each sale at its own
   * rate), and today's takings per payment method and currency from their daily rollup.
   */
  async get(branches: readonly string[] | null): Promise<DashboardDto> {
    return this.ds.transaction('REPEATABLE READ', async (m) => {
      const tz = await this.clock.timeZone(m);
      const sales = await one<{ today: string; yesterday: string; today_iqd: string; takings: TakingsRow[] }>(
        m,
        `WITH bounds AS (SELECT (now() AT TIME ZONE $1)::date AS today)
         SELECT
           coalesce(sum(total_cents - refunded_cents) FILTER (WHERE (completed_at AT TIME ZONE $1)::date = bounds.today), 0) AS today,
           coalesce(sum(total_iqd - refunded_iqd) FILTER (WHERE (completed_at AT TIME ZONE $1)::date = bounds.today), 0) AS today_iqd,
           (SELECT coalesce(json_agg(t), '[]') FROM (
              SELECT method, currency, sum(taken_minor) AS taken, sum(payments) AS payments, sum(refunded_minor) AS refunded, sum(refunds) AS refunds
                FROM tender_takings_daily WHERE day = bounds.today AND ${inBranches(branches, 'branch_id')} GROUP BY method, currency) t) AS takings,
           coalesce(sum(total_cents - refunded_cents) FILTER (WHERE (completed_at AT TIME ZONE $1)::date = bounds.today - 1), 0) AS yesterday
         FROM bounds LEFT JOIN sales ON sales.status <> 'voided' AND ${inBranches(branches, 'sales.branch_id')}
           AND sales.completed_at >= ((bounds.today - 1)::timestamp AT TIME ZONE $1)
           AND sales.completed_at < ((bounds.today + 1)::timestamp AT TIME ZONE $1)
         GROUP BY bounds.today`,
        [tz],
      );
      const now = await currentCounts(m, branches);
      // How today started is how yesterday ended.
      const yesterday = await dayStartCounts(m, tz, now, branches);
      const recent = await rows<{ sale_id: string; invoice_number: string; completed_at: Date; total_cents: string; status: SaleState }>(
        m,
        `SELECT sale_id, invoice_number, completed_at, total_cents, status FROM sales WHERE ${inBranches(branches, 'branch_id')}
          ORDER BY completed_at DESC, sale_id LIMIT $1`,
        [this.config.DASHBOARD_RECENT_TRANSACTIONS],
      );

      const todayCents = Number(sales?.today ?? 0);
      const yesterdayCents = Number(sales?.yesterday ?? 0);
      const s = trendOf(todayCents, yesterdayCents);
      const p = trendOf(now.products, yesterday.products);
      const l = trendOf(now.lowStock, yesterday.lowStock);
      const u = trendOf(now.activeUsers, yesterday.activeUsers);
      return {
        todaySales: fromCents(todayCents),
        todaySalesIqd: Number(sales?.today_iqd ?? 0),
        todayTakings: takingsByTender(sales?.takings ?? []),
        totalProducts: now.products,
        lowStock: now.lowStock,
        activeUsers: now.activeUsers,
        salesTrend: s.trend,
        salesPercent: s.percent,
        productsTrend: p.trend,
        productsPercent: p.percent,
        lowStockTrend: l.trend,
        lowStockPercent: l.percent,
        usersTrend: u.trend,
        usersPercent: u.percent,
        recentTransactions: recent.map((r) => ({
          id: r.sale_id,
          invoiceNumber: r.invoice_number,
          date: new Date(r.completed_at).toISOString(),
          amount: fromCents(Number(r.total_cents)),
          status: saleStatusLabel(r.status),
        })),
      };
    });
  }
}
