import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { paginationOf, type Currency, type GoodsReceiptDto, type Paginated } from '@dukan/contracts';
import { audit, DomainError, Outbox, recordInCallerBranch, rows, UUID, type RequestContext } from '@dukan/platform';
import { ProductReceiving } from '../products/product-receiving.js';
import type { ProductRow } from '../products/product.sql.js';
import { beginCatalogWrite, uniqueViolation } from '../sql.js';
import type { ReceiptListQuery, ReceiveGoodsDto } from './purchase.dto.js';
import {
  batchCostCents,
  fingerprint,
  isValidKey,
  orderStateAfter,
  receiptAgainstOrder,
  receiveRefusal,
  repeatedProducts,
} from './purchase.policy.js';
import { PurchaseOrders } from './purchase-orders.service.js';
import { RECEIPT_JSON } from './purchase.sql.js';

const PAGE_SIZE = 50;
/** A receipt longer than this puts its product and stock events in the bulk lane (behind no sale), this many lines to an event. */
const BULK_LINES = 200;

/**
 * Goods arriving from a supplier in the branch that receives them, against a purchase order or without one. Each
 * line goes in through the product form's path (ProductReceiving.receiveMany): a ledger row, a cost batch at the received
 * cost, the average cost and its history, product.updated and stock.changed; then goods.received for the receipt.
 * A repeat with the same Idempotency-Key answers the first receipt and moves nothing.
 */
@Injectable()
export class GoodsReceipts {
  constructor(
    private readonly ds: DataSource,
    private readonly outbox: Outbox,
    private readonly intake: ProductReceiving,
    private readonly orders: PurchaseOrders,
  ) {}

