import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { DataSource, type EntityManager } from 'typeorm';
import { paginationOf, PRODUCTS_PAGE_SIZE, type Paginated, type ProductDto, type StockMovementDto } from '@dukan/contracts';
import { DomainError, escapeLike, logger, rows, systemContext, UUID, type RequestContext } from '@dukan/platform';
import { CATALOG_CONFIG, type CatalogConfig } from '../config.js';
import type { LabelProduct } from '../labels/label-sheet-html.js';
import type { ListProductsQuery, PageQuery, SearchProductsQuery } from './product.dto.js';
import { normalizeDigits, normalizeSearch } from './product.policy.js';
import { COST_HISTORY_JSON, PRODUCT_FROM, PRODUCT_JSON, STOCK_MOVEMENT_JSON, TILL_JSON, TILL_JSON_TEXT } from './product.sql.js';

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

/** Reading products: the whole lists (cached per catalog revision), pages, search, one product, its movements, labels. */
@Injectable()
export class ProductQueries implements OnApplicationBootstrap {
  /** Whole-list answers (till and full views) by branch, served while the catalog revision is unchanged. */
  private readonly listCache = new Map<string, CachedList>();
  private readonly listBuilding = new Map<string, Promise<CachedList>>();

  constructor(
    private readonly ds: DataSource,
    @Inject(CATALOG_CONFIG) private readonly config: CatalogConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.CATALOG_WARM_TILL_LIST) return;
    // In the background: start-up is not delayed, and a till asking meanwhile joins this build.
    const ctx = systemContext({ branchId: this.config.BRANCH_ID });
    this.listBody(ctx, { active: 'true', view: 'till' }).catch((e: unknown) => logger().warn({ err: e }, 'till list warm-up failed'));
  }

  /** The plain-array answer of GET /api/products (no page); the whole-list forms are cached per catalog revision. */
  async listBody(ctx: RequestContext, q: ListProductsQuery): Promise<ListBody> {
    const view = q.view === 'till' ? 'till' : 'full';
    const cacheable = !q.category && !q.categories?.length && !q.search?.trim();
    if (!cacheable) return makeBody(await this.buildList(ctx, q, view).then((r) => r.body));
    return this.cachedList(ctx, q, view);
  }

  /** The till's whole list (active products) and the revision it was built at, for a delta too old to answer. */
  tillList(ctx: RequestContext): Promise<ListBody & { rev: string }> {
    return this.cachedList(ctx, { active: 'true' }, 'till');
  }

  private async cachedList(ctx: RequestContext, q: ListProductsQuery, view: 'till' | 'full'): Promise<CachedList> {
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
        `SELECT ${view === 'till' ? TILL_JSON_TEXT : `${PRODUCT_JSON}::text`} AS j FROM ${PRODUCT_FROM} WHERE ${where} ORDER BY p.name_en, p.id`,
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

  private filters(
    ctx: RequestContext,
    q: { active?: string; category?: string; categories?: string[]; search?: string },
  ): { where: string; params: unknown[] } {
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
         SELECT p.id FROM products p WHERE p.deleted_at IS NULL ${active} AND (p.barcode = $3 OR lower(p.sku) = lower($3)
                                                                                 OR p.id IN (SELECT product_id FROM product_packs WHERE barcode = $3))
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

  /** Products for labels, in the order asked; unknown or deleted ids are left out. */
  /** Products for labels in the order asked; with `branchId`, priced as that branch sells them (its own price where it has one). */
  async forLabels(ids: string[], branchId?: string): Promise<LabelProduct[]> {
    // A branch's own price is in dollars: the product's dinar price then does not apply.
    return rows(
      this.ds,
      `SELECT p.name_en, p.name_ku, p.sku, p.barcode,
              ${
                branchId === undefined
                  ? 'p.price_cents, p.price_iqd'
                  : 'coalesce(bp.price_cents, p.price_cents) AS price_cents, CASE WHEN bp.price_cents IS NULL THEN p.price_iqd END AS price_iqd'
              }
       FROM products p
       ${branchId === undefined ? '' : 'LEFT JOIN branch_prices bp ON bp.product_id = p.id AND bp.branch_id = $2'}
       WHERE p.id = ANY($1::uuid[]) AND p.deleted_at IS NULL
       ORDER BY array_position($1::uuid[], p.id)`,
      branchId === undefined ? [ids] : [ids, branchId],
    );
  }
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

export function makeBody(buffer: Buffer): ListBody {
  let zipped: Promise<Buffer> | null = null;
  return {
    json: buffer,
    gzip: () => (zipped ??= gzipAsync(buffer, { level: 4 })),
  };
}
