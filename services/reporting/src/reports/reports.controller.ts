import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { REPORT_TYPES, translate, type ReportExportFormat, type ReportType } from '@dukan/contracts';
import { Ctx, DomainError, type RequestContext } from '@dukan/platform';
import { ExportService } from '../exports/export.service.js';
import { InventoryPageQuery, ReportQuery } from './report.dto.js';
import { ReportsService } from './reports.service.js';

function reportType(type: string): ReportType {
  if (!(REPORT_TYPES as readonly string[]).includes(type)) throw DomainError.notFound('entities.report');
  return type as ReportType;
}

@Controller('api/reports')
export class ReportsController {
  constructor(
    private readonly reports: ReportsService,
    private readonly exports: ExportService,
  ) {}

  @Get('inventory/products')
  inventoryPage(@Ctx() ctx: RequestContext, @Query() q: InventoryPageQuery) {
    return this.reports.inventoryPage(ctx, q);
  }

  @Get('exports/:id')
  progress(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.exports.progress(ctx, id);
  }

  // One handler per route of the table (the guard serves a handler only for its own route).
  /** The file, saved as {type}-report.{format}; streamed as it is written. */
  @Get(':type/export/pdf')
  pdf(@Ctx() ctx: RequestContext, @Param('type') type: string, @Query() q: ReportQuery, @Res() res: Response) {
    return this.exportAs(ctx, type, 'pdf', q, res);
  }

  @Get(':type/export/csv')
  csv(@Ctx() ctx: RequestContext, @Param('type') type: string, @Query() q: ReportQuery, @Res() res: Response) {
    return this.exportAs(ctx, type, 'csv', q, res);
  }

  @Get(':type/export/xlsx')
  xlsx(@Ctx() ctx: RequestContext, @Param('type') type: string, @Query() q: ReportQuery, @Res() res: Response) {
    return this.exportAs(ctx, type, 'xlsx', q, res);
  }

  @Get('sales')
  sales(@Ctx() ctx: RequestContext, @Query() q: ReportQuery) {
    return this.report(ctx, 'sales', q);
  }

  @Get('inventory')
  inventory(@Ctx() ctx: RequestContext, @Query() q: ReportQuery) {
    return this.report(ctx, 'inventory', q);
  }

  @Get('staff')
  staff(@Ctx() ctx: RequestContext, @Query() q: ReportQuery) {
    return this.report(ctx, 'staff', q);
  }

  @Get('customers')
  customers(@Ctx() ctx: RequestContext, @Query() q: ReportQuery) {
    return this.report(ctx, 'customers', q);
  }

  private async exportAs(ctx: RequestContext, type: string, format: ReportExportFormat, q: ReportQuery, res: Response) {
    await this.exports.export(ctx, reportType(type), format, q, res);
  }

  private async report(ctx: RequestContext, type: ReportType, q: ReportQuery) {
    return { success: true, data: await this.reports.report(ctx, type, q), message: translate(ctx.locale, `report.title.${type}`) };
  }
}
