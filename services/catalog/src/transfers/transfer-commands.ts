import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { toCents, type TransferDto, type TransferEventData } from '@dukan/contracts';
import { audit, DomainError, KnownBranches, Outbox, recordInCallerBranch, rows, UUID, type RequestContext } from '@dukan/platform';
import { ProductReceiving } from '../products/product-receiving.js';
import { beginCatalogWrite, uniqueViolation } from '../sql.js';
import { StockLedger } from '../stock/stock-ledger.js';
import type { ReceiveTransferDto, SendTransferDto } from './transfer.dto.js';
import { cancelOutcome, isValidTransferKey, receiveOutcome, receivedCounts, receivedState, sendRefusals } from './transfer.policy.js';
import { TransferQueries } from './transfer-queries.js';

interface TransferRow {
  id: string;
  number: string;
  from_branch: string;
  to_branch: string;
  state: TransferDto['state'];
}

interface LineRow {
  product_id: string;
  sent: number;
  received: number | null;
  unit_cost_cents: number;
}

/** The event a transfer's change announces: the transfer as it now stands. */
function transferEvent(t: TransferDto): TransferEventData {
  return {
    transferId: t._id,
    number: t.number,
    fromBranch: t.fromBranch,
    toBranch: t.toBranch,
    state: t.state,
    note: t.note,
    sentAt: t.sentAt,
    receivedAt: t.receivedAt,
    cancelledAt: t.cancelledAt,
    lines: t.lines.map((l) => ({
      productId: l.productId,
      sku: l.sku,
      sent: l.sent,
      received: l.received,
      unitCostCents: toCents(l.unitCost),
    })),
  };
}

/** What a repeated request must match to be the same transfer: branches, lines in product order, note. */
function fingerprint(fromBranch: string, dto: SendTransferDto): string {
  const lines = [...dto.lines].sort((a, b) => a.product.localeCompare(b.product)).map((l) => [l.product, l.quantity]);
  return JSON.stringify([fromBranch, dto.toBranch, lines, dto.note ?? null]);
}

/**
 * Stock sent between branches, each step one catalog write: sending takes the units off the sending branch
 * (ledger rows, 'in transit', carried at the product's average cost); receiving puts what arrived into the
 * receiving branch as cost batches at that cost and records any shortfall; cancelling (in transit only, by the
 * sending branch) puts the units back there as cost batches at that cost. A repeated send (same
 * Idempotency-Key), receipt (same counts) or cancel answers the transfer as it stands and moves nothing. Receipt
 * and cancel lock the transfer's row, so of the two racing only the first moves stock.
 */
@Injectable()
export class TransferCommands {
  constructor(
    private readonly ds: DataSource,
    private readonly outbox: Outbox,
    private readonly ledger: StockLedger,
    private readonly intake: ProductReceiving,
    private readonly queries: TransferQueries,
    private readonly branches: KnownBranches,
  ) {}

  async send(ctx: RequestContext, dto: SendTransferDto, key: string | undefined): Promise<{ transfer: TransferDto; replayed: boolean }> {
    if (key !== undefined && !isValidTransferKey(key)) throw DomainError.validation({ 'Idempotency-Key': 'validation.invalidValue' });
    if (dto.toBranch !== ctx.branchId) await this.branches.assert(dto.toBranch, 'toBranch', true); // before the write: it may ask settings
    const hash = fingerprint(ctx.branchId, dto);
    const attempt = () => this.ds.transaction((m) => this.sendIn(m, ctx, dto, key ?? null, hash));
    try {
      return await attempt();
    } catch (e) {
      // The same key sent twice at once: the loser answers with the winner's transfer.
      if (uniqueViolation(e) === 'transfers_idempotency_key_key') return attempt();
      throw e;
    }
  }

