import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';
import {
  paginationOf,
  type Paginated,
  type StocktakeCountDto,
  type StocktakeDto,
  type StocktakeState,
  type StocktakeVarianceDto,
  type StocktakeVarianceLineDto,
} from '@dukan/contracts';
import { audit, DomainError, recordInCallerBranch, rows, UUID, type RequestContext } from '@dukan/platform';
import { beginCatalogWrite } from '../sql.js';
import { StockLedger, type StockMove } from '../stock/stock-ledger.js';
import type { AddCountsDto, ApproveStocktakeDto, StartStocktakeDto, StocktakeListQuery } from './stocktake.dto.js';
import { approveOutcome, countsByProduct, MOVES_PER_EVENT } from './stocktake.policy.js';

const PAGE_SIZE = 50;
const VARIANCE_PAGE = 200;
const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const isoOrNull = (col: string) => `CASE WHEN ${col} IS NULL THEN NULL ELSE ${iso(col)} END`;

/** StocktakeDto of the stocktake `st`. */
const STOCKTAKE_JSON = `json_build_object(
  '_id', st.id,
  'number', st.number,
  'branchId', st.branch_id,
  'state', st.state,
  'categories', coalesce((SELECT json_agg(json_build_object('_id', c.id, 'name', json_build_object('en', c.name_en, 'ku', c.name_ku)) ORDER BY c.name_en)
                   FROM categories c WHERE c.id = ANY(st.category_ids)), '[]'::json),
  'note', st.note,
  'countedProducts', (SELECT count(*)::int FROM stocktake_lines l WHERE l.stocktake_id = st.id),
  'createdBy', st.created_by,
  'createdAt', ${iso('st.created_at')},
  'approvedBy', st.approved_by,
  'approvedAt', ${isoOrNull('st.approved_at')})`;

/** Live products in the stocktake `$1`'s scope: every one, or those under its categories and their subcategories. */
const IN_SCOPE = `
  WITH RECURSIVE scope AS (
    SELECT c.id FROM categories c, stocktakes st WHERE st.id = $1 AND c.id = ANY(st.category_ids)
    UNION SELECT c.id FROM categories c JOIN scope ON c.parent_id = scope.id
  ), whole AS (SELECT cardinality(category_ids) = 0 AS everything FROM stocktakes WHERE id = $1)
  SELECT p.id FROM products p, whole
   WHERE p.deleted_at IS NULL AND (whole.everything OR p.category_id IN (SELECT id FROM scope))`;

interface StocktakeRow {
  id: string;
  number: string;
  branch_id: string;
  state: StocktakeState;
}

/**
 * Counting a branch's stock while it keeps selling. Anyone counting adds counts (by product or scanned barcode); the
 * first count of a product records the ledger's stock at that moment, so what sells afterwards is not a difference.
 * Counters never see what is expected. A manager reads the variance (units and cost) and approves it: each product's
 * difference becomes a ledger row of reason 'counted', leaving every sale since its count in place.
 */
@Injectable()
export class Stocktakes {
  constructor(
    private readonly ds: DataSource,
    private readonly ledger: StockLedger,
  ) {}