  async list(ctx: RequestContext, q: ReceiptListQuery): Promise<Paginated<GoodsReceiptDto>> {
    const page = q.page ?? 1;
    const limit = q.limit ?? PAGE_SIZE;
    const params: unknown[] = [ctx.branchId];
    const where = ['r.branch_id = $1'];
    if (q.order) {
      params.push(q.order);
      where.push(`r.order_id = $${params.length}`);
    }
    const filter = where.join(' AND ');
    const [{ total }] = await rows<{ total: number }>(
      this.ds,
      `SELECT count(*)::int AS total FROM goods_receipts r WHERE ${filter}`,
      params,
    );
    const data = await rows<{ j: GoodsReceiptDto }>(
      this.ds,
      `SELECT ${RECEIPT_JSON} AS j FROM goods_receipts r WHERE ${filter} ORDER BY r.received_at DESC, r.id LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
      params,
    );
    return { data: data.map((r) => r.j), pagination: paginationOf(total, page, limit) };
  }

  async get(ctx: RequestContext, id: string, m: EntityManager | DataSource = this.ds): Promise<GoodsReceiptDto> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.goodsReceipt');
    const [found] = await rows<{ j: GoodsReceiptDto; branch_id: string }>(
      m,
      `SELECT ${RECEIPT_JSON} AS j, r.branch_id FROM goods_receipts r WHERE r.id = $1`,
      [id],
    );
    return recordInCallerBranch(ctx, found, (r) => r.branch_id, 'entities.goodsReceipt').j;
  }

  async receive(
    ctx: RequestContext,
    dto: ReceiveGoodsDto,
    key: string | undefined,
  ): Promise<{ receipt: GoodsReceiptDto; replayed: boolean }> {
    if (key !== undefined && !isValidKey(key)) throw DomainError.validation({ 'Idempotency-Key': 'validation.invalidValue' });
    const hash = fingerprint(ctx.branchId, dto);
    const attempt = () => this.ds.transaction((m) => this.receiveIn(m, ctx, dto, key ?? null, hash));
    try {
      return await attempt();
    } catch (e) {
      // The same key sent twice at once: the loser answers with the winner's receipt.
      if (uniqueViolation(e) === 'goods_receipts_idempotency_key_key') return attempt();
      throw e;
    }
  }

  private async receiveIn(m: EntityManager, ctx: RequestContext, dto: ReceiveGoodsDto, key: string | null, hash: string) {
    await beginCatalogWrite(m);
    if (key) {
      const [seen] = await rows<{ id: string; request_hash: string }>(
        m,
        `SELECT id, request_hash FROM goods_receipts WHERE idempotency_key = $1`,
        [key],
      );
      if (seen && seen.request_hash !== hash) throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'purchases.idempotencyReused');
      if (seen) return { receipt: await this.get(ctx, seen.id, m), replayed: true };
    }
    let currency: Currency = dto.currency ?? 'USD';
    let supplierId: string | null = dto.supplier ?? null;
    let costs: number[];
    let orderLines: { product_id: string; ordered: number; received: number }[] = [];
    const order = dto.order ? await this.orders.lock(m, ctx, dto.order) : null;
    if (order) {
      const refusal = receiveRefusal(order.state);
      if (refusal) throw new DomainError('INVALID_TRANSITION', refusal);
      if (dto.currency && dto.currency !== order.currency)
        throw DomainError.validation({ currency: { key: 'purchases.currencyOfOrder', params: { currency: order.currency } } });
      currency = order.currency;
      supplierId = order.supplier_id;
      const lines = await rows<{ product_id: string; ordered: number; received: number; unit_cost_minor: string }>(
        m,
        `SELECT product_id, ordered, received, unit_cost_minor FROM purchase_order_lines WHERE order_id = $1 ORDER BY line_no FOR UPDATE`,
        [order.id],
      );
      const checked = receiptAgainstOrder(
        lines.map((l) => ({ productId: l.product_id, ordered: l.ordered, received: l.received, unitCostMinor: Number(l.unit_cost_minor) })),
        dto.lines,
      );
      if ('errors' in checked) throw new DomainError('VALIDATION_FAILED', 'validation.failed', {}, checked.errors);
      costs = checked.costs;
      orderLines = lines;
    } else {
      const errors = repeatedProducts(dto.lines);
      dto.lines.forEach((l, i) => {
        if (l.unitCostMinor === undefined) errors[`lines.${i}.unitCostMinor`] = { key: 'validation.required' };
      });
      if (Object.keys(errors).length > 0) throw new DomainError('VALIDATION_FAILED', 'validation.failed', {}, errors);
      if (supplierId) {
        const [s] = await rows(m, `SELECT 1 FROM suppliers WHERE id = $1`, [supplierId]);
        if (!s) throw DomainError.validation({ supplier: 'validation.invalidId' });
      }
      costs = dto.lines.map((l) => l.unitCostMinor!);
    }
    const rate = currency === 'IQD' ? (dto.exchangeRate ?? null) : null;
    if (currency === 'IQD' && rate === null) throw DomainError.validation({ exchangeRate: 'purchases.rateRequired' });

    const products = new Map(
      (
        await rows<ProductRow>(m, `SELECT * FROM products WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL ORDER BY id FOR UPDATE`, [
          dto.lines.map((l) => l.product),
        ])
      ).map((p) => [p.id, p]),
    );
    const unknown = dto.lines.findIndex((l) => !products.has(l.product));
    if (unknown >= 0) throw DomainError.validation({ [`lines.${unknown}.product`]: 'validation.invalidId' });

    const id = randomUUID();
    const [{ number }] = await rows<{ number: string }>(
      m,
      `SELECT 'GR-' || lpad(nextval('goods_receipt_number_seq')::text, 6, '0') AS number`,
    );
    const cents = costs.map((c) => batchCostCents(c, currency, rate));
    await m.query(
      `INSERT INTO goods_receipts (id, number, order_id, supplier_id, branch_id, currency, exchange_rate, note, idempotency_key, request_hash, received_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [id, number, order?.id ?? null, supplierId, ctx.branchId, currency, rate, dto.note ?? null, key, hash, ctx.actorId],
    );
    await m.query(
      `INSERT INTO goods_receipt_lines (receipt_id, line_no, product_id, quantity, unit_cost_minor, unit_cost_cents)
       SELECT $1, n, product_id, quantity, minor, cents
         FROM unnest($2::uuid[], $3::int[], $4::bigint[], $5::int[]) WITH ORDINALITY AS t(product_id, quantity, minor, cents, n)`,
      [id, dto.lines.map((l) => l.product), dto.lines.map((l) => l.quantity), costs, cents],
    );
    const items = dto.lines.map((l, i) => ({
      row: products.get(l.product)!,
      quantity: l.quantity,
      costCents: cents[i]!,
      note: number,
      ref: { type: 'receipt' as const, id },
    }));
    // A long receipt goes in a few hundred lines at a time: each stock.changed stays a modest message.
    for (let i = 0; i < items.length; i += BULK_LINES)
      await this.intake.receiveMany(m, ctx, items.slice(i, i + BULK_LINES), items.length > BULK_LINES ? { lane: 'bulk' } : {});
    if (order) {
      const got = new Map(dto.lines.map((l) => [l.product, l.quantity]));
      const after = orderLines.map((l) => ({ ordered: l.ordered, received: l.received + (got.get(l.product_id) ?? 0) }));
      const state = orderStateAfter(after);
      await m.query(
        `UPDATE purchase_order_lines l SET received = l.received + v.quantity FROM unnest($2::uuid[], $3::int[]) AS v(product_id, quantity)
          WHERE l.order_id = $1 AND l.product_id = v.product_id`,
        [order.id, dto.lines.map((l) => l.product), dto.lines.map((l) => l.quantity)],
      );
      await m.query(
        `UPDATE purchase_orders SET state = $2, closed_at = CASE WHEN $2 = 'received' THEN now() ELSE closed_at END WHERE id = $1`,
        [order.id, state],
      );
    }
    const receipt = await this.get(ctx, id, m);
    await audit(
      m,
      ctx,
      'goods.received',
      { type: 'goods-receipt', id },
      { number, order: order?.number ?? null, lines: dto.lines.length, currency },
    );
    await this.outbox.add(m, ctx, 'dukan.catalog.goods.received.v1', {
      receiptId: id,
      number,
      orderId: order?.id ?? null,
      supplierId,
      branchId: ctx.branchId,
      currency,
      exchangeRate: rate,
      lines: receipt.lines.map((l) => ({
        productId: l.productId,
        quantity: l.quantity,
        unitCostMinor: l.unitCostMinor,
        unitCostCents: l.unitCostCents,
      })),
      receivedAt: receipt.receivedAt,
    });
    return { receipt, replayed: false };
  }
}
