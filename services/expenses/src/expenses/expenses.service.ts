import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { daysInTimeZone, translate, type ExpenseDto, type ExpenseStatus } from '@dukan/contracts';
import { audit, DomainError, one, Outbox, recordInCallerBranch, rows, UUID, type RequestContext } from '@dukan/platform';
import { ShopSettings } from '../replicas/shop-settings.js';
import type { ExpenseBodyDto } from './expense.dto.js';
import { statusAfterEdit } from './expense.policy.js';
import { EXPENSE_SELECT, person, toExpenseDto, toExpenseEvent, type ExpenseRow } from './expense.row.js';
import { expenseValues, type ExpenseValues } from './expense-values.js';

/** The columns a create or an edit writes, in the order of `valueParams`. */
/** The body's dates as days of the shop's calendar (a date-time is read in the shop's time zone). */
function inShopDays(dto: ExpenseBodyDto, timeZone: string): ExpenseBodyDto {
  const recurring = dto.recurring && daysInTimeZone(dto.recurring, ['nextDueDate', 'endDate'], timeZone);
  return { ...daysInTimeZone(dto, ['expenseDate'], timeZone), ...(recurring && { recurring }) };
}

const VALUE_COLUMNS = [
  'title',
  'description',
  'category',
  'amount_minor',
  'currency',
  'exchange_rate',
  'base_cents',
  'payment_method',
  'bank_name',
  'account_number',
  'check_number',
  'card_last4',
  'payment_reference',
  'vendor_name',
  'vendor_phone',
  'vendor_email',
  'vendor_address',
  'receipt_url',
  'expense_date',
  'department',
  'tags',
  'notes',
  'recurring_frequency',
  'recurring_anchor',
  'recurring_index',
  'next_due_date',
  'recurring_end_date',
] as const;

function valueParams(v: ExpenseValues): unknown[] {
  const s = v.schedule;
  return [
    v.title,
    v.description,
    v.category,
    v.amountMinor,
    v.currency,
    v.exchangeRate,
    v.baseCents,
    v.paymentMethod,
    v.details.bankName,
    v.details.accountNumber,
    v.details.checkNumber,
    v.details.cardLast4,
    v.details.reference,
    v.vendor?.name ?? null,
    v.vendor?.phone ?? null,
    v.vendor?.email ?? null,
    v.vendor?.address ?? null,
    v.receipt,
    v.expenseDate,
    v.department,
    v.tags,
    v.notes,
    s?.frequency ?? null,
    s?.anchor ?? null,
    s?.index ?? 0,
    s?.nextDueDate ?? null,
    s?.endDate ?? null,
  ];
}

/** Recording, reading, editing and deleting expenses; the workflow's transitions are ExpenseWorkflow's. */
@Injectable()
export class ExpensesService {
  constructor(
    private readonly ds: DataSource,
    private readonly outbox: Outbox,
    private readonly shop: ShopSettings,
  ) {}

