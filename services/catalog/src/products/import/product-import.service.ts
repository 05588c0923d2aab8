import { randomUUID } from 'node:crypto';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { DataSource } from 'typeorm';
import type { ProductImportDto } from '@dukan/contracts';
import { DomainError, fieldErrorsOf, logger, rows, UUID, VALIDATION_OPTIONS, type RequestContext } from '@dukan/platform';
import { beginCatalogWrite } from '../../sql.js';
import { CreateProductDto } from '../product.dto.js';
import { normalizeDigits } from '../product.policy.js';
import { ProductReceiving } from '../product-receiving.js';
import {
  MAX_IMPORT_COLUMNS,
  MAX_UNPACKED_BYTES,
  ReadAborted,
  readImportFile,
  TooBigUnpacked,
  TooManyColumns,
  TooManyRows,
  TooSlow,
  UnreadableFile,
} from './import-file.js';
import {
  describe,
  FIELD_HEADERS,
  fieldOfPath,
  firstField,
  firstKey,
  mapColumns,
  nameKey,
  rowToProduct,
  type ColumnMap,
  type ImportField,
  type Problem,
  type RowProblems,
} from './import-rows.policy.js';

/** Rows per file. */
export const MAX_IMPORT_ROWS = 100_000;
/** Rows per transaction: one progress step. */
export const IMPORT_BATCH = 500;
/** How long reading a file may take: a safety net, the row and size counts stop a hostile file long before. */
const MAX_READ_MS = 60_000;
/** A running import that has not moved for this long is reported as stopped. */
const STALE_SECONDS = 120;
/** Refused or failed rows kept and answered (the counts are exact). */
const MAX_LISTED = 1000;

interface Accepted {
  row: number;
  dto: CreateProductDto;
}

interface ImportRow {
  id: string;
  actor_id: string | null;
  file_name: string;
  state: 'running' | 'done' | 'failed';
  rows_in_file: number;
  total: number;
  done: number;
  created: number;
  merged: number;
  refused: RowProblems[];
  refused_count: number;
  failed: RowProblems[];
  headers: Partial<Record<ImportField, string>> | null;
}

/**
 * Product import: the file is read and every row validated first (the product form's rules, then the
 * catalog's: category, barcode and SKU clashes, with the file's own rows too); the valid rows are then
 * imported in the background, IMPORT_BATCH to a transaction, through the form's own create-or-merge
 * (same SKU: a new cost batch), and the job's progress is committed with each batch.
 */
@Injectable()
export class ProductImportService implements OnApplicationShutdown {
  private readonly running = new Set<Promise<void>>();
  private stopping = false;

  constructor(
    private readonly ds: DataSource,
    private readonly intake: ProductReceiving,
  ) {}

  async start(
    ctx: RequestContext,
    file: { buffer: Buffer; originalname?: string } | undefined,
    signal?: AbortSignal,
  ): Promise<ProductImportDto> {
    if (!file || file.buffer.length === 0) throw DomainError.validation({ file: 'products.import.noFile' });
    let sheet;
    try {
      sheet = await readImportFile(file.buffer, { maxRows: MAX_IMPORT_ROWS, maxMillis: MAX_READ_MS, ...(signal && { signal }) });
    } catch (e) {
      if (e instanceof TooManyRows)
        throw DomainError.validation({ file: { key: 'products.import.tooManyRows', params: { max: MAX_IMPORT_ROWS } } });
      if (e instanceof TooManyColumns)
        throw DomainError.validation({ file: { key: 'products.import.tooWide', params: { max: MAX_IMPORT_COLUMNS } } });
      if (e instanceof TooBigUnpacked)
        throw DomainError.validation({ file: { key: 'products.import.tooBig', params: { max: MAX_UNPACKED_BYTES / 1024 / 1024 } } });
      if (e instanceof TooSlow) throw DomainError.validation({ file: 'products.import.tooSlow' });
      if (e instanceof ReadAborted) throw DomainError.validation({ file: 'products.import.tooSlow' }); // nobody reads this answer
      if (e instanceof UnreadableFile) throw DomainError.validation({ file: 'products.import.unreadable' });
      throw e;
    }
    const columns = mapColumns(sheet.headers);
    if (sheet.headers.length === 0 || sheet.rows.length === 0) throw DomainError.validation({ file: 'products.import.noRows' });
    if (columns.missing.length > 0) {
      throw DomainError.validation({
        file: { key: 'products.import.missingColumns', params: { columns: columns.missing.map((f) => FIELD_HEADERS[f]).join(', ') } },
      });
    }

    const { accepted, refused } = await this.validate(sheet.rows, columns);
    const id = randomUUID();
    // A file's name is the browser's to choose: controls and broken characters are dropped, not stored.
    const fileName = cleanFileName(file.originalname ?? '') || 'import';
    await this.ds.query(
      `INSERT INTO product_imports (id, actor_id, branch_id, file_name, state, rows_in_file, total, refused, refused_count, headers, finished_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $7 = 0 THEN now() END)`,
      [
        id,
        ctx.actorId,
        ctx.branchId,
        fileName,
        accepted.length === 0 ? 'done' : 'running',
        sheet.rows.length,
        accepted.length,
        JSON.stringify(refused.slice(0, MAX_LISTED)),
        refused.length,
        JSON.stringify(columns.header),
      ],
    );
    if (accepted.length > 0) this.track(this.run(ctx, id, accepted));
    return this.get(ctx, id);
  }

