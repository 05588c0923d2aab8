import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { DataSource, type EntityManager } from 'typeorm';
import { paginationOf, PRODUCTS_PAGE_SIZE, toCents, translate, type Paginated, type ProductDto, type StockMovementDto } from '@dukan/contracts';
import { audit, auditAll, DomainError, escapeLike, logger, Outbox, rows, systemContext, UUID, type RequestContext } from '@dukan/platform';
import { CATALOG_CONFIG, type CatalogConfig } from '../config.js';
import { beginCatalogWrite, uniqueViolation } from '../sql.js';
import { StockLedger } from '../stock/stock-ledger.js';
import type { CreateProductDto, ListProductsQuery, PageQuery, ReceiveStockDto, SearchProductsQuery, UpdateProductDto } from './product.dto.js';
import { averageCostCents, generatedBarcode, isGeneratedBarcode, normalizeDigits, normalizeSearch } from './product.policy.js';
import {
  COST_HISTORY_JSON, PRODUCT_FROM, PRODUCT_JSON, productEvent, STOCK_MOVEMENT_JSON, TILL_JSON, type ProductRow,
} from './product.sql.js';

const gzipAsync = promisify(gzip);
const SEARCH_LIMIT = 50;
const SEARCH_CANDIDATES = 250;
const MOVEMENTS_LIMIT = 200;

/** A serialized array answer; gzip made once on first demand. */
export interface ListBody {
  json: Buffer;
  gzip(): Promise<Buffer>;
}

interface CachedList extends ListBody {
  rev: string;
}

@Injectable()
export class ProductsService implements OnApplicationBootstrap {
  /** Whole-list answers (till and full views) by branch, served while the catalog revision is unchanged. */
  private readonly listCache = new Map<string, CachedList>();
  private readonly listBuilding = new Map<string, Promise<CachedList>>();