  async list(ctx: RequestContext, q: StocktakeListQuery): Promise<Paginated<StocktakeDto>> {
    const page = q.page ?? 1;
    const limit = q.limit ?? PAGE_SIZE;
    const params: unknown[] = [ctx.branchId];
    const where = ['st.branch_id = $1'];
    if (q.state) {
      params.push(q.state);
      where.push(`st.state = $${params.length}`);
    }
    const filter = where.join(' AND ');
    const [{ total }] = await rows<{ total: number }>(this.ds, `SELECT count(*)::int AS total FROM stocktakes st WHERE ${filter}`, params);
    const data = await rows<{ j: StocktakeDto }>(
      this.ds,
      `SELECT ${STOCKTAKE_JSON} AS j FROM stocktakes st WHERE ${filter} ORDER BY st.created_at DESC, st.id LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
      params,
    );
    return { data: data.map((r) => r.j), pagination: paginationOf(total, page, limit) };
  }

  async get(ctx: RequestContext, id: string, m: EntityManager | DataSource = this.ds): Promise<StocktakeDto> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.stocktake');
    const [found] = await rows<{ j: StocktakeDto; branch_id: string }>(
      m,
      `SELECT ${STOCKTAKE_JSON} AS j, st.branch_id FROM stocktakes st WHERE st.id = $1`,
      [id],
    );
    return recordInCallerBranch(ctx, found, (r) => r.branch_id, 'entities.stocktake').j;
  }

  async start(ctx: RequestContext, dto: StartStocktakeDto): Promise<StocktakeDto> {
    const categories = [...new Set(dto.categories ?? [])];
    return this.ds.transaction(async (m) => {
      if (categories.length > 0) {
        const [{ found }] = await rows<{ found: number }>(
          m,
          `SELECT count(*)::int AS found FROM categories WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`,
          [categories],
        );
        if (found !== categories.length) throw DomainError.validation({ categories: 'validation.invalidId' });
      }
      const [{ id }] = await rows<{ id: string }>(
        m,
        `INSERT INTO stocktakes (number, branch_id, category_ids, note, created_by)
         VALUES ('ST-' || lpad(nextval('stocktake_number_seq')::text, 6, '0'), $1, $2::uuid[], $3, $4) RETURNING id`,
        [ctx.branchId, categories, dto.note ?? null, ctx.actorId],
      );
      await audit(m, ctx, 'stocktake.started', { type: 'stocktake', id }, { categories });
      return this.get(ctx, id, m);
    });
  }

  /**
   * Counts from anyone counting, added to what was counted before (several people at once; a negative count
   * corrects). A product's first count records the branch's stock at that moment. Answers the counted totals of the
   * products just counted — never what is expected.
   */
  async addCounts(ctx: RequestContext, id: string, dto: AddCountsDto): Promise<StocktakeCountDto[]> {
    const missing = dto.lines.findIndex((l) => !l.product === !l.barcode);
    if (missing >= 0) throw DomainError.validation({ [`lines.${missing}.product`]: 'stocktakes.productOrBarcode' });
    return this.ds.transaction(async (m) => {
      // Shared: counts arrive side by side; approving waits for them, and they for it.
      const take = await this.find(m, ctx, id, 'FOR SHARE');
      if (take.state !== 'counting') throw new DomainError('INVALID_TRANSITION', 'stocktakes.notCounting');
      const codes = dto.lines.filter((l) => l.barcode).map((l) => l.barcode!);
      const byCode = new Map<string, string>();
      /** A pack's barcode counts its units: a carton of 12 scanned once is 12 counted. */
      const packUnits = new Map<string, number>();
      if (codes.length > 0) {
        for (const r of await rows<{ id: string; barcode: string | null; sku: string }>(
          m,
          `SELECT id, barcode, sku FROM products WHERE deleted_at IS NULL AND (barcode = ANY($1::text[]) OR lower(sku) = ANY($2::text[]))`,
          [codes, codes.map((c) => c.toLowerCase())],
        )) {
          if (r.barcode) byCode.set(r.barcode, r.id);
          if (!byCode.has(r.sku.toLowerCase())) byCode.set(r.sku.toLowerCase(), r.id);
        }
        for (const r of await rows<{ product_id: string; barcode: string; units: number }>(
          m,
          `SELECT k.product_id, k.barcode, k.units FROM product_packs k JOIN products p ON p.id = k.product_id
            WHERE p.deleted_at IS NULL AND k.barcode = ANY($1::text[])`,
          [codes],
        )) {
          if (byCode.has(r.barcode)) continue;
          byCode.set(r.barcode, r.product_id);
          packUnits.set(r.barcode, r.units);
        }
      }
      const resolved = dto.lines.map((l) => l.product ?? byCode.get(l.barcode!) ?? byCode.get(l.barcode!.toLowerCase()) ?? null);
      const counted = dto.lines.map((l) => l.quantity * (l.product ? 1 : (packUnits.get(l.barcode!) ?? 1)));
      const unknown = resolved.findIndex((p) => p === null);
      if (unknown >= 0) throw DomainError.validation({ [`lines.${unknown}.barcode`]: 'stocktakes.unknownBarcode' });
      const ids = [...new Set(resolved as string[])];
      const inScope = new Set(
        (await rows<{ id: string }>(m, `SELECT s.id FROM (${IN_SCOPE}) s WHERE s.id = ANY($2::uuid[])`, [id, ids])).map((r) => r.id),
      );
      const outside = resolved.findIndex((p) => !inScope.has(p!));
      if (outside >= 0)
        throw DomainError.validation({
          [`lines.${outside}.${dto.lines[outside]!.product ? 'product' : 'barcode'}`]: 'stocktakes.outOfScope',
        });
      const sums = countsByProduct(resolved.map((p, i) => ({ productId: p!, quantity: counted[i]! })));
      await m.query(
        `INSERT INTO stocktake_counts (stocktake_id, product_id, quantity, counted_by)
         SELECT $1, product_id, quantity, $4 FROM unnest($2::uuid[], $3::int[]) AS t(product_id, quantity)`,
        [id, resolved, counted, ctx.actorId],
      );
      try {
        await m.query(
          `INSERT INTO stocktake_lines AS l (stocktake_id, product_id, counted, expected)
           SELECT $1, v.product_id, v.counted, coalesce(s.quantity, 0)
             FROM unnest($2::uuid[], $3::int[]) AS v(product_id, counted)
             LEFT JOIN stock_levels s ON s.product_id = v.product_id AND s.branch_id = $4
           ORDER BY v.product_id
           ON CONFLICT (stocktake_id, product_id) DO UPDATE SET counted = l.counted + EXCLUDED.counted, last_counted_at = clock_timestamp()`,
          [id, [...sums.keys()], [...sums.values()], take.branch_id],
        );
      } catch (e) {
        if (e instanceof QueryFailedError && (e.driverError as { code?: string }).code === '23514')
          throw DomainError.validation({ lines: 'stocktakes.negativeTotal' });
        throw e;
      }
      return this.countsOf(m, id, ids);
    });
  }

  /** What was counted so far, a page at a time, newest count first: blind, with no expected quantity. */
  async counts(ctx: RequestContext, id: string, q: { page?: number; limit?: number }): Promise<Paginated<StocktakeCountDto>> {
    await this.get(ctx, id);
    const page = q.page ?? 1;
    const limit = q.limit ?? VARIANCE_PAGE;
    const [{ total }] = await rows<{ total: number }>(
      this.ds,
      `SELECT count(*)::int AS total FROM stocktake_lines WHERE stocktake_id = $1`,
      [id],
    );
    return { data: await this.countsOf(this.ds, id, null, limit, (page - 1) * limit), pagination: paginationOf(total, page, limit) };
  }

  private async countsOf(
    m: EntityManager | DataSource,
    id: string,
    only: string[] | null,
    limit = 1000,
    offset = 0,
  ): Promise<StocktakeCountDto[]> {
    return (
      await rows<{ j: StocktakeCountDto }>(
        m,
        `SELECT json_build_object('productId', p.id, 'sku', p.sku, 'barcode', p.barcode, 'name', json_build_object('en', p.name_en, 'ku', p.name_ku),
                  'counted', l.counted, 'lastCountedAt', ${iso('l.last_counted_at')}) AS j
           FROM stocktake_lines l JOIN products p ON p.id = l.product_id
          WHERE l.stocktake_id = $1 AND ($2::uuid[] IS NULL OR l.product_id = ANY($2::uuid[]))
          ORDER BY l.last_counted_at DESC, p.id LIMIT ${limit} OFFSET ${offset}`,
        [id, only],
      )
    ).map((r) => r.j);
  }

  /**
   * Counted against expected, per product and in total, in units and at each product's average cost: the counted
   * products, then the products in scope nobody counted that the ledger says are there (expected now, counted null).
   * Lines a page at a time, largest cost difference first; totals over all of them.
   */
  async variance(ctx: RequestContext, id: string, q: { page?: number; limit?: number }): Promise<StocktakeVarianceDto> {
    const stocktake = await this.get(ctx, id);
    const page = q.page ?? 1;
    const limit = q.limit ?? VARIANCE_PAGE;
    const all = `
      SELECT p.id, p.sku, p.name_en, p.name_ku, p.cost_cents, l.counted, l.expected
        FROM stocktake_lines l JOIN products p ON p.id = l.product_id WHERE l.stocktake_id = $1
      UNION ALL
      SELECT p.id, p.sku, p.name_en, p.name_ku, p.cost_cents, NULL::int, s.quantity
        FROM products p JOIN stock_levels s ON s.product_id = p.id AND s.branch_id = $2
       WHERE s.quantity <> 0 AND p.id IN (${IN_SCOPE})
         AND NOT EXISTS (SELECT 1 FROM stocktake_lines l WHERE l.stocktake_id = $1 AND l.product_id = p.id)`;
    const [totals] = await rows<{
      products: number;
      counted: number;
      uncounted: number;
      units_over: number;
      units_short: number;
      variance_units: number;
      variance_cost: string;
    }>(
      this.ds,
      `SELECT count(*)::int AS products, count(counted)::int AS counted, (count(*) - count(counted))::int AS uncounted,
              coalesce(sum(greatest(counted - expected, 0)), 0)::int AS units_over,
              coalesce(sum(greatest(expected - counted, 0)), 0)::int AS units_short,
              coalesce(sum(counted - expected), 0)::int AS variance_units,
              coalesce(sum((counted - expected)::bigint * cost_cents), 0)::text AS variance_cost
         FROM (${all}) v`,
      [id, stocktake.branchId],
    );
    const lines = await rows<{ j: StocktakeVarianceLineDto }>(
      this.ds,
      `SELECT json_build_object('productId', v.id, 'sku', v.sku, 'name', json_build_object('en', v.name_en, 'ku', v.name_ku),
                'counted', v.counted, 'expected', v.expected, 'variance', coalesce(v.counted - v.expected, 0),
                'unitCostCents', v.cost_cents, 'varianceCostCents', coalesce((v.counted - v.expected)::bigint * v.cost_cents, 0)) AS j
         FROM (${all}) v
        ORDER BY v.counted IS NULL, abs(coalesce((v.counted - v.expected)::bigint * v.cost_cents, 0)) DESC, v.sku, v.id
        LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
      [id, stocktake.branchId],
    );
    return {
      stocktake,
      lines: lines.map((r) => r.j),
      totals: {
        products: totals!.products,
        counted: totals!.counted,
        unitsOver: totals!.units_over,
        unitsShort: totals!.units_short,
        varianceUnits: totals!.variance_units,
        varianceCostCents: Number(totals!.variance_cost),
      },
      uncounted: totals!.uncounted,
      pagination: paginationOf(totals!.products, page, limit),
    };
  }

