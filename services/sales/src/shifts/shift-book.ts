import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Currency, SaleTender } from '@dukan/contracts';
import { rows, UUID, type RequestContext, type SqlParams } from '@dukan/platform';
import type { SaleRow } from '../sales/sale.rows.js';
import { saleForShift, type SaleForShift } from './sale-tenders.js';
import type { EntrySum } from './shift-figures.policy.js';

interface EntryToWrite {
  kind: EntrySum['kind'];
  method: EntrySum['method'];
  currency: Currency;
  amountMinor: number;
}

/**
 * A shift's book as sales write it: every sale, refund and void entered into the shift it belongs to, in the sale's
 * (refund's, void's) own transaction. The shift's own life (open, cash in and out, close) is ShiftsService's.
 */
@Injectable()
export class ShiftBook {
  /**
   * Writes a sale into the shift it belongs to, as parts of the sale's own statement: a sale made now, the shift open
   * on its register now; a sale the till kept offline, the shift the till named, else the one open on its register
   * when it was made. With no shift, a shop that does not sell without one refuses a sale made now (`refused`, an
   * expression the statement must read and refuse the sale on); a sale the till made offline is kept (its goods are gone).
   */
  recordSale(params: SqlParams, sale: SaleRow, till: { shiftId?: string | null; madeOffline: boolean }): { ctes: string; refused: string } {
    const s = saleForShift(sale, till.shiftId, till.madeOffline);
    const p = params.add;
    const online = p(s.madeAt === null, 'boolean');
    const [branch, register] = [p(s.branchId, 'text'), p(s.register, 'text')];
    const at = p(s.madeAt ?? new Date(), 'timestamptz');
    const named = p(s.shiftId && UUID.test(s.shiftId) ? s.shiftId : null, 'uuid');
    const entries = saleEntries(s);
    const columns = [
      p(
        entries.map((e) => e.kind),
        'text[]',
      ),
      p(
        entries.map((e) => e.method),
        'text[]',
      ),
      p(
        entries.map((e) => e.currency),
        'text[]',
      ),
      p(
        entries.map((e) => e.amountMinor),
        'bigint[]',
      ),
    ].join(', ');
    // The shift row is share-locked: a close running meanwhile waits for this sale, or this sale sees it closed.
    const ctes = `shift_named AS (
         SELECT id FROM shifts WHERE NOT ${online} AND id = ${named} AND branch_id = ${branch} AND register = ${register} FOR KEY SHARE
       ), shift_open_now AS (
         SELECT id FROM shifts WHERE ${online} AND branch_id = ${branch} AND register = ${register} AND status = 'open' FOR KEY SHARE
       ), shift_open_then AS (
         SELECT id FROM shifts WHERE NOT ${online} AND branch_id = ${branch} AND register = ${register} AND opened_at <= ${at}
            AND (closed_at IS NULL OR closed_at > ${at}) ORDER BY opened_at DESC LIMIT 1 FOR KEY SHARE
       ), sale_shift AS (
         SELECT coalesce((SELECT id FROM shift_named), (SELECT id FROM shift_open_now), (SELECT id FROM shift_open_then)) AS shift_id,
                (SELECT sell_without_shift FROM shop_settings WHERE id = 1) AS sell_without_shift
       ), shift_entries_added AS (
         INSERT INTO shift_entries (shift_id, kind, method, currency, amount_minor, ref_id, created_by)
         SELECT h.shift_id, e.kind, e.method, e.currency, e.amount, ${p(s.saleId, 'uuid')}, ${p(sale.cashier_id, 'uuid')}
           FROM sale_shift h, unnest(${columns}) AS e(kind, method, currency, amount)
          WHERE h.shift_id IS NOT NULL
       )`;
    return { ctes, refused: `(SELECT shift_id IS NULL AND ${online} AND sell_without_shift IS FALSE FROM sale_shift)` };
  }

