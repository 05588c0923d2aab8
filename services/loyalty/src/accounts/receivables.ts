import { Controller, Get, Injectable, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { csvLine, DEFAULT_PAGE_LIMIT, paginationOf, translate, type Currency, type Pagination } from '@dukan/contracts';
import { Ctx, PageQuery, rows, type RequestContext } from '@dukan/platform';

export const AGE_BUCKETS = ['d0_30', 'd31_60', 'd61_90', 'd90_plus'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
type Aged = Record<AgeBucket, number>;

export interface ReceivableRow {
  customerId: string;
  name: string;
  phone: string;
  currency: Currency;
  owedMinor: number;
  /** The oldest charge not yet paid (charges are paid oldest first). */
  since: string;
  aged: Aged;
}

export interface ReceivablesReport {
  asOf: string;
  /** Per branch (of the sale that made the debt) and currency: what is owed, by age. */
  totals: { branchId: string; currency: Currency; owedMinor: number; aged: Aged }[];
  rows: ReceivableRow[];
  pagination: Pagination;
}

/** A bucket of the age in days ($1: the day the report is as of) of `day`. */
const bucketOf = (day: string) => `CASE WHEN $1::date - ${day} <= 30 THEN 'd0_30' WHEN $1::date - ${day} <= 60 THEN 'd31_60'
  WHEN $1::date - ${day} <= 90 THEN 'd61_90' ELSE 'd90_plus' END`;
const agedColumns = (amount: string, day: string) =>
  AGE_BUCKETS.map((b) => `sum(${amount}) FILTER (WHERE ${bucketOf(day)} = '${b}') AS ${b}`).join(', ');

interface AgedSql {
  d0_30: string | null;
  d31_60: string | null;
  d61_90: string | null;
  d90_plus: string | null;
}
/** An amount as a spreadsheet reads it: dollars with cents, whole dinars. */
const major = (minor: number, c: Currency) => (c === 'USD' ? (minor / 100).toFixed(2) : String(minor));

const agedOf = (r: AgedSql | undefined): Aged => Object.fromEntries(AGE_BUCKETS.map((b) => [b, Number(r?.[b] ?? 0)])) as Aged;

/**
 * Read from what the book keeps as it writes (credits pay the oldest charges first): each customer's balance and the
 * day their oldest unpaid charge was made, and what is open of each day's charges per branch and currency. So the
 * report reads a row per owing customer and currency and a row per branch, currency and day, never the whole book.
 */
@Injectable()
export class ReceivablesService {
  constructor(private readonly ds: DataSource) {}

  /** Who owes what and since when: one page of customers (oldest debt first) and every branch's totals by age. */
  async report(q: PageQuery, asOf = new Date(), all = false): Promise<ReceivablesReport> {
    const limit = all ? 100_000 : (q.limit ?? DEFAULT_PAGE_LIMIT);
    const page = all ? 1 : (q.page ?? 1);
    const at = asOf.toISOString();
    const m = this.ds.manager;
    const [totals, customers] = await Promise.all([
      rows<AgedSql & { branch_id: string; currency: Currency; owed: string }>(
        m,
        `SELECT branch_id, currency, sum(open_minor) AS owed, ${agedColumns('open_minor', 'day')}
           FROM open_by_day WHERE open_minor <> 0 GROUP BY branch_id, currency HAVING sum(open_minor) <> 0 ORDER BY branch_id, currency`,
        [at],
      ),
      rows<{ customer_id: string; name: string; phone: string; currency: Currency; owed: string; since: Date | null; total: string }>(
        m,
        `WITH per AS (
           SELECT id AS customer_id, 'USD' AS currency, owed_usd_cents AS owed, owing_since_usd AS since, first_name, last_name, phone
             FROM customers WHERE owed_usd_cents > 0
           UNION ALL
           SELECT id, 'IQD', owed_iqd, owing_since_iqd, first_name, last_name, phone FROM customers WHERE owed_iqd > 0)
         SELECT customer_id, currency, owed, since, trim(first_name || ' ' || last_name) AS name, phone, count(*) OVER () AS total
           FROM per ORDER BY since NULLS LAST, owed DESC, customer_id, currency LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
      ),
    ]);
    const aged = new Map<string, AgedSql>();
    const ids = [...new Set(customers.map((c) => c.customer_id))];
    if (ids.length > 0) {
      const found = await rows<AgedSql & { customer_id: string; currency: Currency }>(
        m,
        `SELECT customer_id, currency, ${agedColumns('open_minor', 'created_at::date')}
           FROM account_entries WHERE customer_id = ANY($2::uuid[]) AND open_minor > 0 GROUP BY customer_id, currency`,
        [at, ids],
      );
      for (const r of found) aged.set(`${r.customer_id}|${r.currency}`, r);
    }
    return {
      asOf: at,
      totals: totals.map((t) => ({ branchId: t.branch_id, currency: t.currency, owedMinor: Number(t.owed), aged: agedOf(t) })),
      rows: customers.map((r) => ({
        customerId: r.customer_id,
        name: r.name,
        phone: r.phone,
        currency: r.currency,
        owedMinor: Number(r.owed),
        since: r.since ? new Date(r.since).toISOString() : at,
        aged: agedOf(aged.get(`${r.customer_id}|${r.currency}`)),
      })),
      pagination: paginationOf(Number(customers[0]?.total ?? 0), page, limit),
    };
  }
}

/** GET /api/receivables (reports → view) and its CSV (reports → export). */
@Controller('api/receivables')
export class ReceivablesController {
  constructor(private readonly receivables: ReceivablesService) {}

  @Get()
  async report(@Query() q: PageQuery) {
    return { success: true, data: await this.receivables.report(q) };
  }

  @Get('export/csv')
  async csv(@Ctx() ctx: RequestContext, @Res() res: Response) {
    const r = await this.receivables.report(new PageQuery(), new Date(), true);
    const l = ctx.locale;
    const buckets = AGE_BUCKETS.map((b) => translate(l, `receivables.${b}`));
    let out = `\uFEFF${csvLine([translate(l, 'receivables.title'), r.asOf])}\r\n\r\n`;
    out += `${csvLine([translate(l, 'receivables.branch'), translate(l, 'receivables.currency'), translate(l, 'receivables.owed'), ...buckets])}\r\n`;
    for (const t of r.totals)
      out += `${csvLine([t.branchId, t.currency, major(t.owedMinor, t.currency), ...AGE_BUCKETS.map((b) => major(t.aged[b], t.currency))])}\r\n`;
    out += `\r\n${csvLine([translate(l, 'receivables.customer'), translate(l, 'receivables.phone'), translate(l, 'receivables.currency'), translate(l, 'receivables.owed'), translate(l, 'receivables.since'), ...buckets])}\r\n`;
    for (const c of r.rows)
      out += `${csvLine([c.name, c.phone, c.currency, major(c.owedMinor, c.currency), c.since.slice(0, 10), ...AGE_BUCKETS.map((b) => major(c.aged[b], c.currency))])}\r\n`;
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', 'attachment; filename="receivables.csv"');
    res.send(out);
  }
}
