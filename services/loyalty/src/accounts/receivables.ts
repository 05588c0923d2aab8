import { Controller, Get, Injectable, Query, Res } from '@nestjs/common';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import ExcelJS from 'exceljs';
import {
  csvLine,
  DEFAULT_PAGE_LIMIT,
  formatMoney,
  paginationOf,
  translate,
  RECEIVABLE_AGES,
  type Currency,
  type ReceivableAge,
  type ReceivablesReportDto,
  type Locale,
} from '@dukan/contracts';
import { Ctx, KnownBranches, PageQuery, rows, type RequestContext } from '@dukan/platform';
import { StatementPdf } from './statement-pdf.js';

type Aged = Record<ReceivableAge, number>;

/** The branch the report reads, or 'all' (none: every branch the caller may see); the gate checks it (ctx.branchScope). */
export class ReceivablesBranchQuery {
  @IsOptional()
  @IsString({ message: 'validation.invalidValue' })
  @MaxLength(40, { message: 'validation.invalidValue' })
  branch?: string;
}

/** A page of the report's customers, of the branch asked for. */
export class ReceivablesQuery extends PageQuery {
  @IsOptional()
  @IsString({ message: 'validation.invalidValue' })
  @MaxLength(40, { message: 'validation.invalidValue' })
  branch?: string;
}

/** A bucket of the age in days ($1: the day the report is as of) of `day`. */
const bucketOf = (day: string) => `CASE WHEN $1::date - ${day} <= 30 THEN 'd0_30' WHEN $1::date - ${day} <= 60 THEN 'd31_60'
  WHEN $1::date - ${day} <= 90 THEN 'd61_90' ELSE 'd90_plus' END`;
const agedColumns = (amount: string, day: string) =>
  RECEIVABLE_AGES.map((b) => `sum(${amount}) FILTER (WHERE ${bucketOf(day)} = '${b}') AS ${b}`).join(', ');

interface AgedSql {
  d0_30: string | null;
  d31_60: string | null;
  d61_90: string | null;
  d90_plus: string | null;
}
/** An amount as a spreadsheet reads it: dollars with cents, whole dinars. */
const major = (minor: number, c: Currency) => (c === 'USD' ? (minor / 100).toFixed(2) : String(minor));

const agedOf = (r: AgedSql | undefined): Aged => Object.fromEntries(RECEIVABLE_AGES.map((b) => [b, Number(r?.[b] ?? 0)])) as Aged;

/**
 * Read from what the book keeps as it writes (credits pay the oldest charges first): each customer's balance and the
 * day their oldest unpaid charge was made, and what is open of each day's charges per branch and currency. So the
 * report reads a row per owing customer and currency and a row per branch, currency and day, never the whole book.
 */
@Injectable()
export class ReceivablesService {
  constructor(private readonly ds: DataSource) {}