  /** A live expense of this branch, optionally locked for the rest of the caller's transaction. */
  async findLive(ctx: RequestContext, id: string, m: EntityManager = this.ds.manager, lock = false): Promise<ExpenseRow> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.expense');
    const row = await one<ExpenseRow>(m, `${EXPENSE_SELECT} WHERE e.id = $1 AND e.deleted_at IS NULL${lock ? ' FOR UPDATE OF e' : ''}`, [
      id,
    ]);
    // A branch's books: its expenses are reached from that branch only.
    return recordInCallerBranch(ctx, row, (r) => r.branch_id, 'entities.expense', 'acting');
  }

  async reread(m: EntityManager, id: string): Promise<ExpenseRow> {
    return (await one<ExpenseRow>(m, `${EXPENSE_SELECT} WHERE e.id = $1`, [id]))!;
  }

  /** One expense with its status history, oldest change first. */
  async get(ctx: RequestContext, id: string): Promise<ExpenseDto> {
    const row = await this.findLive(ctx, id);
    const history = await rows<{
      from_status: ExpenseStatus | null;
      to_status: ExpenseStatus;
      reason: string | null;
      changed_by: string | null;
      changed_at: Date;
      username: string | null;
      first_name: string | null;
      last_name: string | null;
    }>(
      this.ds.manager,
      `SELECT h.from_status, h.to_status, h.reason, h.changed_by, h.changed_at, u.username, u.first_name, u.last_name
         FROM expense_status_history h LEFT JOIN users u ON u.user_id = h.changed_by
        WHERE h.expense_id = $1 ORDER BY h.id`,
      [id],
    );
    return {
      ...toExpenseDto(row),
      statusHistory: history.map((h) => ({
        from: h.from_status,
        to: h.to_status,
        reason: h.reason,
        changedBy: h.changed_by === null ? null : person(h.changed_by, h.username ?? '', h.first_name, h.last_name),
        changedAt: new Date(h.changed_at).toISOString(),
      })),
    };
  }

  async create(ctx: RequestContext, dto: ExpenseBodyDto): Promise<ExpenseDto> {
    const user = requireUser(ctx);
    return this.ds.transaction(async (m) => {
      const shop = await this.shop.current(m);
      const values = expenseValues(inShopDays(dto, shop.timeZone), shop.exchangeRate);
      const params = valueParams(values);
      const placeholders = params.map((_, i) => `$${i + 4}`).join(', ');
      const { id } = (await one<{ id: string }>(
        m,
        `INSERT INTO expenses (branch_id, created_by, created_by_username, ${VALUE_COLUMNS.join(', ')})
         VALUES ($1, $2, $3, ${placeholders}) RETURNING id`,
        [ctx.branchId, user.id, user.username, ...params],
      ))!;
      await recordStatus(m, id, null, 'pending', null, user.id);
      const row = await this.reread(m, id);
      await audit(m, ctx, 'expense.created', { type: 'expense', id }, { expenseNumber: row.expense_number, baseCents: values.baseCents });
      await this.outbox.add(m, ctx, 'dukan.expenses.expense.created.v1', toExpenseEvent(row));
      return toExpenseDto(row);
    });
  }

  /**
   * Replaces the expense with the body (what it leaves out is cleared), in any status. If an approved or paid
   * expense's amount changes it goes back to pending, and the answer says so in `message`.
   */
  async update(ctx: RequestContext, id: string, dto: ExpenseBodyDto): Promise<ExpenseDto> {
    const user = requireUser(ctx);
    return this.ds.transaction(async (m) => {
      const current = await this.findLive(ctx, id, m, true);
      const shop = await this.shop.current(m);
      const values = expenseValues(inShopDays(dto, shop.timeZone), shop.exchangeRate, current);
      const amountChanged =
        values.amountMinor !== Number(current.amount_minor) ||
        values.currency !== current.currency ||
        values.baseCents !== Number(current.base_cents);
      const status = statusAfterEdit(current.status, amountChanged);
      const params = valueParams(values);
      const sets = VALUE_COLUMNS.map((c, i) => `${c} = $${i + 3}`).join(', ');
      await m.query(`UPDATE expenses SET ${sets}, status = $2, version = version + 1, updated_at = now() WHERE id = $1`, [
        id,
        status,
        ...params,
      ]);
      const row = await this.reread(m, id);
      await audit(
        m,
        ctx,
        'expense.updated',
        { type: 'expense', id },
        {
          expenseNumber: row.expense_number,
          before: {
            amountMinor: Number(current.amount_minor),
            currency: current.currency,
            baseCents: Number(current.base_cents),
            status: current.status,
          },
          after: { amountMinor: values.amountMinor, currency: values.currency, baseCents: values.baseCents, status },
        },
      );
      await this.outbox.add(m, ctx, 'dukan.expenses.expense.updated.v1', toExpenseEvent(row));
      if (status === current.status) return toExpenseDto(row);
      await recordStatus(m, id, current.status, status, null, user.id);
      await audit(m, ctx, 'expense.reopened', { type: 'expense', id }, { from: current.status, to: status });
      await this.outbox.add(m, ctx, 'dukan.expenses.expense.status-changed.v1', {
        expenseId: id,
        expenseNumber: row.expense_number,
        from: current.status,
        to: status,
        reason: null,
        changedBy: user.id,
        amountInBaseCurrencyCents: values.baseCents,
      });
      return { ...toExpenseDto(row), message: translate(ctx.locale, 'expenses.reopened') };
    });
  }

  /** Deleted expenses keep their row (the status history, a recurring expense's occurrences and the number stay whole). */
  async remove(ctx: RequestContext, id: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      const current = await this.findLive(ctx, id, m, true);
      await m.query(`UPDATE expenses SET deleted_at = now(), version = version + 1, updated_at = now() WHERE id = $1`, [id]);
      await audit(
        m,
        ctx,
        'expense.deleted',
        { type: 'expense', id },
        {
          expenseNumber: current.expense_number,
          title: current.title,
          status: current.status,
          baseCents: Number(current.base_cents),
        },
      );
      await this.outbox.add(m, ctx, 'dukan.expenses.expense.deleted.v1', { expenseId: id, expenseNumber: current.expense_number });
    });
  }
}

/** The signed-in user; the route table lets no anonymous call reach an expense. */
export function requireUser(ctx: RequestContext): NonNullable<RequestContext['user']> {
  if (!ctx.user) throw new DomainError('UNAUTHENTICATED', 'auth.required');
  return ctx.user;
}

export async function recordStatus(
  m: EntityManager,
  expenseId: string,
  from: ExpenseStatus | null,
  to: ExpenseStatus,
  reason: string | null,
  changedBy: string | null,
): Promise<void> {
  await m.query(`INSERT INTO expense_status_history (expense_id, from_status, to_status, reason, changed_by) VALUES ($1, $2, $3, $4, $5)`, [
    expenseId,
    from,
    to,
    reason,
    changedBy,
  ]);
}
