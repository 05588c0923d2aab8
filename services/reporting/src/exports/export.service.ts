import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { reportFileName, type ExportProgressDto, type ReportDtos, type ReportExportFormat, type ReportType } from '@dukan/contracts';
import { DomainError, KnownBranches, logger, type RequestContext } from '@dukan/platform';
import { REPORTING_CONFIG, type ReportingConfig } from '../config.js';
import { inventoryRowBatches, inventoryRows, lowStockRowBatches, lowStockRows } from '../reports/inventory-report.js';
import type { ReportScope } from '../reports/report-scope.js';
import type { ReportQuery } from '../reports/report.dto.js';
import { ReportsService } from '../reports/reports.service.js';
import { writeCsv, type WriteControl } from './csv-export.js';
import { PdfRenderer } from './pdf-renderer.js';
import { reportHtml } from './pdf-html.js';
import { buildDocument, type InventoryExtra, type ReportDocument } from './report-document.js';
import { writeXlsx } from './xlsx-export.js';

const CONTENT_TYPE: Record<ReportExportFormat, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
/** How long a finished export's progress can still be read. */
const KEEP_MS = 10 * 60_000;

interface Tracked extends ExportProgressDto {
  userId: string;
  at: number;
}

/**
 * Exports as files, streamed as they are written. An export started with an `exportId` reports how far it has
 * come (queued with its place, reading, writing rows, done) to GET /api/reports/exports/:id; closing the
 * connection cancels it: rows stop being written, a queued PDF leaves the queue, a PDF being printed is closed.
 */
@Injectable()
export class ExportService {
  private readonly tracked = new Map<string, Tracked>();

  constructor(
    private readonly reports: ReportsService,
    private readonly pdf: PdfRenderer,
    private readonly knownBranches: KnownBranches,
    @Inject(REPORTING_CONFIG) private readonly config: ReportingConfig,
  ) {}

  progress(ctx: RequestContext, id: string): ExportProgressDto {
    const t = this.tracked.get(id);
    if (!t || t.userId !== ctx.user?.id) throw DomainError.notFound('entities.export');
    const { userId: _user, at: _at, ...dto } = t;
    return dto;
  }

  async export(ctx: RequestContext, type: ReportType, format: ReportExportFormat, q: ReportQuery, res: Response): Promise<void> {
    this.reports.range(q); // a bad range is refused before anything is sent
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abort.abort(new Error('export cancelled'));
    });
    const track = this.track(ctx, q.exportId, type, format);
    const headers = () => {
      track({ progress: 0.3 });
      res.setHeader('Content-Type', CONTENT_TYPE[format]);
      res.setHeader('Content-Disposition', `attachment; filename="${reportFileName(type, format)}"`);
      res.setHeader('Cache-Control', 'no-store');
    };
    try {
      if (format === 'pdf') {
        // Printed after the report's transaction: a PDF may wait its turn in the queue.
        const doc = await this.document(ctx, type, q, 'pdf', async (d) => d);
        if (abort.signal.aborted) return track({ state: 'cancelled' });
        headers();
        track({ state: 'queued' });
        const file = await this.pdf.render(reportHtml(doc, this.config.PDF_TABLE_ROWS), abort.signal, (ahead) =>
          track(ahead > 0 ? { state: 'queued', position: ahead } : { state: 'running', position: 0, progress: 0.5 }),
        );
        res.setHeader('Content-Length', file.length);
        res.end(file);
        track({ state: 'done', progress: 1 });
      } else {
        // Written inside the report's transaction: long tables are read a batch at a time as the rows go out.
        const control: WriteControl = {
          signal: abort.signal,
          onRows: (done, total) => track({ progress: 0.3 + 0.7 * (total ? done / total : 1) }),
        };
        // Done once written (the read-only transaction's end adds nothing the reader waits for).
        const written = await this.document(ctx, type, q, format, async (doc) => {
          if (abort.signal.aborted) return false;
          headers();
          track({ state: 'running' });
          await (format === 'csv' ? writeCsv : writeXlsx)(doc, res, control);
          if (abort.signal.aborted) return false;
          res.end();
          track({ state: 'done', progress: 1 });
          return true;
        });
        if (!written) track({ state: 'cancelled' });
      }
    } catch (e) {
      if (abort.signal.aborted) return track({ state: 'cancelled' });
      track({ state: 'failed' });
      if (!res.headersSent) {
        if (e instanceof DomainError) throw e;
        logger().error({ err: e, type, format }, 'report export failed');
        throw new DomainError('INTERNAL', 'reports.exportFailed');
      }
      logger().error({ err: e, type, format }, 'report export failed while sending');
      res.destroy();
    }
  }

  /**
   * The report as a document, handed to `use` inside the report's transaction. The inventory's tables list every
   * product and low-stock item: a PDF its first rows (and how many there are), a spreadsheet all of them, read a
   * batch at a time while `use` writes them.
   */
  private async document<T>(
    ctx: RequestContext,
    type: ReportType,
    q: ReportQuery,
    format: ReportExportFormat,
    use: (doc: ReportDocument) => Promise<T>,
  ): Promise<T> {
    // The file names the branches it was asked for; one exported without ?branch= reads as before.
    const scope = q.branch ? (ctx.branchScope ?? null) : undefined;
    const names = scope ? await this.knownBranches.names(scope) : new Map<string, string>();
    const branches = scope && scope.map((id) => ({ id, name: names.get(id) ?? null }));
    return this.reports.scoped(ctx, q, async (s) => {
      // A spreadsheet is written while its transaction is open: a reader that stops taking it for a minute ends it.
      if (format !== 'pdf') await s.m.query(`SELECT set_config('idle_in_transaction_session_timeout', '60s', true)`);
      const dto: ReportDtos[ReportType] = await this.reports.build(type, s);
      if (type !== 'inventory') return use(buildDocument(type, dto as ReportDtos[typeof type], ctx.locale, undefined, branches));
      const inventory = dto as ReportDtos['inventory'];
      return use(buildDocument('inventory', inventory, ctx.locale, await this.inventoryExtra(s, inventory, format), branches));
    });
  }

  private async inventoryExtra(s: ReportScope, d: ReportDtos['inventory'], format: ReportExportFormat): Promise<InventoryExtra> {
    const counts = { products: d.summary.totalProducts, lowStock: d.summary.lowStockItems };
    if (format === 'pdf') {
      const first = this.config.PDF_TABLE_ROWS;
      return {
        products: { rows: await inventoryRows(s, first), total: counts.products },
        lowStock: { rows: await lowStockRows(s, first), total: counts.lowStock },
      };
    }
    return {
      products: { rows: [], total: counts.products, batches: inventoryRowBatches(s) },
      lowStock: { rows: [], total: counts.lowStock, batches: lowStockRowBatches(s) },
    };
  }

  private track(
    ctx: RequestContext,
    id: string | undefined,
    type: ReportType,
    format: ReportExportFormat,
  ): (change: Partial<ExportProgressDto>) => void {
    if (!id || !ctx.user) return () => undefined;
    const now = Date.now();
    for (const [key, t] of this.tracked) if (now - t.at > KEEP_MS) this.tracked.delete(key);
    const entry: Tracked = { exportId: id, type, format, state: 'running', progress: 0, position: 0, userId: ctx.user.id, at: now };
    this.tracked.set(id, entry);
    return (change) => {
      Object.assign(entry, change, { at: Date.now() });
      entry.progress = Math.round(Math.min(1, Math.max(0, entry.progress)) * 100) / 100;
    };
  }
}