  /**
   * Who owes what and since when: one page of customers (oldest debt first) and every branch's totals by age. With
   * `branches` (the caller's scope, which the gate checked), only the debt of sales made in those branches: each
   * customer's part of it, read from the charges still open there; null reads every branch from the balances.
   */
  async report(q: PageQuery, branches: readonly string[] | null, asOf = new Date(), all = false): Promise<ReceivablesReportDto> {
    const limit = all ? 100_000 : (q.limit ?? DEFAULT_PAGE_LIMIT);
    const page = all ? 1 : (q.page ?? 1);
    const at = asOf.toISOString();
    const m = this.ds.manager;
    const scope = branches ? [...branches] : null;
    const page$ = `ORDER BY since NULLS LAST, owed DESC, customer_id, currency LIMIT ${limit} OFFSET ${(page - 1) * limit}`;
    type CustomerSql = {
      customer_id: string;
      name: string;
      phone: string;
      currency: Currency;
      owed: string;
      since: Date | null;
      total: string;
    };
    const [totals, customers] = await Promise.all([
      rows<AgedSql & { branch_id: string; currency: Currency; owed: string }>(
        m,
        `SELECT branch_id, currency, sum(open_minor) AS owed, ${agedColumns('open_minor', 'day')}
           FROM open_by_day WHERE open_minor <> 0 AND ($2::text[] IS NULL OR branch_id = ANY($2::text[]))
          GROUP BY branch_id, currency HAVING sum(open_minor) <> 0 ORDER BY branch_id, currency`,
        [at, scope],
      ),
      scope
        ? rows<CustomerSql>(
            m,
            `WITH per AS (
               SELECT customer_id, currency, sum(open_minor) AS owed, min(created_at) AS since
                 FROM account_entries WHERE open_minor > 0 AND branch_id = ANY($1::text[]) GROUP BY customer_id, currency)
             SELECT per.customer_id, per.currency, per.owed, per.since, trim(c.first_name || ' ' || c.last_name) AS name, c.phone,
                    count(*) OVER () AS total
               FROM per JOIN customers c ON c.id = per.customer_id ${page$}`,
            [scope],
          )
        : rows<CustomerSql>(
            m,
            `WITH per AS (
               SELECT id AS customer_id, 'USD' AS currency, owed_usd_cents AS owed, owing_since_usd AS since, first_name, last_name, phone
                 FROM customers WHERE owed_usd_cents > 0
               UNION ALL
               SELECT id, 'IQD', owed_iqd, owing_since_iqd, first_name, last_name, phone FROM customers WHERE owed_iqd > 0)
             SELECT customer_id, currency, owed, since, trim(first_name || ' ' || last_name) AS name, phone, count(*) OVER () AS total
               FROM per ${page$}`,
          ),
    ]);
    const aged = new Map<string, AgedSql>();
    const ids = [...new Set(customers.map((c) => c.customer_id))];
    if (ids.length > 0) {
      const found = await rows<AgedSql & { customer_id: string; currency: Currency }>(
        m,
        `SELECT customer_id, currency, ${agedColumns('open_minor', 'created_at::date')}
           FROM account_entries WHERE customer_id = ANY($2::uuid[]) AND open_minor > 0 AND ($3::text[] IS NULL OR branch_id = ANY($3::text[]))
          GROUP BY customer_id, currency`,
        [at, ids, scope],
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

/** The most customers the PDF lists (oldest debt first); the CSV and the spreadsheet list every one. */
export const RECEIVABLES_PDF_MAX_ROWS = 2_000;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const MONEY_FORMAT = { USD: '"$"#,##0.00;-"$"#,##0.00', IQD: '#,##0" IQD";-#,##0" IQD"' } as const;

/** The report's two tables in the caller's language: totals per branch, then the customers. */
function tables(r: ReceivablesReportDto, l: Locale) {
  const buckets = RECEIVABLE_AGES.map((b) => translate(l, `receivables.${b}`));
  return {
    totalsHead: [translate(l, 'receivables.branch'), translate(l, 'receivables.currency'), translate(l, 'receivables.owed'), ...buckets],
    customersHead: [
      translate(l, 'receivables.customer'),
      translate(l, 'receivables.phone'),
      translate(l, 'receivables.currency'),
      translate(l, 'receivables.owed'),
      translate(l, 'receivables.since'),
      ...buckets,
    ],
  };
}

/** GET /api/receivables (reports → view) and its exports: CSV, Excel and PDF (reports → export). */
@Controller('api/receivables')
export class ReceivablesController {
  constructor(
    private readonly receivables: ReceivablesService,
    private readonly documents: StatementPdf,
    private readonly branches: KnownBranches,
  ) {}

  /** The whole report for an export, with each branch as settings names it (its code where settings cannot be asked). */
  private async exported(scope: readonly string[] | null) {
    const r = await this.receivables.report(new PageQuery(), scope, new Date(), true);
    const names = await this.branches.names(r.totals.map((t) => t.branchId));
    return { r, branch: (id: string) => names.get(id) ?? id };
  }

  @Get()
  async report(@Ctx() ctx: RequestContext, @Query() q: ReceivablesQuery) {
    return { success: true, data: await this.receivables.report(q, ctx.branchScope ?? null) };
  }

  @Get('export/csv')
  async csv(@Ctx() ctx: RequestContext, @Query() _q: ReceivablesBranchQuery, @Res() res: Response) {
    const { r, branch } = await this.exported(ctx.branchScope ?? null);
    const l = ctx.locale;
    const buckets = RECEIVABLE_AGES.map((b) => translate(l, `receivables.${b}`));
    let out = `\uFEFF${csvLine([translate(l, 'receivables.title'), r.asOf])}\r\n\r\n`;
    out += `${csvLine([translate(l, 'receivables.branch'), translate(l, 'receivables.currency'), translate(l, 'receivables.owed'), ...buckets])}\r\n`;
    for (const t of r.totals)
      out += `${csvLine([branch(t.branchId), t.currency, major(t.owedMinor, t.currency), ...RECEIVABLE_AGES.map((b) => major(t.aged[b], t.currency))])}\r\n`;
    out += `\r\n${csvLine([translate(l, 'receivables.customer'), translate(l, 'receivables.phone'), translate(l, 'receivables.currency'), translate(l, 'receivables.owed'), translate(l, 'receivables.since'), ...buckets])}\r\n`;
    for (const c of r.rows)
      out += `${csvLine([c.name, c.phone, c.currency, major(c.owedMinor, c.currency), c.since.slice(0, 10), ...RECEIVABLE_AGES.map((b) => major(c.aged[b], c.currency))])}\r\n`;
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', 'attachment; filename="receivables.csv"');
    res.send(out);
  }

  /** Two sheets (totals per branch, customers), money as numbers in each currency's format, right to left in Kurdish. */
  @Get('export/xlsx')
  async xlsx(@Ctx() ctx: RequestContext, @Query() _q: ReceivablesBranchQuery, @Res() res: Response) {
    const { r, branch } = await this.exported(ctx.branchScope ?? null);
    const l = ctx.locale;
    const head = tables(r, l);
    const book = new ExcelJS.Workbook();
    const view = [{ rightToLeft: l === 'ku' }];
    const money = (row: ExcelJS.Row, from: number, cur: Currency) => {
      for (let i = from; i <= row.cellCount; i++) row.getCell(i).numFmt = MONEY_FORMAT[cur];
    };
    const major = (minor: number, c: Currency) => (c === 'USD' ? minor / 100 : minor);
    const totals = book.addWorksheet(translate(l, 'receivables.totals').slice(0, 31), { views: view });
    totals.addRow([translate(l, 'receivables.title'), r.asOf.slice(0, 10)]).font = { bold: true };
    totals.addRow(head.totalsHead).font = { bold: true };
    for (const t of r.totals)
      money(
        totals.addRow([
          branch(t.branchId),
          t.currency,
          ...[t.owedMinor, ...RECEIVABLE_AGES.map((b) => t.aged[b])].map((v) => major(v, t.currency)),
        ]),
        3,
        t.currency,
      );
    const customers = book.addWorksheet(translate(l, 'receivables.customers').slice(0, 31), { views: view });
    customers.addRow(head.customersHead).font = { bold: true };
    for (const c of r.rows) {
      const row = customers.addRow([
        c.name,
        c.phone,
        c.currency,
        major(c.owedMinor, c.currency),
        new Date(`${c.since.slice(0, 10)}T00:00:00Z`),
        ...RECEIVABLE_AGES.map((b) => major(c.aged[b], c.currency)),
      ]);
      row.getCell(4).numFmt = MONEY_FORMAT[c.currency];
      row.getCell(5).numFmt = 'yyyy-mm-dd';
      for (let i = 6; i < 6 + RECEIVABLE_AGES.length; i++) row.getCell(i).numFmt = MONEY_FORMAT[c.currency];
    }
    res.setHeader('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    res.setHeader('content-disposition', 'attachment; filename="receivables.xlsx"');
    res.send(Buffer.from(await book.xlsx.writeBuffer()));
  }

  /** An A4 PDF: the totals per branch, then the first customers (oldest debt first), in the caller's language. */
  @Get('export/pdf')
  async pdf(@Ctx() ctx: RequestContext, @Query() _q: ReceivablesBranchQuery, @Res() res: Response) {
    res.setHeader('content-type', 'application/pdf');
    res.setHeader('content-disposition', 'attachment; filename="receivables.pdf"');
    res.send(await this.documents.a4(await this.html(ctx.locale, ctx.branchScope ?? null)));
  }

  /** The PDF's page in the caller's language, of the branches given (null: every branch). */
  async html(l: Locale, branches: readonly string[] | null = null): Promise<string> {
    const { r, branch } = await this.exported(branches);
    const head = tables(r, l);
    const money = (minor: number, c: Currency) => `<td class="num">${esc(formatMoney(minor, c, l))}</td>`;
    const th = (cells: string[]) => `<tr>${cells.map((c) => `<th>${esc(c)}</th>`).join('')}</tr>`;
    const shown = r.rows.slice(0, RECEIVABLES_PDF_MAX_ROWS);
    const totals = r.totals
      .map(
        (t) =>
          `<tr><td>${esc(branch(t.branchId))}</td><td>${t.currency}</td>${money(t.owedMinor, t.currency)}${RECEIVABLE_AGES.map((b) => money(t.aged[b], t.currency)).join('')}</tr>`,
      )
      .join('');
    const customers = shown
      .map(
        (c) =>
          `<tr><td>${esc(c.name)}</td><td dir="ltr">${esc(c.phone)}</td><td>${c.currency}</td>${money(c.owedMinor, c.currency)}<td>${c.since.slice(0, 10)}</td>${RECEIVABLE_AGES.map((b) => money(c.aged[b], c.currency)).join('')}</tr>`,
      )
      .join('');
    return `<!doctype html><html lang="${l}" dir="${l === 'ku' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><style>
      @page { size: A4; margin: 12mm; }
      body { font-family: 'Noto Sans Arabic', 'Noto Sans', sans-serif; font-size: 10px; color: #1f2933; }
      table { width: 100%; border-collapse: collapse; margin-bottom: 12px; } td, th { padding: 2px 3px; border-bottom: 1px solid #e4e7eb; text-align: start; }
      .num { text-align: end; white-space: nowrap; direction: ltr; } h1 { font-size: 15px; margin: 0 0 4px; } h2 { font-size: 12px; margin: 8px 0 4px; }
    </style></head><body>
      <h1>${esc(translate(l, 'receivables.title'))}</h1><p>${r.asOf.slice(0, 10)}</p>
      <h2>${esc(translate(l, 'receivables.totals'))}</h2>
      <table><thead>${th(head.totalsHead)}</thead><tbody>${totals}</tbody></table>
      <h2>${esc(translate(l, 'receivables.customers'))}</h2>
      ${r.rows.length > shown.length ? `<p>${esc(translate(l, 'receivables.pdfFirst', { n: RECEIVABLES_PDF_MAX_ROWS }))}</p>` : ''}
      <table><thead>${th(head.customersHead)}</thead><tbody>${customers}</tbody></table>
    </body></html>`;
  }
}
