import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  DEFAULT_IQD_CASH_ROUNDING,
  refundTenders,
  type RefundLineData,
  type RefundTender,
  type SaleRefundResultDto,
  type SaleDto,
} from '@dukan/contracts';
import {
  audit,
  DomainError,
  Outbox,
  recordInCallerBranch,
  returnedRows,
  UUID,
  type FieldMessage,
  type RequestContext,
} from '@dukan/platform';
import type { RefundDto } from './sale.dto.js';
import { toSaleEvent } from './sale-event.mapper.js';
import { changeOf, SALE_TENDERS, type LineRow, type SaleRow } from './sale.rows.js';
import { refundPoints, refundShareCents } from './pricing.policy.js';
import { IdempotencyService, isValidIdempotencyKey, requestHash } from '../idempotency/idempotency.service.js';
import { INVOICE_NUMBER, SaleRecordsService } from './sale-records.service.js';
import { ShiftBook } from '../shifts/shift-book.js';

/** A refund request's Idempotency-Key and the body as sent (the hash compares what the client meant). */
export interface RefundIdempotency {
  key: string;
  rawBody: unknown;
}

export interface RefundAnswer {
  result: SaleRefundResultDto;
  /** The same key and body were answered before: this is that answer again, and nothing was refunded now. */
  replayed: boolean;
}

/** Units of a sale's lines going back, each with its share of the line's money (dollars and the sale's currency). */
export interface PricedReturn {
  lines: (RefundLineData & { line: LineRow; amountMinor: number })[];
  amountCents: number;
  amountMinor: number;
}

/**
 * The units asked back (none: everything not yet back), never more than a line has left, each line once; each line's
 * share of its net amount, exact in the sale's currency (and in dollars for dollar readers).
 */
export function priceReturn(
  sale: SaleRow,
  lines: LineRow[],
  asked: readonly { lineId: string; quantity: number }[] | undefined,
  restock: boolean,
): PricedReturn {
  if (sale.status === 'voided') throw new DomainError('INVALID_TRANSITION', 'sales.alreadyVoided');
  const remaining = (l: LineRow) => l.quantity - l.refunded_quantity;
  const requested = asked ?? lines.filter((l) => remaining(l) > 0).map((l) => ({ lineId: l.id, quantity: remaining(l) }));
  if (requested.length === 0) throw new DomainError('RULE_VIOLATION', 'sales.nothingToRefund');

  const byId = new Map(lines.map((l) => [l.id, l]));
  const bad: Record<string, FieldMessage> = {};
  const seen = new Set<string>();
  requested.forEach((r, i) => {
    const line = byId.get(r.lineId);
    if (!line) bad[`lines.${i}.lineId`] = { key: 'sales.unknownLine' };
    else if (seen.has(r.lineId)) bad[`lines.${i}.lineId`] = { key: 'sales.duplicateLine' };
    else if (r.quantity > remaining(line)) bad[`lines.${i}.quantity`] = { key: 'sales.refundTooMany', params: { max: remaining(line) } };
    seen.add(r.lineId);
  });
  if (Object.keys(bad).length > 0) {
    const tooMany = Object.keys(bad).every((k) => k.endsWith('.quantity'));
    throw tooMany
      ? new DomainError('RULE_VIOLATION', 'errors.ruleViolation', {}, bad)
      : new DomainError('VALIDATION_FAILED', 'validation.failed', {}, bad);
  }
  const priced = requested.map((r) => {
    const line = byId.get(r.lineId)!;
    const share = (net: string, refunded: string) =>
      refundShareCents(Number(net), line.quantity, line.refunded_quantity, r.quantity, Number(refunded));
    return {
      lineId: line.id,
      productId: line.product_id,
      sku: line.sku,
      quantity: r.quantity,
      unitsPerQuantity: line.units_per_quantity ?? 1,
      amountCents: share(line.net_cents, line.refunded_cents),
      restock,
      line,
      amountMinor: share(line.net_minor, line.refunded_minor),
    };
  });
  return {
    lines: priced,
    amountCents: priced.reduce((s, l) => s + l.amountCents, 0),
    amountMinor: priced.reduce((s, l) => s + l.amountMinor, 0),
  };
}

