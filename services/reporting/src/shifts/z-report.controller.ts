import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { IsIn, IsOptional } from 'class-validator';
import type { Response } from 'express';
import type { Locale, ShiftFigures } from '@dukan/contracts';
import { Ctx, DomainError, logger, one, recordInCallerBranch, UUID, type RequestContext } from '@dukan/platform';
import { DataSource } from 'typeorm';
import { PdfRenderer } from '../exports/pdf-renderer.js';
import { zReportHtml } from './z-report-html.js';

export class ZReportQuery {
  @IsOptional()
  @IsIn(['en', 'ku'])
  lang?: Locale;
}

interface ShiftReportRow {
  shift_id: string;
  number: string;
  branch_id: string;
  register: string;
  cashier_username: string;
  status: 'open' | 'closed';
  opened_at: Date;
  closed_at: Date | null;
  closed_by_username: string | null;
  approved_by: string | null;
  figures: ShiftFigures | null;
  store_name: string | null;
  time_zone: string | null;
}

@Controller('api/reports/shifts')
export class ZReportController {
  constructor(
    private readonly ds: DataSource,
    private readonly pdf: PdfRenderer,
  ) {}

  /** A closed shift's Z report as PDF, in the language asked for (else the caller's), printed by the system Chromium. */
  @Get(':id/pdf')
  async pdfOf(@Ctx() ctx: RequestContext, @Param('id') id: string, @Query() q: ZReportQuery, @Res() res: Response): Promise<void> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.shift');
    const found = await one<ShiftReportRow>(
      this.ds,
      `SELECT r.*, s.store_name, s.time_zone FROM shift_reports r LEFT JOIN shop_settings s ON s.id = 1 WHERE r.shift_id = $1`,
      [id],
    );
    // A register's drawer is its branch's; a shift not closed yet has no Z report.
    const row = recordInCallerBranch(ctx, found, (r) => r.branch_id, 'entities.shift', 'acting');
    if (row.status !== 'closed' || !row.figures || !row.closed_at) throw DomainError.notFound('entities.shift');
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abort.abort(new Error('export cancelled'));
    });
    const html = zReportHtml(
      {
        number: Number(row.number),
        storeName: row.store_name ?? 'Dukan',
        register: row.register,
        cashierUsername: row.cashier_username,
        openedAt: row.opened_at,
        closedAt: row.closed_at,
        closedByUsername: row.closed_by_username ?? '',
        approved: row.approved_by !== null,
        figures: row.figures,
        timeZone: row.time_zone ?? 'Asia/Baghdad',
      },
      q.lang ?? ctx.locale,
    );
    const file = await this.pdf.render(html, abort.signal).catch((e: unknown) => {
      logger().error({ err: e, shiftId: id }, 'Z report PDF failed');
      throw new DomainError('INTERNAL', 'reports.exportFailed');
    });
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="z-report-${Number(row.number)}.pdf"`);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Length', file.length);
    res.end(file);
  }
}