  /**
   * Money a refund hands back, on the tenders it went back to (cash in the currency paid, card, transfer, account), goes
   * into the book of the shift open on the sale's register, else of the refunder's open shift; only its cash leaves
   * the drawer (the figures count cash entries alone into the expected cash).
   */
  async recordRefund(
    m: EntityManager,
    ctx: RequestContext,
    sale: SaleRow,
    refundId: string,
    tenders: readonly SaleTender[],
  ): Promise<void> {
    const shiftId = await this.shiftForReversal(m, ctx, sale);
    const given = tenders.filter((t) => t.amountMinor !== 0);
    if (!shiftId || given.length === 0) return;
    // Each part out of the tender it went back to: only the cash ones leave the drawer.
    await this.write(
      m,
      shiftId,
      refundId,
      ctx.actorId,
      given.map((t) => ({ kind: 'refund' as const, method: t.method, currency: t.currency, amountMinor: -t.amountMinor })),
    );
  }

  /**
   * A void takes the sale's tenders and change back out (into the shift open now, as a refund does), and its discount
   * and cash rounding off the report's lines: a sale that did not happen gave no discount and rounded nothing.
   */
  async recordVoid(m: EntityManager, ctx: RequestContext, sale: SaleRow): Promise<void> {
    const shiftId = await this.shiftForReversal(m, ctx, sale);
    if (!shiftId) return;
    const s = saleForShift(sale, null, false);
    const entries: EntryToWrite[] = [
      ...s.tenders.map((t) => ({ kind: 'void' as const, method: t.method, currency: t.currency, amountMinor: -t.amountMinor })),
      ...(s.change.amountMinor > 0
        ? [{ kind: 'void' as const, method: 'cash' as const, currency: s.change.currency, amountMinor: s.change.amountMinor }]
        : []),
      ...(s.discountMinor > 0 ? [{ kind: 'discount' as const, method: null, currency: s.currency, amountMinor: -s.discountMinor }] : []),
      ...(s.roundingMinor !== 0 ? [{ kind: 'rounding' as const, method: null, currency: s.currency, amountMinor: -s.roundingMinor }] : []),
    ];
    await this.write(m, shiftId, sale.id, ctx.actorId, entries);
  }

  private async shiftForReversal(m: EntityManager, ctx: RequestContext, sale: SaleRow): Promise<string | null> {
    const [found] = await rows<{ id: string }>(
      m,
      `SELECT id FROM shifts WHERE status = 'open'
          AND ((branch_id = $1 AND register = $2) OR (branch_id = $3 AND cashier_id = $4::uuid))
        ORDER BY (branch_id = $1 AND register = $2) DESC, opened_at DESC LIMIT 1 FOR KEY SHARE`,
      [sale.branch_id, sale.register, ctx.branchId, ctx.actorId && UUID.test(ctx.actorId) ? ctx.actorId : null],
    );
    return found?.id ?? null;
  }

  private async write(m: EntityManager, shiftId: string, refId: string, by: string | null, entries: EntryToWrite[]): Promise<void> {
    if (entries.length === 0) return;
    await m.query(
      `INSERT INTO shift_entries (shift_id, kind, method, currency, amount_minor, ref_id, created_by)
       SELECT $1, kind, method, currency, amount, $2, $3 FROM unnest($4::text[], $5::text[], $6::text[], $7::bigint[]) AS e(kind, method, currency, amount)`,
      [
        shiftId,
        refId,
        by,
        entries.map((e) => e.kind),
        entries.map((e) => e.method),
        entries.map((e) => e.currency),
        entries.map((e) => e.amountMinor),
      ],
    );
  }
}

/** The entries a sale writes into its shift: its tenders, change given, discount and cash rounding. */
function saleEntries(s: SaleForShift): EntryToWrite[] {
  return [
    ...s.tenders.map((t) => ({ kind: 'sale' as const, method: t.method, currency: t.currency, amountMinor: t.amountMinor })),
    ...(s.change.amountMinor > 0
      ? [{ kind: 'change' as const, method: 'cash' as const, currency: s.change.currency, amountMinor: -s.change.amountMinor }]
      : []),
    ...(s.discountMinor > 0 ? [{ kind: 'discount' as const, method: null, currency: s.currency, amountMinor: s.discountMinor }] : []),
    ...(s.roundingMinor !== 0 ? [{ kind: 'rounding' as const, method: null, currency: s.currency, amountMinor: s.roundingMinor }] : []),
  ];
}