/** Where a return's money goes: the tenders handed back, and for an exchange the sale its value paid for. */
export interface ReturnMoney {
  tenders: RefundTender[];
  cashRoundingMinor: number;
  reason: string | null;
  exchangeSaleId: string | null;
}

/** Voids and refunds: the sale record stays, stock and points come back through events, the audit log remembers. */
@Injectable()
export class ReversalsService {
  constructor(
    private readonly ds: DataSource,
    private readonly outbox: Outbox,
    private readonly records: SaleRecordsService,
    private readonly idempotency: IdempotencyService,
    private readonly shifts: ShiftBook,
  ) {}

  /** The sale by its id or, as GET reads it, by its invoice number in the caller's branch, locked for the change. */
  private async lockSale(m: EntityManager, ctx: RequestContext, idOrInvoice: string): Promise<{ sale: SaleRow; lines: LineRow[] }> {
    const byId = UUID.test(idOrInvoice);
    if (!byId && !INVOICE_NUMBER.test(idOrInvoice)) throw DomainError.notFound('entities.transaction');
    const [found]: SaleRow[] = byId
      ? await m.query(`SELECT s.*, ${SALE_TENDERS} AS tenders FROM sales s WHERE id = $1 FOR UPDATE`, [idOrInvoice])
      : await m.query(`SELECT s.*, ${SALE_TENDERS} AS tenders FROM sales s WHERE invoice_number = $1 AND branch_id = $2 FOR UPDATE`, [
          idOrInvoice.toUpperCase(),
          ctx.branchId,
        ]);
    const sale = recordInCallerBranch(ctx, found, (s) => s.branch_id, 'entities.transaction');
    const lines: LineRow[] = await m.query(`SELECT * FROM sale_lines WHERE sale_id = $1 ORDER BY line_no`, [sale.id]);
    return { sale, lines };
  }

  /** A sale and its lines for a return made with another change (an exchange), in the caller's branch, locked in `m`. */
  lockForReturn(m: EntityManager, ctx: RequestContext, saleId: string): Promise<{ sale: SaleRow; lines: LineRow[] }> {
    return this.lockSale(m, ctx, saleId);
  }

  /** DELETE /api/transactions/:id (admin): the sale is marked voided; catalog restocks and loyalty restores points from the event. */
  async void(ctx: RequestContext, idOrInvoice: string, reason: string | null): Promise<SaleDto> {
    return this.ds.transaction(async (m) => {
      const { sale, lines } = await this.lockSale(m, ctx, idOrInvoice);
      const id = sale.id;
      if (sale.status === 'voided') throw new DomainError('INVALID_TRANSITION', 'sales.alreadyVoided');
      // Refunded units already went back; voiding the rest would count them twice.
      if (sale.refund_state !== 'none') throw new DomainError('INVALID_TRANSITION', 'sales.voidAfterRefund');
      const [voided] = returnedRows<SaleRow>(
        await m.query(`UPDATE sales SET status = 'voided', voided_at = now(), voided_by = $2, void_reason = $3 WHERE id = $1 RETURNING *`, [
          id,
          ctx.actorId,
          reason,
        ]),
      );
      await this.shifts.recordVoid(m, ctx, { ...voided!, tenders: sale.tenders });
      await audit(
        m,
        ctx,
        'sale.voided',
        { type: 'sale', id },
        {
          invoiceNumber: sale.invoice_number,
          totalCents: Number(sale.total_cents),
          reason,
        },
      );
      await this.outbox.add(m, ctx, 'dukan.sales.sale.voided.v1', {
        ...toSaleEvent({ ...voided!, tenders: sale.tenders }, lines),
        voidedAt: voided!.voided_at!.toISOString(),
        voidedBy: ctx.actorId ?? '',
        reason,
      });
      return this.records.get(id, ctx, m);
    });
  }

