import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  dayInTimeZone,
  isDayOrDateTime,
  type InventoryProductRowDto,
  type Paginated,
  type ReportDtos,
  type ReportType,
} from '@dukan/contracts';
import { DomainError, one, type RequestContext } from '@dukan/platform';
import { SETTINGS_COLUMNS, ShopClock, type StoredSettings } from '../read-models/shop-clock.js';
import { customersReport } from './customers-report.js';
import { inventoryPage, inventoryReport } from './inventory-report.js';
import { moneyIn, planOf, type HeldAnchors } from './report-range.policy.js';
import type { InventoryPageQuery, ReportQuery } from './report.dto.js';
import type { ReportScope } from './report-scope.js';
import { salesReport } from './sales-report.js';
import { staffReport } from './staff-report.js';
import type { MessageKey } from '@dukan/contracts';

const BUILDERS: { [T in ReportType]: (s: ReportScope) => Promise<ReportDtos[T]> } = {
  sales: salesReport,
  inventory: inventoryReport,
  staff: staffReport,
  customers: customersReport,
};

@Injectable()
export class ReportsService {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: ShopClock,
  ) {}

  /**
   * The range checked: real days, start not after end (either may be open). A date-time names its day in the shop's
   * `timeZone` (UTC until it is known: the check before a report is built).
   */
  range(q: ReportQuery, timeZone = 'UTC'): { start: string | null; end: string | null } {
    const bad: Record<string, MessageKey> = {};
    if (q.startDate != null && !isDayOrDateTime(q.startDate)) bad.startDate = 'validation.invalidDate';
    if (q.endDate != null && !isDayOrDateTime(q.endDate)) bad.endDate = 'validation.invalidDate';
    if (Object.keys(bad).length) throw DomainError.validation(bad);
    const start = q.startDate == null ? null : dayInTimeZone(q.startDate, timeZone);
    const end = q.endDate == null ? null : dayInTimeZone(q.endDate, timeZone);
    if (start && end && start > end) throw DomainError.validation({ startDate: 'reports.rangeOrder' });
    return { start, end };
  }

  /**
   * Runs `build` (a report is one statement, so its figures are of one moment) with the range, the stored periods that
   * make it up, the branches the gate let the viewer read, and money in the viewer's currency at their rate.
   */
  async scoped<T>(ctx: RequestContext, q: ReportQuery, build: (s: ReportScope) => Promise<T>): Promise<T> {
    this.range(q);
    const currency = q.currency ?? 'USD';
    return this.ds.transaction(async (m: EntityManager) => {
      // One round trip for the settings and the days that hold figures; the rollup sums get room to stay in memory.
      const meta = await one<{
        shop: StoredSettings | null;
        first: string | null;
        last: string | null;
        held: string[] | null;
        anchors: Record<string, HeldAnchors> | null;
      }>(
        m,
        `SELECT set_config('work_mem', '64MB', true) AS work_mem,
                (SELECT row_to_json(x) FROM (SELECT ${SETTINGS_COLUMNS} FROM shop_settings WHERE id = 1) x) AS shop,
                (SELECT min(day)::text FROM branch_sales_daily) AS first, (SELECT max(day)::text FROM branch_sales_daily) AS last,
                (SELECT array_agg(DISTINCT branch_id) FROM branch_sales_daily) AS held,
                (SELECT json_object_agg(branch_id, json_build_object('first', first_anchor::text, 'last', last_anchor::text))
                   FROM rollup_anchors) AS anchors`,
      );
      const shop = this.clock.parse(meta?.shop ?? null);
      const { start, end } = this.range(q, shop.timeZone);
      const rate = (ctx.user && shop.userExchangeRates[ctx.user.id]) || shop.exchangeRate;
      const branches = ctx.branchScope ?? null;
      const heldBranches = meta?.held ?? [];
      const held = { first: meta?.first ?? null, last: meta?.last ?? null, anchors: meta?.anchors ?? {} };
      const read = branches === null ? heldBranches : heldBranches.filter((b) => branches.includes(b));
      const scope: ReportScope = {
        m,
        start,
        end,
        currency,
        timeZone: shop.timeZone,
        branches,
        heldBranches,
        held,
        periods: planOf(start, end, held.first, held.last, held.anchors, read, branches === null),
        money: moneyIn(currency, rate),
        meta: {
          startDate: start,
          endDate: end,
          currency,
          exchangeRate: rate,
          timeZone: shop.timeZone,
          storeName: shop.storeName,
          generatedAt: new Date().toISOString(),
        },
      };
      return build(scope);
    });
  }

  report<T extends ReportType>(ctx: RequestContext, type: T, q: ReportQuery): Promise<ReportDtos[T]> {
    return this.scoped(ctx, q, (s) => this.build(type, s));
  }

  build<T extends ReportType>(type: T, s: ReportScope): Promise<ReportDtos[T]> {
    return (BUILDERS[type] as (scope: ReportScope) => Promise<ReportDtos[T]>)(s);
  }

  inventoryPage(ctx: RequestContext, q: InventoryPageQuery): Promise<Paginated<InventoryProductRowDto>> {
    return this.scoped(ctx, q, (s) =>
      inventoryPage(s, {
        page: q.page ?? 1,
        limit: q.limit ?? 10,
        sort: q.sort ?? 'value',
        order: q.order ?? 'desc',
        lowStock: q.lowStock === 'true',
      }),
    );
  }
}
