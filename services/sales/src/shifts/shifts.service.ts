import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';
import {
  can,
  DEFAULT_PAGE_LIMIT,
  differencesOverLimit,
  formatMoney,
  paginationOf,
  type CashMovementDto,
  type Currency,
  type CurrencyAmounts,
  type Pagination,
  type ShiftDto,
  type ShiftFigures,
  type SaleTender,
  type ShiftSummaryDto,
} from '@dukan/contracts';
import {
  audit,
  DomainError,
  KnownBranches,
  one,
  Outbox,
  recordInCallerBranch,
  rows,
  UUID,
  type RequestContext,
  type SqlParams,
} from '@dukan/platform';
import type { SaleRow } from '../sales/sale.mapper.js';
import type { CashMovementBodyDto, CloseShiftDto, ListShiftsQuery, OpenShiftDto } from './shift.dto.js';
import { saleForShift, type SaleForShift } from './sale-tenders.js';
import { shiftFigures, type EntrySum } from './shift-figures.policy.js';

interface ShiftRow {
  id: string;
  number: string;
  branch_id: string;
  register: string;
  cashier_id: string;
  cashier_username: string;
  status: 'open' | 'closed';
  float_usd: string;
  float_iqd: string;
  opened_at: Date;
  closed_at: Date | null;
  closed_by: string | null;
  closed_by_username: string | null;
  approved_by: string | null;
  approved_by_username: string | null;
  expected_usd: string | null;
  expected_iqd: string | null;
  counted_usd: string | null;
  counted_iqd: string | null;
  note: string | null;
}

interface EntryToWrite {
  kind: EntrySum['kind'];
  method: EntrySum['method'];
  currency: Currency;
  amountMinor: number;
}

const amounts = (usd: string | number | null, iqd: string | number | null): CurrencyAmounts | null =>
  usd === null || iqd === null ? null : { USD: Number(usd), IQD: Number(iqd) };

const person = (id: string | null, username: string | null) => (id === null ? null : { _id: id, username: username ?? '' });

/**
 * A register's shifts: opened by counting the float, cash in and out, every sale, refund and void written into the
 * shift's book in the same transaction as the sale itself, and the close, which compares the count with the book.
 */
@Injectable()
export class ShiftsService {
  constructor(
    private readonly ds: DataSource,
    private readonly outbox: Outbox,
    private readonly branches: KnownBranches,
  ) {}