  /**
   * POST /api/transactions/:id/refund: whole (no lines) or some units of some lines, money and points in proportion.
   * With an Idempotency-Key the answer is stored with the refund: the same key and body answer it again (a retried or
   * double-clicked refund happens once); the same key with another body is refused. Refunds of one sale queue on the
   * sale's row lock, so the key is checked after taking it and no second refund can slip in between.
   */
  async refund(ctx: RequestContext, idOrInvoice: string, dto: RefundDto, idem?: RefundIdempotency): Promise<RefundAnswer> {
    if (idem && !isValidIdempotencyKey(idem.key)) throw new DomainError('BAD_REQUEST', 'sales.invalidIdempotencyKey');
    return this.ds.transaction(async (m) => {
      const { sale, lines } = await this.lockSale(m, ctx, idOrInvoice);
      const id = sale.id;
      // Keys of refunds live beside the till's sale keys, scoped to the sale so they can never meet one.
      const stored = idem ? { key: `refund:${id}:${idem.key}`, hash: requestHash({ actor: ctx.actorId, body: idem.rawBody ?? {} }) } : null;
      const answered = stored ? await this.idempotency.answered(m, stored.key) : null;
      if (stored && answered) {
        if (answered.hash !== stored.hash) throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'sales.idempotencyReused');
        return { result: answered.body as SaleRefundResultDto, replayed: true };
      }
      if (sale.status === 'voided') throw new DomainError('INVALID_TRANSITION', 'sales.alreadyVoided');
      const restock = dto.restock ?? true;
      const priced = priceReturn(sale, lines, dto.lines, restock);
      const [shop]: { iqd_cash_rounding: number }[] = await m.query(`SELECT iqd_cash_rounding FROM shop_settings WHERE id = 1`);
      // The money goes back to the tenders it came from (cash first, in the currency paid; then the others in order).
      const before: { tenders: RefundTender[] }[] = await m.query(`SELECT tenders FROM refunds WHERE sale_id = $1`, [id]);
      const back = refundTenders({
        currency: sale.currency,
        exchangeRate: Number(sale.exchange_rate),
        tenders: (sale.tenders ?? []).map((t) => ({ ...t, amountMinor: Number(t.amountMinor) })),
        change: changeOf(sale),
        before: before.flatMap((r) => r.tenders),
        amountMinor: priced.amountMinor,
        iqdCashRounding: shop?.iqd_cash_rounding ?? DEFAULT_IQD_CASH_ROUNDING,
      });
      const { refundId, fully } = await this.writeReturn(m, ctx, sale, lines, priced, {
        tenders: back.tenders,
        cashRoundingMinor: back.cashRoundingMinor,
        reason: dto.reason?.trim() || null,
        exchangeSaleId: null,
      });
      const transaction = await this.records.get(id, ctx, m);
      const refund = transaction.refunds.find((r) => r._id === refundId)!;
      const result: SaleRefundResultDto = { refund, fullyRefunded: fully, transaction };
      if (stored && !(await this.idempotency.recordDone(m, stored.key, stored.hash, id, 201, result))) {
        // Refunds of one sale queue on its row lock, so another answer under this key cannot appear meanwhile.
        throw new Error(`refund key ${stored.key} answered twice`);
      }
      return { result, replayed: false };
    });
  }

  /**
   * Writes a return of a sale locked by the caller (`m`): the lines' and sale's refunded figures, the refund row, the
   * shift's book (only cash leaves the drawer), the audit log and the event that brings stock and points back.
   */
  async writeReturn(
    m: EntityManager,
    ctx: RequestContext,
    sale: SaleRow,
    lines: LineRow[],
    priced: PricedReturn,
    money: ReturnMoney,
  ): Promise<{ refundId: string; fully: boolean }> {
    const id = sale.id;
    const { amountCents, amountMinor } = priced;
    const refundLines = priced.lines;
    const cashRoundingMinor = money.cashRoundingMinor;
    const tenders = money.tenders.map(({ valueMinor: _value, ...t }) => t);
    const reason = money.reason;
    // Points follow the share of the sale refunded so far (by net amount; by units when the sale was free).
    const totalCents = Number(sale.total_cents);
    const totalUnits = lines.reduce((s, l) => s + l.quantity, 0);
    const unitsBefore = lines.reduce((s, l) => s + l.refunded_quantity, 0);
    const unitsNow = refundLines.reduce((s, l) => s + l.quantity, 0);
    const [wBefore, wAfter, wTotal] =
      totalCents > 0
        ? [Number(sale.refunded_cents), Number(sale.refunded_cents) + amountCents, totalCents]
        : [unitsBefore, unitsBefore + unitsNow, totalUnits];
    const fully = unitsBefore + unitsNow === totalUnits;
    const pointsReturned = refundPoints(sale.points_redeemed, wBefore, fully ? wTotal : wAfter, wTotal);
    const pointsRevoked = refundPoints(sale.points_awarded, wBefore, fully ? wTotal : wAfter, wTotal);

    for (const l of refundLines) {
      await m.query(
        `UPDATE sale_lines SET refunded_quantity = refunded_quantity + $2, refunded_cents = refunded_cents + $3,
                refunded_minor = refunded_minor + $4 WHERE id = $1`,
        [l.lineId, l.quantity, l.amountCents, l.amountMinor],
      );
    }
    await m.query(
      `UPDATE sales SET refunded_cents = refunded_cents + $2, refund_state = $3, refunded_minor = refunded_minor + $4 WHERE id = $1`,
      [id, amountCents, fully ? 'full' : 'partial', amountMinor],
    );
    const refundId = randomUUID();
    const storedLines = refundLines.map((l) => ({ lineId: l.lineId, quantity: l.quantity, amountCents: l.amountCents }));
    await m.query(
      `INSERT INTO refunds (id, sale_id, amount_cents, points_returned, points_revoked, reason, lines, created_by, amount_minor, cash_rounding_minor,
                            tenders, exchange_sale_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        refundId,
        id,
        amountCents,
        pointsReturned,
        pointsRevoked,
        reason,
        JSON.stringify(storedLines),
        ctx.actorId,
        amountMinor,
        cashRoundingMinor,
        JSON.stringify(money.tenders),
        money.exchangeSaleId,
      ],
    );
    await this.shifts.recordRefund(m, ctx, sale, refundId, tenders);
    await audit(
      m,
      ctx,
      'sale.refunded',
      { type: 'sale', id },
      {
        refundId,
        invoiceNumber: sale.invoice_number,
        amountCents,
        amountMinor,
        currency: sale.currency,
        tenders,
        lines: storedLines,
        reason,
        exchangeSaleId: money.exchangeSaleId,
      },
    );
    await this.outbox.add(m, ctx, 'dukan.sales.sale.refunded.v1', {
      saleId: id,
      refundId,
      invoiceNumber: sale.invoice_number,
      register: sale.register,
      branchId: sale.branch_id,
      cashierId: ctx.actorId ?? '',
      customerId: sale.customer_id,
      currency: sale.currency,
      exchangeRate: Number(sale.exchange_rate),
      lines: refundLines.map(({ line: _line, amountMinor: _minor, ...l }) => l),
      amountCents,
      amountMinor,
      cashRoundingMinor,
      tenders,
      change: null,
      pointsReturned,
      pointsRevoked,
      fullyRefunded: fully,
      reason,
      refundedAt: new Date().toISOString(),
    });
    return { refundId, fully };
  }
}