  constructor(
    private readonly ds: DataSource,
    private readonly outbox: Outbox,
    private readonly ledger: StockLedger,
    @Inject(CATALOG_CONFIG) private readonly config: CatalogConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.CATALOG_WARM_TILL_LIST) return;
    // In the background: start-up is not delayed, and a till asking meanwhile joins this build.
    const ctx = systemContext({ branchId: this.config.BRANCH_ID });
    this.listBody(ctx, { active: 'true', view: 'till' }).catch((e: unknown) => logger().warn({ err: e }, 'till list warm-up failed'));
  }

  // --- reading

  /** The plain-array answer of GET /api/products (no page); the whole-list forms are cached per catalog revision. */
  async listBody(ctx: RequestContext, q: ListProductsQuery): Promise<ListBody> {
    const view = q.view === 'till' ? 'till' : 'full';
    const cacheable = !q.category && !q.categories?.length && !q.search?.trim();
    if (!cacheable) return makeBody(await this.buildList(ctx, q, view).then((r) => r.body));
    const key = `${view}|${q.active ?? ''}|${ctx.branchId}`;
    const [{ rev }] = await rows<{ rev: string }>(this.ds, `SELECT rev::text AS rev FROM catalog_revision`);
    const cached = this.listCache.get(key);
    if (cached && cached.rev === rev) return cached;
    let building = this.listBuilding.get(key);
    if (!building) {
      building = this.buildList(ctx, q, view)
        .then((r) => {
          const entry: CachedList = { rev: r.rev, ...makeBody(r.body) };
          this.listCache.set(key, entry);
          return entry;
        })
        .finally(() => this.listBuilding.delete(key));
      this.listBuilding.set(key, building);
    }
    return building;
  }

  /**
   * PostgreSQL builds each product's JSON; the array is assembled here into one buffer, row by row, so no
   * giant string passes through the driver (peak memory stays low). One REPEATABLE READ snapshot makes the
   * revision and the rows agree.
   */
  private async buildList(ctx: RequestContext, q: ListProductsQuery, view: 'till' | 'full'): Promise<{ rev: string; body: Buffer }> {
    const { where, params } = this.filters(ctx, q);
    return this.ds.transaction('REPEATABLE READ', async (m) => {
      await m.query(`SET LOCAL work_mem = '32MB'`); // sort 50,000 rows in memory, not on disk
      const [{ rev }] = await rows<{ rev: string }>(m, `SELECT rev::text AS rev FROM catalog_revision`);
      const items = await rows<{ j: string }>(
        m,
        `SELECT ${view === 'till' ? TILL_JSON : PRODUCT_JSON}::text AS j FROM ${PRODUCT_FROM} WHERE ${where} ORDER BY p.name_en, p.id`,
        params,
      );
      return { rev, body: jsonArray(items.map((r) => r.j)) };
    });
  }

  async listPage(ctx: RequestContext, q: ListProductsQuery): Promise<Paginated<unknown>> {
    const page = q.page ?? 1;
    const limit = q.limit ?? PRODUCTS_PAGE_SIZE;
    const { where, params } = this.filters(ctx, q);
    const [{ total }] = await rows<{ total: number }>(this.ds, `SELECT count(*)::int AS total FROM ${PRODUCT_FROM} WHERE ${where}`, params);
    const json = q.view === 'till' ? TILL_JSON : PRODUCT_JSON;
    const data = await rows<{ j: unknown }>(
      this.ds,
      `SELECT ${json} AS j FROM ${PRODUCT_FROM} WHERE ${where} ORDER BY p.name_en, p.id LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
      params,
    );
    return { data: data.map((r) => r.j), pagination: paginationOf(total, page, limit) };
  }

  private filters(ctx: RequestContext, q: { active?: string; category?: string; categories?: string[]; search?: string }): { where: string; params: unknown[] } {
    const params: unknown[] = [ctx.branchId];
    const where = ['p.deleted_at IS NULL'];
    if (q.active === 'true') where.push('p.active');
    if (q.active === 'false') where.push('NOT p.active');
    // `category` and `categories` both include descendants; given together, a product must match both.
    for (const ids of [q.category ? [q.category] : [], q.categories ?? []]) {
      if (ids.length === 0) continue;
      params.push(ids);
      where.push(`p.category_id IN (
        WITH RECURSIVE d AS (
          SELECT id FROM categories WHERE id = ANY($${params.length}::uuid[]) AND deleted_at IS NULL
          UNION SELECT c2.id FROM categories c2 JOIN d ON c2.parent_id = d.id WHERE c2.deleted_at IS NULL
        ) SELECT id FROM d)`);
    }
    const term = normalizeSearch(q.search ?? '');
    if (term) {
      params.push(`%${escapeLike(term)}%`);
      where.push(`p.search_text LIKE $${params.length}`);
    }
    return { where: where.join(' AND '), params };
  }

  /**
   * English or Kurdish name, SKU or barcode, case-insensitive, Arabic-script variants folded. Exact SKU or
   * barcode matches come first; then substring matches by name. A very common term matches thousands of
   * products: only the first SEARCH_CANDIDATES found are ordered, so the answer stays fast (type more to narrow).
   */
  async search(ctx: RequestContext, term: string, q: SearchProductsQuery): Promise<unknown[]> {
    const norm = normalizeSearch(term);
    if (!norm) return [];
    const limit = q.limit ?? SEARCH_LIMIT;
    const exact = normalizeDigits(term.trim());
    const active = q.active === 'true' ? 'AND p.active' : q.active === 'false' ? 'AND NOT p.active' : '';
    const found = await rows<{ j: unknown }>(
      this.ds,
      `WITH exact AS (
         SELECT p.id FROM products p WHERE p.deleted_at IS NULL ${active} AND (p.barcode = $3 OR lower(p.sku) = lower($3))
       ), candidates AS (
         SELECT p.id FROM products p
         WHERE p.deleted_at IS NULL ${active} AND p.search_text LIKE $2 AND p.id NOT IN (SELECT id FROM exact)
         LIMIT ${SEARCH_CANDIDATES}
       ), hits AS (
         SELECT id, true AS exact FROM exact UNION ALL SELECT id, false FROM candidates
       )
       SELECT ${PRODUCT_JSON} AS j
       FROM hits h JOIN ${PRODUCT_FROM} ON p.id = h.id
       ORDER BY h.exact DESC, p.name_en, p.id
       LIMIT ${limit}`,
      [ctx.branchId, `%${escapeLike(norm)}%`, exact],
    );
    return found.map((r) => r.j);
  }

  async get(ctx: RequestContext, id: string, m: EntityManager | DataSource = this.ds): Promise<ProductDto> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.product');
    const [r] = await rows<{ j: ProductDto; h: ProductDto['costHistory'] }>(
      m,
      `SELECT ${PRODUCT_JSON} AS j, ${COST_HISTORY_JSON} AS h FROM ${PRODUCT_FROM} WHERE p.id = $2 AND p.deleted_at IS NULL`,
      [ctx.branchId, id],
    );
    if (!r) throw DomainError.notFound('entities.product');
    return { ...r.j, costHistory: r.h ?? [] };
  }

  async movements(ctx: RequestContext, id: string, q: PageQuery): Promise<StockMovementDto[] | Paginated<StockMovementDto>> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.product');
    const [p] = await rows<{ id: string }>(this.ds, `SELECT id FROM products WHERE id = $1`, [id]);
    if (!p) throw DomainError.notFound('entities.product');
    const limit = q.limit ?? (q.page ? PRODUCTS_PAGE_SIZE : MOVEMENTS_LIMIT);
    const offset = q.page ? (q.page - 1) * limit : 0;
    const data = (
      await rows<{ j: StockMovementDto }>(
        this.ds,
        `SELECT ${STOCK_MOVEMENT_JSON} AS j FROM stock_movements m WHERE m.product_id = $1 AND m.branch_id = $2
         ORDER BY m.created_at DESC, m.id LIMIT ${limit} OFFSET ${offset}`,
        [id, ctx.branchId],
      )
    ).map((r) => r.j);
    if (!q.page) return data;
    const [{ total }] = await rows<{ total: number }>(
      this.ds,
      `SELECT count(*)::int AS total FROM stock_movements WHERE product_id = $1 AND branch_id = $2`,
      [id, ctx.branchId],
    );
    return { data, pagination: paginationOf(total, q.page, limit) };
  }

  // --- writing

  /**
   * Creates a product, or, when a live product has the same SKU, receives the quantity into it as a new
   * cost batch (merged: true). A different barcode for that SKU is refused rather than silently dropped.
   */
  async create(ctx: RequestContext, dto: CreateProductDto): Promise<{ product: ProductDto; merged: boolean }> {
    const attempt = () =>
      this.ds.transaction(async (m) => {
        await beginCatalogWrite(m);
        const [{ productId, merged }] = await this.createOrMerge(m, ctx, [dto]);
        return { product: await this.get(ctx, productId, m), merged };
      });
    return this.mapUniqueViolations(async () => {
      try {
        return await attempt();
      } catch (e) {
        // Two forms saved the same new SKU at once: the loser merges into the winner's product.
        if (uniqueViolation(e) === 'products_sku_live') return attempt();
        throw e;
      }
    });
  }

  /**
   * The product form's create-or-merge, inside the caller's transaction (begun with beginCatalogWrite), for
   * any number of products: the form saves one, an import a batch of rows, by the same rules and with the same
   * events. Products are created a statement at a time for all of them; a SKU that exists (or came earlier in
   * the list) is received into that product as a new cost batch. Answers in the order given.
   */
  async createOrMerge(m: EntityManager, ctx: RequestContext, dtos: readonly CreateProductDto[]): Promise<{ productId: string; merged: boolean }[]> {
    const results: { productId: string; merged: boolean }[] = new Array(dtos.length);
    let pending = dtos.map((dto, i) => ({ dto, i }));
    while (pending.length > 0) {
      // A SKU repeated in the list waits for the next round, where it merges into the product just created.
      const skus = new Set<string>();
      const round: typeof pending = [];
      const later: typeof pending = [];
      for (const p of pending) {
        const sku = p.dto.sku.toLowerCase();
        if (skus.has(sku)) later.push(p);
        else {
          skus.add(sku);
          round.push(p);
        }
      }
      await this.createOrMergeRound(m, ctx, round, results);
      pending = later;
    }
    return results;
  }

  private async createOrMergeRound(
    m: EntityManager,
    ctx: RequestContext,
    round: readonly { dto: CreateProductDto; i: number }[],
    results: { productId: string; merged: boolean }[],
  ): Promise<void> {
    const existing = new Map(
      (
        await rows<ProductRow>(m, `SELECT * FROM products WHERE lower(sku) = ANY($1::text[]) AND deleted_at IS NULL ORDER BY id FOR UPDATE`, [
          round.map((r) => r.dto.sku.toLowerCase()),
        ])
      ).map((row) => [row.sku.toLowerCase(), row]),
    );
    const fresh: { dto: CreateProductDto; i: number }[] = [];
    const merges: { row: ProductRow; quantity: number; costCents: number; note: null }[] = [];
    for (const r of round) {
      const same = existing.get(r.dto.sku.toLowerCase());
      if (!same) {
        fresh.push(r);
        continue;
      }
      if (same.barcode && r.dto.barcode && same.barcode !== r.dto.barcode) throw skuBarcodeMismatch(same.barcode);
      merges.push({ row: same, quantity: r.dto.quantity ?? 1, costCents: toCents(r.dto.cost), note: null });
      results[r.i] = { productId: same.id, merged: true };
    }
    await this.receiveMany(m, ctx, merges);
    if (fresh.length === 0) return;
    const [taken] = await rows<{ barcode: string }>(m, `SELECT barcode FROM products WHERE barcode = ANY($1::text[]) AND deleted_at IS NULL LIMIT 1`, [
      fresh.map((r) => r.dto.barcode),
    ]);
    if (taken) throw duplicateBarcode();
    const categories = [...new Set(fresh.map((r) => r.dto.category))];
    const [{ found }] = await rows<{ found: number }>(m, `SELECT count(*)::int AS found FROM categories WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`, [
      categories,
    ]);
    if (found !== categories.length) throw DomainError.validation({ category: 'validation.requiredCategory' });
    const col = <T>(f: (dto: CreateProductDto) => T) => fresh.map((r) => f(r.dto));
    const inserted = await rows<ProductRow>(
      m,
      `INSERT INTO products (sku, barcode, name_en, name_ku, description_en, description_ku, category_id, price_cents, cost_cents,
                             discount_percent, reorder_level, active, images, image_url)
       SELECT sku, barcode, name_en, name_ku, description_en, description_ku, category_id, price_cents, cost_cents,
              discount_percent, reorder_level, active, images, image_url
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::uuid[], $8::int[], $9::int[],
                     $10::numeric[], $11::int[], $12::boolean[], $13::jsonb[], $14::text[]) WITH ORDINALITY
           AS t(sku, barcode, name_en, name_ku, description_en, description_ku, category_id, price_cents, cost_cents,
                discount_percent, reorder_level, active, images, image_url, n)
        ORDER BY n
       RETURNING *`,
      [
        col((d) => d.sku), col((d) => d.barcode), col((d) => d.name.en), col((d) => d.name.ku ?? ''), col((d) => d.description?.en ?? ''),
        col((d) => d.description?.ku ?? ''), col((d) => d.category), col((d) => toCents(d.price)), col((d) => toCents(d.cost)),
        col((d) => d.discount ?? 0), col((d) => d.reorderLevel ?? 10), col((d) => d.active ?? true), col((d) => JSON.stringify(d.images ?? [])),
        col((d) => d.imageUrl || null),
      ],
    );
    const bySku = new Map(inserted.map((row) => [row.sku.toLowerCase(), row]));
    const made = fresh.map((r) => ({ ...r, row: bySku.get(r.dto.sku.toLowerCase())!, quantity: r.dto.quantity ?? 1, costCents: toCents(r.dto.cost) }));
    await this.outbox.addAll(
      m,
      made.map(({ row, quantity }) => ({ ctx, type: 'dukan.catalog.product.created.v1' as const, data: productEvent(row, quantity) })),
    );
    const [moved] = await this.ledger.moveAll(m, [
      {
        ctx,
        moves: made.map(({ row, quantity, costCents }) => ({
          productId: row.id, branchId: ctx.branchId, delta: quantity, reason: 'received' as const, refType: 'product' as const, refId: row.id,
          unitCostCents: costCents,
        })),
      },
    ]);
    await this.addBatches(m, ctx, made.map((x, n) => ({ productId: x.row.id, quantity: x.quantity, costCents: x.costCents, movementId: moved![n]!.movementId })));
    for (const x of made) results[x.i] = { productId: x.row.id, merged: false };
  }

  async update(ctx: RequestContext, id: string, dto: UpdateProductDto): Promise<ProductDto> {
    return this.mapUniqueViolations(() =>
      this.ds.transaction(async (m) => {
        await beginCatalogWrite(m);
        const before = await this.lockLive(m, ctx, id);
        if (dto.sku !== undefined && dto.sku.toLowerCase() !== before.sku.toLowerCase()) {
          const [clash] = await rows(m, `SELECT 1 FROM products WHERE lower(sku) = lower($1) AND deleted_at IS NULL AND id <> $2`, [dto.sku, id]);
          if (clash) throw new DomainError('DUPLICATE_SKU', 'products.duplicateSku', {}, { sku: { key: 'products.duplicateSku' } });
        }
        if (dto.barcode !== undefined && dto.barcode !== before.barcode) await this.assertBarcodeFree(m, dto.barcode, id);
        if (dto.category !== undefined && dto.category !== before.category_id) await this.assertCategory(m, dto.category);
        const next = {
          sku: dto.sku ?? before.sku,
          barcode: dto.barcode ?? before.barcode,
          name_en: dto.name?.en ?? before.name_en,
          name_ku: dto.name?.ku ?? before.name_ku,
          description_en: dto.description?.en ?? before.description_en,
          description_ku: dto.description?.ku ?? before.description_ku,
          category_id: dto.category ?? before.category_id,
          price_cents: dto.price !== undefined ? toCents(dto.price) : before.price_cents,
          cost_cents: dto.cost !== undefined ? toCents(dto.cost) : before.cost_cents,
          discount_percent: dto.discount !== undefined ? dto.discount : Number(before.discount_percent),
          reorder_level: dto.reorderLevel ?? before.reorder_level,
          active: dto.active ?? before.active,
          images: dto.images ?? before.images,
          image_url: dto.imageUrl !== undefined ? dto.imageUrl || null : before.image_url,
        };
        const [row] = await rows<ProductRow>(
          m,
          `UPDATE products SET sku = $2, barcode = $3, name_en = $4, name_ku = $5, description_en = $6, description_ku = $7, category_id = $8,
                  price_cents = $9, cost_cents = $10, discount_percent = $11, reorder_level = $12, active = $13, images = $14, image_url = $15,
                  version = version + 1, updated_at = now()
           WHERE id = $1 RETURNING *`,
          [
            id, next.sku, next.barcode, next.name_en, next.name_ku, next.description_en, next.description_ku, next.category_id, next.price_cents,
            next.cost_cents, next.discount_percent, next.reorder_level, next.active, JSON.stringify(next.images), next.image_url,
          ],
        );
        if (next.price_cents !== before.price_cents || next.discount_percent !== Number(before.discount_percent)) {
          await audit(m, ctx, 'product.price-changed', { type: 'product', id }, {
            before: { priceCents: before.price_cents, discountPercent: Number(before.discount_percent) },
            after: { priceCents: next.price_cents, discountPercent: next.discount_percent },
          });
        }
        if (next.cost_cents !== before.cost_cents) {
          await audit(m, ctx, 'product.cost-changed', { type: 'product', id }, { before: before.cost_cents, after: next.cost_cents });
        }
        let quantity = await this.ledger.quantity(m, id, ctx.branchId);
        if (dto.quantity !== undefined && dto.quantity !== quantity) {
          ({ quantityAfter: quantity } = await this.ledger.move(m, ctx, {
            productId: id, branchId: ctx.branchId, delta: dto.quantity - quantity, reason: 'adjusted', refType: 'adjustment', refId: null,
          }));
        }
        await this.outbox.add(m, ctx, 'dukan.catalog.product.updated.v1', productEvent(row!, quantity));
        return this.get(ctx, id, m);
      }),
    );
  }

  /** Soft delete: the row stays for history (old sales, the ledger); it leaves every list and frees its sku and barcode. */
  async remove(ctx: RequestContext, id: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      await beginCatalogWrite(m);
      await this.lockLive(m, ctx, id);
      const [row] = await rows<ProductRow>(
        m,
        `UPDATE products SET deleted_at = now(), active = false, version = version + 1, updated_at = now() WHERE id = $1 RETURNING *`,
        [id],
      );
      await audit(m, ctx, 'product.deleted', { type: 'product', id }, { sku: row!.sku, name: row!.name_en });
      await this.outbox.add(m, ctx, 'dukan.catalog.product.deleted.v1', { productId: id, sku: row!.sku, version: row!.version });
    });
  }

  /** PATCH …/quantity: a received batch at its cost (or the current average), averaged into the cost. */
  async receive(ctx: RequestContext, id: string, dto: ReceiveStockDto): Promise<ProductDto> {
    return this.ds.transaction(async (m) => {
      await beginCatalogWrite(m);
      const row = await this.lockLive(m, ctx, id);
      const costCents = dto.cost !== undefined ? toCents(dto.cost) : row.cost_cents;
      await this.receiveMany(m, ctx, [{ row, quantity: dto.quantity, costCents, note: dto.note ?? null }]);
      return this.get(ctx, id, m);
    });
  }

  /**
   * Received batches into live products (each product once), at their costs, averaged into each product's cost
   * over the units on hand in every branch: one ledger move, one cost batch and one product.updated per product,
   * a few statements for all of them.
   */
  private async receiveMany(
    m: EntityManager,
    ctx: RequestContext,
    items: readonly { row: ProductRow; quantity: number; costCents: number; note: string | null }[],
  ): Promise<void> {
    if (items.length === 0) return;
    const ids = items.map((x) => x.row.id);
    const onHand = new Map(
      (
        await rows<{ product_id: string; q: number }>(
          m,
          `SELECT product_id, sum(quantity)::int AS q FROM stock_levels WHERE product_id = ANY($1::uuid[]) GROUP BY product_id`,
          [ids],
        )
      ).map((r) => [r.product_id, r.q]),
    );
    const averages = items.map((x) => averageCostCents(onHand.get(x.row.id) ?? 0, x.row.cost_cents, x.quantity, x.costCents));
    const [moved] = await this.ledger.moveAll(m, [
      {
        ctx,
        moves: items.map((x) => ({
          productId: x.row.id, branchId: ctx.branchId, delta: x.quantity, reason: 'received' as const, refType: 'product' as const, refId: x.row.id,
          unitCostCents: x.costCents, note: x.note,
        })),
      },
    ]);
    await this.addBatches(m, ctx, items.map((x, i) => ({ productId: x.row.id, quantity: x.quantity, costCents: x.costCents, movementId: moved![i]!.movementId })));
    const updated = new Map(
      (
        await rows<ProductRow>(
          m,
          `UPDATE products p SET cost_cents = v.cost, version = p.version + 1, updated_at = now()
             FROM unnest($1::uuid[], $2::int[]) AS v(id, cost) WHERE p.id = v.id RETURNING p.*`,
          [ids, averages],
        )
      ).map((row) => [row.id, row]),
    );
    await auditAll(
      m,
      items.flatMap((x, i) =>
        averages[i] === x.row.cost_cents
          ? []
          : [{ ctx, action: 'product.cost-changed', target: { type: 'product', id: x.row.id }, details: { before: x.row.cost_cents, after: averages[i], batch: { quantity: x.quantity, costCents: x.costCents } } }],
      ),
    );
    await this.outbox.addAll(
      m,
      items.map((x, i) => ({ ctx, type: 'dukan.catalog.product.updated.v1' as const, data: productEvent(updated.get(x.row.id)!, moved![i]!.quantityAfter) })),
    );
  }

  private async addBatches(
    m: EntityManager,
    ctx: RequestContext,
    batches: readonly { productId: string; quantity: number; costCents: number; movementId: string }[],
  ): Promise<void> {
    await m.query(
      `INSERT INTO cost_batches (product_id, branch_id, quantity, unit_cost_cents, movement_id, actor_id)
       SELECT product_id, $2, quantity, unit_cost_cents, movement_id, $3
         FROM unnest($1::uuid[], $4::int[], $5::int[], $6::uuid[]) AS t(product_id, quantity, unit_cost_cents, movement_id)`,
      [batches.map((b) => b.productId), ctx.branchId, ctx.actorId, batches.map((b) => b.quantity), batches.map((b) => b.costCents), batches.map((b) => b.movementId)],
    );
  }

  // --- barcodes

  /** A new EAN-13 starting 9990001 that no product (live or deleted) carries. */
  async generateBarcode(): Promise<string> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const [{ n }] = await rows<{ n: number }>(this.ds, `SELECT nextval('barcode_seq')::int AS n`);
      const code = generatedBarcode(n);
      const [used] = await rows(this.ds, `SELECT 1 FROM products WHERE barcode = $1 LIMIT 1`, [code]);
      if (!used) return code;
    }
    // The sequence keeps landing on used codes (many typed by hand): look for a gap once.
    const used = new Set(
      (await rows<{ barcode: string }>(this.ds, `SELECT barcode FROM products WHERE barcode LIKE '9990001%'`))
        .map((r) => r.barcode)
        .filter(isGeneratedBarcode),
    );
    for (let n = 0; n <= 99_999; n++) {
      const code = generatedBarcode(n);
      if (!used.has(code)) return code;
    }
    throw new DomainError('CONFLICT', 'products.barcodesExhausted');
  }

  // --- labels

  /** Products for labels, in the order asked; unknown or deleted ids are left out. */
  async forLabels(ids: string[]): Promise<{ name_en: string; name_ku: string; sku: string; barcode: string | null; price_cents: number }[]> {
    return rows(
      this.ds,
      `SELECT p.name_en, p.name_ku, p.sku, p.barcode, p.price_cents
       FROM products p WHERE p.id = ANY($1::uuid[]) AND p.deleted_at IS NULL
       ORDER BY array_position($1::uuid[], p.id)`,
      [ids],
    );
  }

  mergedMessage(ctx: RequestContext): string {
    return translate(ctx.locale, 'products.merged');
  }

  // --- helpers

  private async lockLive(m: EntityManager, ctx: RequestContext, id: string): Promise<ProductRow> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.product');
    const [row] = await rows<ProductRow>(m, `SELECT * FROM products WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [id]);
    if (!row) throw DomainError.notFound('entities.product');
    return row;
  }

  private async assertBarcodeFree(m: EntityManager, barcode: string, exceptId?: string): Promise<void> {
    const [clash] = await rows(m, `SELECT 1 FROM products WHERE barcode = $1 AND deleted_at IS NULL AND id <> coalesce($2::uuid, '00000000-0000-0000-0000-000000000000')`, [
      barcode,
      exceptId ?? null,
    ]);
    if (clash) throw duplicateBarcode();
  }

  private async assertCategory(m: EntityManager, id: string): Promise<void> {
    const [found] = await rows(m, `SELECT 1 FROM categories WHERE id = $1 AND deleted_at IS NULL`, [id]);
    if (!found) throw DomainError.validation({ category: 'validation.requiredCategory' });
  }

  /** Two requests racing past the checks meet the unique indexes; answer as the checks would have. */
  private async mapUniqueViolations<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      const constraint = uniqueViolation(e);
      if (constraint === 'products_barcode_live') throw duplicateBarcode();
      if (constraint === 'products_sku_live') throw new DomainError('DUPLICATE_SKU', 'products.duplicateSku', {}, { sku: { key: 'products.duplicateSku' } });
      throw e;
    }
  }
}

export function skuBarcodeMismatch(barcode: string): DomainError {
  return new DomainError('DUPLICATE_SKU', 'products.skuBarcodeMismatch', { barcode }, {
    barcode: { key: 'products.skuBarcodeMismatch', params: { barcode } },
  });
}

export function duplicateBarcode(): DomainError {
  return new DomainError('DUPLICATE_BARCODE', 'products.duplicateBarcode', {}, { barcode: { key: 'products.duplicateBarcode' } });
}

/** '[' + items.join(',') + ']' as UTF-8, written straight into one buffer. */
function jsonArray(items: string[]): Buffer {
  let size = 2 + Math.max(0, items.length - 1);
  for (const item of items) size += Buffer.byteLength(item, 'utf8');
  const out = Buffer.allocUnsafe(size);
  let at = out.write('[', 0, 'latin1');
  items.forEach((item, i) => {
    if (i > 0) at += out.write(',', at, 'latin1');
    at += out.write(item, at, 'utf8');
  });
  out.write(']', at, 'latin1');
  return out;
}

function makeBody(buffer: Buffer): ListBody {
  let zipped: Promise<Buffer> | null = null;
  return {
    json: buffer,
    gzip: () => (zipped ??= gzipAsync(buffer, { level: 4 })),
  };
}