  private async sendIn(m: EntityManager, ctx: RequestContext, dto: SendTransferDto, key: string | null, hash: string) {
    await beginCatalogWrite(m);
    if (key) {
      const [seen] = await rows<{ id: string; request_hash: string }>(
        m,
        `SELECT id, request_hash FROM transfers WHERE idempotency_key = $1`,
        [key],
      );
      if (seen && seen.request_hash !== hash) throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'transfers.idempotencyReused');
      if (seen) return { transfer: await this.queries.get(seen.id, m), replayed: true };
    }
    const products = await rows<{ id: string; cost_cents: number; on_hand: number }>(
      m,
      `SELECT p.id, p.cost_cents, coalesce(s.quantity, 0) AS on_hand
         FROM products p LEFT JOIN stock_levels s ON s.product_id = p.id AND s.branch_id = $2
        WHERE p.id = ANY($1::uuid[]) AND p.deleted_at IS NULL`,
      [dto.lines.map((l) => l.product), ctx.branchId],
    );
    const byId = new Map(products.map((p) => [p.id, p]));
    const unknown = dto.lines.findIndex((l) => !byId.has(l.product));
    if (unknown >= 0) throw DomainError.validation({ [`lines.${unknown}.product`]: 'validation.invalidId' });
    const refusals = sendRefusals(ctx.branchId, dto.toBranch, dto.lines, new Map(products.map((p) => [p.id, p.on_hand])));
    if (Object.keys(refusals).length > 0) throw new DomainError('VALIDATION_FAILED', 'validation.failed', {}, refusals);