  async open(ctx: RequestContext, dto: OpenShiftDto): Promise<ShiftDto> {
    const user = requireUser(ctx);
    await this.branches.assertRegister(ctx.branchId, dto.register, 'register');
    const id = randomUUID();
    return this.ds
      .transaction(async (m) => {
        const row = (await one<ShiftRow>(
          m,
          `INSERT INTO shifts (id, branch_id, register, cashier_id, cashier_username, float_usd, float_iqd)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
          [id, ctx.branchId, dto.register, user.id, user.username, dto.float.USD, dto.float.IQD],
        ))!;
        await audit(m, ctx, 'shift.opened', { type: 'shift', id }, { register: dto.register, float: dto.float });
        await this.outbox.add(m, ctx, 'dukan.sales.shift.opened.v1', {
          shiftId: id,
          number: Number(row.number),
          branchId: row.branch_id,
          register: row.register,
          cashierId: row.cashier_id,
          cashierUsername: row.cashier_username,
          float: { USD: dto.float.USD, IQD: dto.float.IQD },
          openedAt: row.opened_at.toISOString(),
        });
        return this.toDto(m, row);
      })
      .catch((e: unknown) => {
        const driver = e instanceof QueryFailedError ? (e.driverError as { code?: string; constraint?: string }) : null;
        if (driver?.code === '23505' && driver.constraint === 'shifts_one_open') {
          throw new DomainError('CONFLICT', 'shifts.alreadyOpen', { register: dto.register });
        }
        throw e;
      });
  }

  /** The shift open on a register of the caller's branch, or null. */
  async current(ctx: RequestContext, register: string): Promise<ShiftDto | null> {
    const row = await one<ShiftRow>(this.ds, `SELECT * FROM shifts WHERE branch_id = $1 AND register = $2 AND status = 'open'`, [
      ctx.branchId,
      register,
    ]);
    return row ? this.toDto(this.ds.manager, row) : null;
  }

  async get(ctx: RequestContext, id: string): Promise<ShiftDto> {
    return this.toDto(this.ds.manager, await this.find(this.ds.manager, ctx, id, false));
  }

  async list(ctx: RequestContext, q: ListShiftsQuery): Promise<{ data: ShiftSummaryDto[]; pagination: Pagination }> {
    const page = q.page ?? 1;
    const limit = q.limit ?? DEFAULT_PAGE_LIMIT;
    const where = ['branch_id = $1'];
    const params: unknown[] = [ctx.branchId];
    if (q.register) where.push(`register = $${params.push(q.register)}`);
    if (q.cashier) where.push(`cashier_id = $${params.push(q.cashier)}`);
    if (q.status) where.push(`status = $${params.push(q.status)}`);
    const [{ total }] = await rows<{ total: string }>(this.ds, `SELECT count(*) AS total FROM shifts WHERE ${where.join(' AND ')}`, params);
    const found = await rows<ShiftRow>(
      this.ds,
      `SELECT * FROM shifts WHERE ${where.join(' AND ')} ORDER BY opened_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, (page - 1) * limit],
    );
    return {
      data: found.map((r) => {
        const expected = amounts(r.expected_usd, r.expected_iqd);
        const counted = amounts(r.counted_usd, r.counted_iqd);
        return {
          _id: r.id,
          number: Number(r.number),
          branchId: r.branch_id,
          register: r.register,
          cashier: { _id: r.cashier_id, username: r.cashier_username },
          status: r.status,
          openedAt: r.opened_at.toISOString(),
          closedAt: r.closed_at?.toISOString() ?? null,
          expected,
          counted,
          difference: expected && counted ? { USD: counted.USD - expected.USD, IQD: counted.IQD - expected.IQD } : null,
        };
      }),
      pagination: paginationOf(Number(total), page, limit),
    };
  }

  /** Cash put in or taken out of an open shift's drawer; a cash-out may be an expense paid from the drawer (expenses records it once). */
  async moveCash(ctx: RequestContext, id: string, dto: CashMovementBodyDto): Promise<ShiftDto> {
    const user = requireUser(ctx);
    return this.ds.transaction(async (m) => {
      const shift = await this.find(m, ctx, id, true);
      if (shift.status !== 'open') throw new DomainError('INVALID_TRANSITION', 'shifts.notOpen');
      if (dto.kind === 'cash_out') {
        const { expected } = await this.figures(m, shift);
        if (dto.amountMinor > expected[dto.currency]) {
          const params = { available: formatMoney(Math.max(0, expected[dto.currency]), dto.currency) };
          throw new DomainError('RULE_VIOLATION', 'shifts.cashOutExceeds', params, {
            amountMinor: { key: 'shifts.cashOutExceeds', params },
          });
        }
      }
      const asExpense = dto.kind === 'cash_out' && dto.asExpense === true;
      const movementId = randomUUID();
      const signed = dto.kind === 'cash_in' ? dto.amountMinor : -dto.amountMinor;
      const [entry] = await rows<{ created_at: Date }>(
        m,
        `INSERT INTO shift_entries (shift_id, kind, method, currency, amount_minor, ref_id, reason, as_expense, created_by)
         VALUES ($1, $2, 'cash', $3, $4, $5, $6, $7, $8) RETURNING created_at`,
        [id, dto.kind, dto.currency, signed, movementId, dto.reason, asExpense, user.id],
      );
      await audit(
        m,
        ctx,
        `shift.${dto.kind}`,
        { type: 'shift', id },
        { currency: dto.currency, amountMinor: dto.amountMinor, reason: dto.reason },
      );
      await this.outbox.add(m, ctx, 'dukan.sales.shift.cash-moved.v1', {
        movementId,
        shiftId: id,
        branchId: shift.branch_id,
        register: shift.register,
        kind: dto.kind,
        currency: dto.currency,
        amountMinor: dto.amountMinor,
        reason: dto.reason,
        asExpense,
        createdBy: user.id,
        createdByUsername: user.username,
        createdAt: entry!.created_at.toISOString(),
      });
      return this.toDto(m, shift);
    });
  }

  /**
   * Closes with the count of each currency. A difference beyond the shop's limit in either currency is accepted only
   * by a user with pos → close (who then closes it themselves); the shift stays open until then.
   */
  async close(ctx: RequestContext, id: string, dto: CloseShiftDto): Promise<ShiftDto> {
    const user = requireUser(ctx);
    return this.ds.transaction(async (m) => {
      const shift = await this.find(m, ctx, id, true);
      if (shift.status !== 'open') throw new DomainError('INVALID_TRANSITION', 'shifts.notOpen');
      const mayApprove = can(user, 'pos', 'close');
      if (shift.cashier_id !== user.id && !mayApprove) throw new DomainError('FORBIDDEN', 'shifts.closeNotYours');
      const counted = { USD: dto.counted.USD, IQD: dto.counted.IQD };
      const figures = await this.figures(m, shift, counted);
      const [limit] = await rows<{ usd: string; iqd: string }>(
        m,
        `SELECT shift_limit_usd_cents AS usd, shift_limit_iqd AS iqd FROM shop_settings WHERE id = 1`,
      );
      const over = differencesOverLimit(figures.difference!, { USD: Number(limit?.usd ?? 0), IQD: Number(limit?.iqd ?? 0) });
      if (over.length > 0 && !mayApprove) {
        const differences = over.map((c) => formatMoney(figures.difference![c], c, ctx.locale)).join(', ');
        throw new DomainError('APPROVAL_REQUIRED', 'shifts.approvalRequired', { differences });
      }
      const approvedBy = over.length > 0 ? user : null;
      const [closed] = await rows<ShiftRow>(
        m,
        `UPDATE shifts SET status = 'closed', closed_at = now(), closed_by = $2, closed_by_username = $3, approved_by = $4,
                approved_by_username = $5, expected_usd = $6, expected_iqd = $7, counted_usd = $8, counted_iqd = $9, note = $10
          WHERE id = $1 RETURNING *`,
        [
          id,
          user.id,
          user.username,
          approvedBy?.id ?? null,
          approvedBy?.username ?? null,
          figures.expected.USD,
          figures.expected.IQD,
          counted.USD,
          counted.IQD,
          dto.note || null,
        ],
      );
      await audit(
        m,
        ctx,
        'shift.closed',
        { type: 'shift', id },
        { expected: figures.expected, counted, approvedBy: approvedBy?.id ?? null },
      );
      await this.outbox.add(m, ctx, 'dukan.sales.shift.closed.v1', {
        shiftId: id,
        number: Number(closed!.number),
        branchId: closed!.branch_id,
        register: closed!.register,
        cashierId: closed!.cashier_id,
        cashierUsername: closed!.cashier_username,
        openedAt: closed!.opened_at.toISOString(),
        closedAt: closed!.closed_at!.toISOString(),
        closedBy: user.id,
        closedByUsername: user.username,
        approvedBy: approvedBy?.id ?? null,
        figures,
      });
      return this.toDto(m, closed!, figures);
    });
  }

  // --- the book, written by sales in the sale's (refund's, void's) own transaction

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

  // --- reading

  private async find(m: EntityManager, ctx: RequestContext, id: string, lock: boolean): Promise<ShiftRow> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.shift');
    const row = await one<ShiftRow>(m, `SELECT * FROM shifts WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    // A register's drawer is its branch's: reached from that branch only.
    return recordInCallerBranch(ctx, row, (r) => r.branch_id, 'entities.shift', 'acting');
  }

  /** The book added up; the figures of a closed shift are those of its close, with any late offline sale added. */
  async figures(m: EntityManager, shift: ShiftRow, counted?: CurrencyAmounts): Promise<ShiftFigures> {
    const sums = await rows<{ kind: EntrySum['kind']; method: EntrySum['method']; currency: Currency; amount: string; refs: number }>(
      m,
      `SELECT kind, method, currency, sum(amount_minor)::text AS amount, count(DISTINCT ref_id)::int AS refs
         FROM shift_entries WHERE shift_id = $1 GROUP BY kind, method, currency`,
      [shift.id],
    );
    const [counts] = await rows<{ sales: number; refunds: number; voids: number }>(
      m,
      `SELECT count(DISTINCT ref_id) FILTER (WHERE kind = 'sale')::int AS sales,
              count(DISTINCT ref_id) FILTER (WHERE kind = 'refund')::int AS refunds,
              count(DISTINCT ref_id) FILTER (WHERE kind = 'void')::int AS voids
         FROM shift_entries WHERE shift_id = $1`,
      [shift.id],
    );
    return shiftFigures(
      { USD: Number(shift.float_usd), IQD: Number(shift.float_iqd) },
      sums.map((s) => ({ kind: s.kind, method: s.method, currency: s.currency, amountMinor: Number(s.amount), refs: s.refs })),
      counts ?? { sales: 0, refunds: 0, voids: 0 },
      counted ?? amounts(shift.counted_usd, shift.counted_iqd),
    );
  }

  private async toDto(m: EntityManager, row: ShiftRow, figures?: ShiftFigures): Promise<ShiftDto> {
    const moves = await rows<{
      ref_id: string;
      kind: 'cash_in' | 'cash_out';
      currency: Currency;
      amount_minor: string;
      reason: string;
      as_expense: boolean;
      created_by: string;
      created_at: Date;
    }>(
      m,
      `SELECT ref_id, kind, currency, amount_minor, reason, as_expense, created_by, created_at FROM shift_entries
        WHERE shift_id = $1 AND kind IN ('cash_in', 'cash_out') ORDER BY id LIMIT 500`,
      [row.id],
    );
    const movements: CashMovementDto[] = moves.map((e) => ({
      _id: e.ref_id,
      kind: e.kind,
      currency: e.currency,
      amountMinor: Math.abs(Number(e.amount_minor)),
      reason: e.reason,
      asExpense: e.as_expense,
      createdBy: e.created_by,
      createdAt: e.created_at.toISOString(),
    }));
    return {
      _id: row.id,
      number: Number(row.number),
      branchId: row.branch_id,
      register: row.register,
      cashier: { _id: row.cashier_id, username: row.cashier_username },
      status: row.status,
      openedAt: row.opened_at.toISOString(),
      closedAt: row.closed_at?.toISOString() ?? null,
      closedBy: person(row.closed_by, row.closed_by_username),
      approvedBy: person(row.approved_by, row.approved_by_username),
      note: row.note,
      figures: figures ?? (await this.figures(m, row)),
      movements,
    };
  }
}

/** What a sale brings into its shift's book: its tenders, the change given, its discount and its cash rounding. */
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

function requireUser(ctx: RequestContext): NonNullable<RequestContext['user']> {
  if (!ctx.user) throw new DomainError('UNAUTHENTICATED', 'auth.required');
  return ctx.user;
}
