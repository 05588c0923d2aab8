import { Controller, Get, Inject, Injectable, Param, Query, Res, type OnModuleDestroy } from '@nestjs/common';
import type { Response } from 'express';
import { IsIn, IsOptional } from 'class-validator';
import { DataSource } from 'typeorm';
import { formatMoney, translate, type Currency, type Locale } from '@dukan/contracts';
import { Chromium, Ctx, DomainError, one, UUID, type RequestContext } from '@dukan/platform';
import { LOYALTY_CONFIG, type LoyaltyConfig } from '../config.js';
import type { AccountCustomer } from './account.book.js';
import { statementRows, toEntryDto } from './accounts.service.js';

/** The most entries one printed statement shows (the newest); the screen pages through all of them. */
export const STATEMENT_PDF_MAX_ENTRIES = 2_000;

export class StatementPdfQuery {
  /** a4: the back office's page; 58: a 58 mm roll, as the till's receipt printer takes it. */
  @IsOptional()
  @IsIn(['a4', '58'])
  paper?: 'a4' | '58';
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

@Injectable()
export class StatementPdf implements OnModuleDestroy {
  private readonly chromium: Chromium;

  constructor(
    private readonly ds: DataSource,
    @Inject(LOYALTY_CONFIG) config: LoyaltyConfig,
  ) {
    this.chromium = new Chromium({ executablePath: config.CHROMIUM_PATH });
  }

  async onModuleDestroy(): Promise<void> {
    await this.chromium.close();
  }

  async html(id: string, locale: Locale, paper: 'a4' | '58'): Promise<string> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.customer');
    const m = this.ds.manager;
    const c = await one<AccountCustomer>(m, `SELECT * FROM customers WHERE id = $1 AND deleted_at IS NULL`, [id]);
    if (!c) throw DomainError.notFound('entities.customer');
    const [{ n }] = (await m.query(`SELECT count(*)::int AS n FROM account_entries WHERE customer_id = $1`, [id])) as { n: number }[];
    const skip = Math.max(0, n - STATEMENT_PDF_MAX_ENTRIES);
    const entries = (await statementRows(m, id, STATEMENT_PDF_MAX_ENTRIES, skip)).map(toEntryDto);
    const t = (key: string, params?: Record<string, string | number>) => esc(translate(locale, key, params));
    const money = (minor: number, cur: Currency) => esc(formatMoney(minor, cur, locale));
    const narrow = paper === '58';
    const rows = entries
      .map(
        (
          e,
        ) => `<tr><td>${esc(e.createdAt.slice(0, 10))}</td><td>${t(`statement.kind.${e.kind}`)}${e.invoiceNumber ? ` ${esc(e.invoiceNumber)}` : ''}</td>
          <td class="num">${e.amountMinor > 0 ? '+' : '−'}${money(Math.abs(e.amountMinor), e.currency)}</td>
          <td class="num">${money(e.balanceAfter.USD, 'USD')}${narrow ? '<br>' : '</td><td class="num">'}${money(e.balanceAfter.IQD, 'IQD')}</td></tr>`,
      )
      .join('');
    const limit = Number(c.credit_limit_minor);
    return `<!doctype html><html lang="${locale}" dir="${locale === 'ku' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><style>
      @page { size: ${narrow ? '58mm auto' : 'A4'}; margin: ${narrow ? '2mm' : '14mm'}; }
      body { font-family: 'Noto Sans Arabic', 'Noto Sans', sans-serif; font-size: ${narrow ? '8px' : '11px'}; color: #1f2933; }
      table { width: 100%; border-collapse: collapse; } td, th { padding: 2px 3px; border-bottom: 1px solid #e4e7eb; text-align: start; }
      .num { text-align: end; white-space: nowrap; direction: ltr; } h1 { font-size: ${narrow ? '11px' : '16px'}; margin: 0 0 4px; }
    </style></head><body>
      <h1>${t('statement.title')}</h1>
      <p>${esc(`${c.first_name} ${c.last_name}`)} · <span dir="ltr">${esc(c.phone)}</span></p>
      <p>${t('statement.owes')}: <strong class="num">${money(Number(c.owed_usd_cents), 'USD')}</strong> · <strong class="num">${money(Number(c.owed_iqd), 'IQD')}</strong><br>
         ${t('statement.limit')}: ${limit === 0 ? t('statement.noCredit') : money(limit, c.credit_limit_currency)}</p>
      ${skip > 0 ? `<p>${t('statement.newest', { n: STATEMENT_PDF_MAX_ENTRIES })}</p>` : ''}
      <table><thead><tr><th>${t('statement.date')}</th><th>${t('statement.entry')}</th><th class="num">${t('statement.amount')}</th>
        <th class="num">${narrow ? `${t('statement.balance')}` : `USD</th><th class="num">IQD`}</th></tr></thead><tbody>${rows}</tbody></table>
    </body></html>`;
  }

  /** Any of the service's documents (a whole HTML page) as an A4 PDF, on the same browser. */
  async a4(html: string): Promise<Buffer> {
    return this.chromium.withPage(async (page) => {
      await page.setContent(html, { waitUntil: 'load' });
      return Buffer.from(await page.pdf({ format: 'A4', printBackground: true }));
    });
  }

  async pdf(id: string, locale: Locale, paper: 'a4' | '58'): Promise<Buffer> {
    const html = await this.html(id, locale, paper);
    return this.chromium.withPage(async (page) => {
      await page.setContent(html, { waitUntil: 'load' });
      const pdf =
        paper === '58'
          ? await page.pdf({
              width: '58mm',
              printBackground: true,
              preferCSSPageSize: false,
              height: `${Math.max(60, 40 + (html.match(/<tr>/g)?.length ?? 0) * 9)}mm`,
            })
          : await page.pdf({ format: 'A4', printBackground: true });
      return Buffer.from(pdf);
    });
  }
}

/** GET /api/customers/:id/statement/pdf?paper=a4|58, in the caller's language. */
@Controller('api/customers')
export class StatementPdfController {
  constructor(private readonly statements: StatementPdf) {}

  @Get(':id/statement/pdf')
  async pdf(@Ctx() ctx: RequestContext, @Param('id') id: string, @Query() q: StatementPdfQuery, @Res() res: Response) {
    const paper = q.paper ?? 'a4';
    const pdf = await this.statements.pdf(id, ctx.locale, paper);
    res.setHeader('content-type', 'application/pdf');
    res.setHeader('content-disposition', `inline; filename="statement-${id}${paper === '58' ? '-58mm' : ''}.pdf"`);
    res.send(pdf);
  }
}