  async get(ctx: RequestContext, id: string): Promise<ProductImportDto> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.productImport');
    // A running import commits a batch every second or so; one silent for minutes died with its process.
    const [job] = await rows<ImportRow>(
      this.ds,
      `SELECT id, actor_id, file_name, rows_in_file, total, done, created, merged, refused, refused_count, failed, headers,
              CASE WHEN state = 'running' AND updated_at < now() - make_interval(secs => $3) THEN 'failed' ELSE state END AS state
         FROM product_imports WHERE id = $1 AND branch_id = $2 AND ($4::boolean OR actor_id = $5)`,
      [id, ctx.branchId, STALE_SECONDS, ctx.user?.role === 'admin', ctx.actorId],
    );
    if (!job) throw DomainError.notFound('entities.productImport');
    const speak = (list: RowProblems[]) => list.map((r) => describe(ctx.locale, r, job.headers ?? {}));
    return {
      _id: job.id,
      fileName: job.file_name,
      state: job.state,
      rowsInFile: job.rows_in_file,
      total: job.total,
      done: job.done,
      created: job.created,
      merged: job.merged,
      refusedCount: job.refused_count,
      refused: speak(job.refused),
      failed: speak(job.failed),
    };
  }

  // --- validation

  private async validate(sheetRows: { row: number; cells: (string | number | boolean | null)[] }[], columns: ColumnMap) {
    const categories = await this.categoryLookup();
    const accepted: Accepted[] = [];
    const refused: RowProblems[] = [];
    for (const { row, cells } of sheetRows) {
      const { body, categoryText } = rowToProduct(cells, columns, categories);
      const dto = plainToInstance(CreateProductDto, body);
      const errors: Problem[] = Object.entries(fieldErrorsOf(validateSync(dto, VALIDATION_OPTIONS))).map(([path, e]) => ({
        field: fieldOfPath(path),
        key: e.key,
        ...(e.params && { params: e.params }),
      }));
      // A category named but not found says which name; an empty one keeps the form's message.
      const categoryError = errors.find((e) => e.field === 'category');
      if (categoryError && categoryText !== '' && !categories(categoryText)) {
        categoryError.key = 'products.import.unknownCategory';
        categoryError.params = { name: categoryText };
      }
      if (errors.length) refused.push({ row, errors });
      else accepted.push({ row, dto });
    }
    const clashes = await this.catalogClashes(accepted);
    if (clashes.size === 0) return { accepted, refused };
    for (const [row, problem] of clashes) refused.push({ row, errors: [problem] });
    refused.sort((a, b) => a.row - b.row);
    return { accepted: accepted.filter((a) => !clashes.has(a.row)), refused };
  }

  /** A live category by id or by its English or Kurdish name. */
  private async categoryLookup(): Promise<(text: string) => string | null> {
    const all = await rows<{ id: string; name_en: string; name_ku: string }>(
      this.ds,
      `SELECT id, name_en, name_ku FROM categories WHERE deleted_at IS NULL ORDER BY created_at, id`,
    );
    const byKey = new Map<string, string>();
    for (const c of all) byKey.set(c.id.toLowerCase(), c.id);
    for (const c of all) for (const name of [c.name_en, c.name_ku]) if (name && !byKey.has(nameKey(name))) byKey.set(nameKey(name), c.id);
    return (text) => byKey.get(UUID.test(text) ? text.toLowerCase() : nameKey(text)) ?? null;
  }

  /**
   * What the form would refuse when saving the rows one after the other: a SKU already in the catalog (or
   * on an earlier row) with another barcode, a barcode already on another SKU. Same SKU and barcode merge.
   */
  private async catalogClashes(accepted: Accepted[]): Promise<Map<number, Problem>> {
    const clashes = new Map<number, Problem>();
    if (accepted.length === 0) return clashes;
    const skus = [...new Set(accepted.map((a) => a.dto.sku.toLowerCase()))];
    const barcodes = [...new Set(accepted.map((a) => normalizeDigits(a.dto.barcode)))];
    const bySku = new Map<string, { barcode: string | null; row: number | null }>();
    const byBarcode = new Map<string, { sku: string; row: number | null }>();
    for (const p of await rows<{ sku: string; barcode: string | null }>(
      this.ds,
      `SELECT lower(sku) AS sku, barcode FROM products WHERE deleted_at IS NULL AND (lower(sku) = ANY($1::text[]) OR barcode = ANY($2::text[]))`,
      [skus, barcodes],
    )) {
      bySku.set(p.sku, { barcode: p.barcode, row: null });
      if (p.barcode) byBarcode.set(p.barcode, { sku: p.sku, row: null });
    }
    for (const { row, dto } of accepted) {
      const sku = dto.sku.toLowerCase();
      const same = bySku.get(sku);
      if (same) {
        if (same.barcode && same.barcode !== dto.barcode) {
          clashes.set(
            row,
            same.row === null
              ? { field: 'barcode', key: 'products.skuBarcodeMismatch', params: { barcode: same.barcode } }
              : { field: 'barcode', key: 'products.import.skuBarcodeInFile', params: { row: same.row, barcode: same.barcode } },
          );
        }
        continue; // merges into the product (or the earlier row's)
      }
      const owner = byBarcode.get(dto.barcode);
      if (owner) {
        clashes.set(
          row,
          owner.row === null
            ? { field: 'barcode', key: 'products.duplicateBarcode' }
            : { field: 'barcode', key: 'products.import.barcodeInFile', params: { row: owner.row } },
        );
        continue;
      }
      bySku.set(sku, { barcode: dto.barcode, row });
      byBarcode.set(dto.barcode, { sku, row });
    }
    return clashes;
  }

  // --- importing

  private track(work: Promise<void>): void {
    this.running.add(work);
    void work.finally(() => this.running.delete(work));
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.running]);
  }

  private async run(ctx: RequestContext, id: string, accepted: Accepted[]): Promise<void> {
    try {
      for (let from = 0; from < accepted.length; from += IMPORT_BATCH) {
        if (this.stopping) throw new Error('the service is stopping');
        const batch = accepted.slice(from, from + IMPORT_BATCH);
        try {
          await this.ds.transaction(async (m) => {
            await beginCatalogWrite(m);
            const results = await this.intake.createOrMerge(
              m,
              ctx,
              batch.map((a) => a.dto),
              { lane: 'bulk' },
            );
            const merged = results.filter((r) => r.merged).length;
            const created = results.length - merged;
            await m.query(
              `UPDATE product_imports SET done = done + $2, created = created + $3, merged = merged + $4, updated_at = now() WHERE id = $1`,
              [id, batch.length, created, merged],
            );
          });
        } catch {
          // Something changed since the rows were checked: each row alone, so one bad row holds back only itself.
          await this.oneByOne(ctx, id, batch);
        }
      }
      await this.ds.query(`UPDATE product_imports SET state = 'done', updated_at = now(), finished_at = now() WHERE id = $1`, [id]);
    } catch (e) {
      logger().error({ err: e, importId: id }, 'product import stopped');
      await this.ds
        .query(`UPDATE product_imports SET state = 'failed', updated_at = now(), finished_at = now() WHERE id = $1`, [id])
        .catch(() => undefined);
    }
  }

  private async oneByOne(ctx: RequestContext, id: string, batch: Accepted[]): Promise<void> {
    for (const { row, dto } of batch) {
      try {
        await this.ds.transaction(async (m) => {
          await beginCatalogWrite(m);
          const [{ merged }] = await this.intake.createOrMerge(m, ctx, [dto], { lane: 'bulk' });
          await m.query(
            `UPDATE product_imports SET done = done + 1, created = created + $2, merged = merged + $3, updated_at = now() WHERE id = $1`,
            [id, merged ? 0 : 1, merged ? 1 : 0],
          );
        });
      } catch (e) {
        const problem: Problem =
          e instanceof DomainError
            ? { field: firstField(e), key: e.messageKey === 'validation.failed' ? firstKey(e) : e.messageKey, params: e.params }
            : { field: null, key: 'products.import.rowFailed' };
        await this.ds.query(
          `UPDATE product_imports
              SET done = done + 1, failed = CASE WHEN jsonb_array_length(failed) < $3 THEN failed || $2::jsonb ELSE failed END, updated_at = now()
            WHERE id = $1`,
          [id, JSON.stringify([{ row, errors: [problem] }]), MAX_LISTED],
        );
      }
    }
  }
}

/** A file name as it may be shown and stored: no control characters, no lone surrogate halves, at most 200 characters. */
function cleanFileName(name: string): string {
  return Array.from(
    name
      // eslint-disable-next-line no-control-regex -- control characters are what this removes
      .replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '')
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, ''),
  )
    .slice(0, 200)
    .join('')
    .trim();
}
