import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { paginationOf, type Paginated, type PurchaseOrderDto, type PurchaseOrderState } from '@dukan/contracts';
import { audit, DomainError, recordInCallerBranch, rows, UUID, type RequestContext } from '@dukan/platform';
import type { OrderListQuery, SaveOrderDto } from './purchase.dto.js';
import { cancelOutcome, repeatedProducts } from './purchase.policy.js';
import { ORDER_JSON } from './purchase.sql.js';

const PAGE_SIZE = 50;

export interface OrderRow {
  id: string;
  number: string;
  branch_id: string;
  supplier_id: string;
  currency: 'USD' | 'IQD';
  state: PurchaseOrderState;
}

/**
 * Purchase orders of a branch: a draft is written and changed freely, then sent to its supplier; receipts move it
 * to partly received and received (GoodsReceipts); it may be cancelled until received in full.
 */
@Injectable()
export class PurchaseOrders {
  constructor(private readonly ds: DataSource) {}

  async list(ctx: RequestContext, q: OrderListQuery): Promise<Paginated<PurchaseOrderDto>> {
    const page = q.page ?? 1;
    const limit = q.limit ?? PAGE_SIZE;
    const params: unknown[] = [ctx.branchId];
    const where = ['o.branch_id = $1'];
    if (q.state) {
      params.push(q.state);
      where.push(`o.state = $${params.length}`);
    }
    if (q.open === 'true') where.push(`o.state IN ('sent', 'partial')`);
    if (q.supplier) {
      params.push(q.supplier);
      where.push(`o.supplier_id = $${params.length}`);
    }
    const filter = where.join(' AND ');
    const [{ total }] = await rows<{ total: number }>(
      this.ds,
      `SELECT count(*)::int AS total FROM purchase_orders o WHERE ${filter}`,
      params,
    );
    const data = await rows<{ j: PurchaseOrderDto }>(
      this.ds,
      `SELECT ${ORDER_JSON} AS j FROM purchase_orders o WHERE ${filter} ORDER BY o.created_at DESC, o.id LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
      params,
    );
    return { data: data.map((r) => r.j), pagination: paginationOf(total, page, limit) };
  }

  async get(ctx: RequestContext, id: string, m: EntityManager | DataSource = this.ds): Promise<PurchaseOrderDto> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.purchaseOrder');
    const [found] = await rows<{ j: PurchaseOrderDto; branch_id: string }>(
      m,
      `SELECT ${ORDER_JSON} AS j, o.branch_id FROM purchase_orders o WHERE o.id = $1`,
      [id],
    );
    return recordInCallerBranch(ctx, found, (r) => r.branch_id, 'entities.purchaseOrder').j;
  }

  async create(ctx: RequestContext, dto: SaveOrderDto): Promise<PurchaseOrderDto> {
    return this.ds.transaction(async (m) => {
      await this.check(m, dto);
      const [{ id }] = await rows<{ id: string }>(
        m,
        `INSERT INTO purchase_orders (number, supplier_id, branch_id, currency, note, expected_on, created_by)
         VALUES ('PO-' || lpad(nextval('purchase_order_number_seq')::text, 6, '0'), $1, $2, $3, $4, $5, $6) RETURNING id`,
        [dto.supplier, ctx.branchId, dto.currency, dto.note ?? null, dto.expectedOn ?? null, ctx.actorId],
      );
      await this.writeLines(m, id, dto);
      await audit(m, ctx, 'purchase-order.created', { type: 'purchase-order', id }, { lines: dto.lines.length, currency: dto.currency });
      return this.get(ctx, id, m);
    });
  }

  /** A draft's supplier, currency, lines, note and date replaced; a sent order is no longer changed. */
  async update(ctx: RequestContext, id: string, dto: SaveOrderDto): Promise<PurchaseOrderDto> {
    return this.ds.transaction(async (m) => {
      const order = await this.lock(m, ctx, id);
      if (order.state !== 'draft') throw new DomainError('INVALID_TRANSITION', 'purchases.orderNotDraft');
      await this.check(m, dto);
      await m.query(`UPDATE purchase_orders SET supplier_id = $2, currency = $3, note = $4, expected_on = $5 WHERE id = $1`, [
        id,
        dto.supplier,
        dto.currency,
        dto.note ?? null,
        dto.expectedOn ?? null,
      ]);
      await m.query(`DELETE FROM purchase_order_lines WHERE order_id = $1`, [id]);
      await this.writeLines(m, id, dto);
      await audit(m, ctx, 'purchase-order.updated', { type: 'purchase-order', id }, { lines: dto.lines.length });
      return this.get(ctx, id, m);
    });
  }

  /** Draft to sent; sending a sent order again answers it as it stands. */
  async send(ctx: RequestContext, id: string): Promise<PurchaseOrderDto> {
    return this.ds.transaction(async (m) => {
      const order = await this.lock(m, ctx, id);
      if (order.state === 'sent') return this.get(ctx, id, m);
      if (order.state !== 'draft') throw new DomainError('INVALID_TRANSITION', 'purchases.orderNotDraftToSend');
      await m.query(`UPDATE purchase_orders SET state = 'sent', sent_at = now() WHERE id = $1`, [id]);
      await audit(m, ctx, 'purchase-order.sent', { type: 'purchase-order', id }, { number: order.number });
      return this.get(ctx, id, m);
    });
  }

  /** What is not received is no longer expected; received goods stay. A cancelled order answers as it stands. */
  async cancel(ctx: RequestContext, id: string): Promise<PurchaseOrderDto> {
    return this.ds.transaction(async (m) => {
      const order = await this.lock(m, ctx, id);
      const outcome = cancelOutcome(order.state);
      if (outcome === 'replay') return this.get(ctx, id, m);
      if (outcome !== 'cancel') throw new DomainError('INVALID_TRANSITION', outcome.refuse);
      await m.query(`UPDATE purchase_orders SET state = 'cancelled', closed_at = now() WHERE id = $1`, [id]);
      await audit(m, ctx, 'purchase-order.cancelled', { type: 'purchase-order', id }, { number: order.number, was: order.state });
      return this.get(ctx, id, m);
    });
  }

  /**
   * The order's row, locked to the end of the transaction; to a user of none of its branches it does not exist, and
   * it is changed or received only in the branch that placed it.
   */
  async lock(m: EntityManager, ctx: RequestContext, id: string): Promise<OrderRow> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.purchaseOrder');
    const [row] = await rows<OrderRow>(
      m,
      `SELECT id, number, branch_id, supplier_id, currency, state FROM purchase_orders WHERE id = $1 FOR UPDATE`,
      [id],
    );
    const order = recordInCallerBranch(ctx, row, (r) => r.branch_id, 'entities.purchaseOrder');
    if (order.branch_id !== ctx.branchId) throw new DomainError('FORBIDDEN', 'purchases.orderWrongBranch');
    return order;
  }

  private async check(m: EntityManager, dto: SaveOrderDto): Promise<void> {
    const twice = repeatedProducts(dto.lines);
    if (Object.keys(twice).length > 0) throw new DomainError('VALIDATION_FAILED', 'validation.failed', {}, twice);
    const [supplier] = await rows<{ active: boolean }>(m, `SELECT active FROM suppliers WHERE id = $1`, [dto.supplier]);
    if (!supplier) throw DomainError.validation({ supplier: 'validation.invalidId' });
    if (!supplier.active) throw DomainError.validation({ supplier: 'purchases.supplierInactive' });
    const found = new Set(
      (
        await rows<{ id: string }>(m, `SELECT id FROM products WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`, [
          dto.lines.map((l) => l.product),
        ])
      ).map((r) => r.id),
    );
    const unknown = dto.lines.findIndex((l) => !found.has(l.product));
    if (unknown >= 0) throw DomainError.validation({ [`lines.${unknown}.product`]: 'validation.invalidId' });
  }

  private async writeLines(m: EntityManager, id: string, dto: SaveOrderDto): Promise<void> {
    await m.query(
      `INSERT INTO purchase_order_lines (order_id, line_no, product_id, ordered, unit_cost_minor)
       SELECT $1, n, product_id, ordered, cost FROM unnest($2::uuid[], $3::int[], $4::bigint[]) WITH ORDINALITY AS t(product_id, ordered, cost, n)`,
      [id, dto.lines.map((l) => l.product), dto.lines.map((l) => l.quantity), dto.lines.map((l) => l.unitCostMinor)],
    );
  }
}