  /**
   * The manager's approval: each counted product's difference as a ledger row of reason 'counted' (and, when asked,
   * every uncounted product in scope counted as none), in the stocktake's branch. Approving again answers it as it
   * stands and moves nothing.
   */
  async approve(ctx: RequestContext, id: string, dto: ApproveStocktakeDto): Promise<StocktakeDto> {
    return this.ds.transaction(async (m) => {
      await beginCatalogWrite(m);
      const take = await this.find(m, ctx, id, 'FOR UPDATE');
      const outcome = approveOutcome(take.state);
      if (outcome === 'replay') return this.get(ctx, id, m);
      if (outcome !== 'approve') throw new DomainError('INVALID_TRANSITION', outcome.refuse);
      if (take.branch_id !== ctx.branchId) throw new DomainError('FORBIDDEN', 'branches.notAllowed');
      const diffs = await rows<{ product_id: string; delta: number }>(
        m,
        `SELECT product_id, counted - expected AS delta FROM stocktake_lines WHERE stocktake_id = $1 AND counted <> expected ORDER BY product_id`,
        [id],
      );
      if (dto.uncounted === 'zero') {
        diffs.push(
          ...(await rows<{ product_id: string; delta: number }>(
            m,
            `SELECT s.product_id, -s.quantity AS delta FROM stock_levels s
              WHERE s.branch_id = $2 AND s.quantity <> 0 AND s.product_id IN (${IN_SCOPE})
                AND NOT EXISTS (SELECT 1 FROM stocktake_lines l WHERE l.stocktake_id = $1 AND l.product_id = s.product_id)
              ORDER BY s.product_id`,
            [id, take.branch_id],
          )),
        );
      }
      const moves: StockMove[] = diffs.map((d) => ({
        productId: d.product_id,
        branchId: take.branch_id,
        delta: d.delta,
        reason: 'counted',
        refType: 'stocktake',
        refId: id,
        note: take.number,
      }));
      // Events of a few hundred moves each: a whole shop's count is many messages, none too large to carry.
      const operations = [];
      for (let i = 0; i < moves.length; i += MOVES_PER_EVENT) operations.push({ ctx, moves: moves.slice(i, i + MOVES_PER_EVENT) });
      await this.ledger.moveAll(m, operations, moves.length > MOVES_PER_EVENT ? { lane: 'bulk' } : {});
      await m.query(`UPDATE stocktakes SET state = 'approved', approved_by = $2, approved_at = now() WHERE id = $1`, [id, ctx.actorId]);
      await audit(
        m,
        ctx,
        'stocktake.approved',
        { type: 'stocktake', id },
        {
          number: take.number,
          products: moves.length,
          units: moves.reduce((n, mv) => n + mv.delta, 0),
          uncounted: dto.uncounted ?? 'keep',
        },
      );
      return this.get(ctx, id, m);
    });
  }

  async cancel(ctx: RequestContext, id: string): Promise<StocktakeDto> {
    return this.ds.transaction(async (m) => {
      const take = await this.find(m, ctx, id, 'FOR UPDATE');
      if (take.state === 'cancelled') return this.get(ctx, id, m);
      if (take.state !== 'counting') throw new DomainError('INVALID_TRANSITION', 'stocktakes.notCounting');
      await m.query(`UPDATE stocktakes SET state = 'cancelled', cancelled_at = now() WHERE id = $1`, [id]);
      await audit(m, ctx, 'stocktake.cancelled', { type: 'stocktake', id }, { number: take.number });
      return this.get(ctx, id, m);
    });
  }

  private async find(m: EntityManager, ctx: RequestContext, id: string, lock: 'FOR SHARE' | 'FOR UPDATE'): Promise<StocktakeRow> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.stocktake');
    const [row] = await rows<StocktakeRow>(m, `SELECT id, number, branch_id, state FROM stocktakes WHERE id = $1 ${lock}`, [id]);
    return recordInCallerBranch(ctx, row, (r) => r.branch_id, 'entities.stocktake');
  }
}