    const id = randomUUID();
    const [{ number }] = await rows<{ number: string }>(m, `SELECT 'TR-' || lpad(nextval('transfer_number_seq')::text, 6, '0') AS number`);
    await m.query(
      `INSERT INTO transfers (id, number, from_branch, to_branch, note, idempotency_key, request_hash, sent_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, number, ctx.branchId, dto.toBranch, dto.note || null, key, hash, ctx.actorId],
    );
    const costs = dto.lines.map((l) => byId.get(l.product)!.cost_cents);
    await m.query(
      `INSERT INTO transfer_lines (transfer_id, line_no, product_id, sent, unit_cost_cents)
       SELECT $1, n, product_id, sent, cost FROM unnest($2::uuid[], $3::int[], $4::int[]) WITH ORDINALITY AS t(product_id, sent, cost, n)`,
      [id, dto.lines.map((l) => l.product), dto.lines.map((l) => l.quantity), costs],
    );
    await this.ledger.moveAll(m, [
      {
        ctx,
        moves: dto.lines.map((l) => ({
          productId: l.product,
          branchId: ctx.branchId,
          delta: -l.quantity,
          reason: 'transferred' as const,
          refType: 'transfer' as const,
          refId: id,
          note: `${number} → ${dto.toBranch}`,
        })),
      },
    ]);
    const transfer = await this.queries.get(id, m);
    await audit(m, ctx, 'transfer.sent', { type: 'transfer', id }, { number, toBranch: dto.toBranch, lines: dto.lines.length });
    await this.outbox.add(m, ctx, 'dukan.catalog.transfer.sent.v1', transferEvent(transfer));
    return { transfer, replayed: false };
  }

  async receive(ctx: RequestContext, id: string, dto: ReceiveTransferDto): Promise<TransferDto> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.transfer');
    return this.ds.transaction(async (m) => {
      await beginCatalogWrite(m);
      const t = await this.lock(m, ctx, id);
      if (t.to_branch !== ctx.branchId) throw new DomainError('FORBIDDEN', 'transfers.wrongBranch');
      const lines = await rows<LineRow>(
        m,
        `SELECT product_id, sent, received, unit_cost_cents FROM transfer_lines WHERE transfer_id = $1 ORDER BY line_no`,
        [id],
      );
      const counted = receivedCounts(
        lines.map((l) => ({ productId: l.product_id, sent: l.sent })),
        dto.lines,
      );
      if ('errors' in counted) throw new DomainError('VALIDATION_FAILED', 'validation.failed', {}, counted.errors);
      const { counts } = counted;
      const outcome = receiveOutcome(
        t.state,
        lines.map((l) => l.received),
        counts,
      );
      if (outcome === 'replay') return this.queries.get(id, m);
      if (outcome !== 'receive') throw new DomainError('INVALID_TRANSITION', outcome.refuse);
      const state = receivedState(
        lines.map((l) => l.sent),
        counts,
      );
      await m.query(
        `UPDATE transfer_lines l SET received = v.received FROM unnest($2::uuid[], $3::int[]) AS v(product_id, received)
          WHERE l.transfer_id = $1 AND l.product_id = v.product_id`,
        [id, lines.map((l) => l.product_id), counts],
      );
      await m.query(`UPDATE transfers SET state = $2, receive_note = $3, received_by = $4, received_at = now() WHERE id = $1`, [
        id,
        state,
        dto.note || null,
        ctx.actorId,
      ]);
      const arrived = lines.map((l, i) => ({ ...l, count: counts[i]! })).filter((l) => l.count > 0);
      const [moved] = await this.ledger.moveAll(m, [
        {
          ctx,
          moves: arrived.map((l) => ({
            productId: l.product_id,
            branchId: ctx.branchId,
            delta: l.count,
            reason: 'transferred' as const,
            refType: 'transfer' as const,
            refId: id,
            unitCostCents: l.unit_cost_cents,
            note: dto.note || null,
          })),
        },
      ]);
      await this.intake.addBatches(
        m,
        ctx,
        arrived.map((l, i) => ({
          productId: l.product_id,
          quantity: l.count,
          costCents: l.unit_cost_cents,
          movementId: moved![i]!.movementId,
        })),
      );
      const transfer = await this.queries.get(id, m);
      await audit(m, ctx, 'transfer.received', { type: 'transfer', id }, { number: transfer.number, state });
      await this.outbox.add(m, ctx, 'dukan.catalog.transfer.received.v1', transferEvent(transfer));
      return transfer;
    });
  }

  /** Only in the sending branch, only in transit: every unit sent goes back into its stock at the carried cost. */
  async cancel(ctx: RequestContext, id: string): Promise<TransferDto> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.transfer');
    return this.ds.transaction(async (m) => {
      await beginCatalogWrite(m);
      const t = await this.lock(m, ctx, id);
      if (t.from_branch !== ctx.branchId) throw new DomainError('FORBIDDEN', 'transfers.cancelWrongBranch');
      const outcome = cancelOutcome(t.state);
      if (outcome === 'replay') return this.queries.get(id, m);
      if (outcome !== 'cancel') throw new DomainError('INVALID_TRANSITION', outcome.refuse);
      const lines = await rows<LineRow>(
        m,
        `SELECT product_id, sent, received, unit_cost_cents FROM transfer_lines WHERE transfer_id = $1 ORDER BY line_no`,
        [id],
      );
      await m.query(`UPDATE transfers SET state = 'cancelled', cancelled_by = $2, cancelled_at = now() WHERE id = $1`, [id, ctx.actorId]);
      const [moved] = await this.ledger.moveAll(m, [
        {
          ctx,
          moves: lines.map((l) => ({
            productId: l.product_id,
            branchId: ctx.branchId,
            delta: l.sent,
            reason: 'transferred' as const,
            refType: 'transfer' as const,
            refId: id,
            unitCostCents: l.unit_cost_cents,
            note: `${t.number} ↩ ${t.to_branch}`,
          })),
        },
      ]);
      await this.intake.addBatches(
        m,
        ctx,
        lines.map((l, i) => ({
          productId: l.product_id,
          quantity: l.sent,
          costCents: l.unit_cost_cents,
          movementId: moved![i]!.movementId,
        })),
      );
      const transfer = await this.queries.get(id, m);
      await audit(m, ctx, 'transfer.cancelled', { type: 'transfer', id }, { number: t.number, toBranch: t.to_branch, lines: lines.length });
      await this.outbox.add(m, ctx, 'dukan.catalog.transfer.cancelled.v1', transferEvent(transfer));
      return transfer;
    });
  }

  /**
   * The transfer's row, locked to the end of the transaction: its receipt and its cancelling wait for each other.
   * It belongs to both its branches; to a user of neither it does not exist.
   */
  private async lock(m: EntityManager, ctx: RequestContext, id: string): Promise<TransferRow> {
    const [t] = await rows<TransferRow>(m, `SELECT id, number, from_branch, to_branch, state FROM transfers WHERE id = $1 FOR UPDATE`, [
      id,
    ]);
    return recordInCallerBranch(ctx, t, (row) => [row.from_branch, row.to_branch], 'entities.transfer');
  }
}
