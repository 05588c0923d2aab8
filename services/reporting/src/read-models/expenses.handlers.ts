import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { convertMinor, DEFAULT_EXCHANGE_RATE, type EventOf, type ExpenseEventData } from '@dukan/contracts';
import { one, type EventHandler } from '@dukan/platform';

/** Expenses replica (the staff report's expenses, the sales report's paid expenses): a change older than the one held is ignored. */
async function upsertExpense(m: EntityManager, d: ExpenseEventData, at: string, branchId: string): Promise<void> {
  // The branch the expense was recorded in (its first event's); a later change made from another branch keeps it.
  await m.query(
    `INSERT INTO expenses (expense_id, expense_number, title, description, category, amount_base_cents, expense_date, status, created_by, as_of, branch_id,
       amount_iqd)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (expense_id) DO UPDATE SET expense_number = EXCLUDED.expense_number, title = EXCLUDED.title, description = EXCLUDED.description,
       category = EXCLUDED.category, amount_base_cents = EXCLUDED.amount_base_cents, amount_iqd = EXCLUDED.amount_iqd, expense_date = EXCLUDED.expense_date,
       status = EXCLUDED.status, created_by = EXCLUDED.created_by, as_of = EXCLUDED.as_of
     WHERE expenses.as_of <= EXCLUDED.as_of AND expenses.deleted_at IS NULL`,
    [
      d.expenseId,
      d.expenseNumber,
      d.title,
      d.description,
      d.category,
      d.amountInBaseCurrencyCents,
      d.expenseDate.slice(0, 10),
      d.status,
      d.createdBy,
      at,
      branchId,
      // In dinars: a dinar expense's own amount, a dollar one's at its own rate.
      d.currency === 'IQD'
        ? d.amountMinor
        : convertMinor(d.amountMinor, 'USD', 'IQD', d.exchangeRate > 0 ? d.exchangeRate : DEFAULT_EXCHANGE_RATE),
    ],
  );
}

@Injectable()
export class ReportExpenseCreatedHandler implements EventHandler<'dukan.expenses.expense.created.v1'> {
  readonly subject = 'dukan.expenses.expense.created.v1' as const;
  async handle(event: EventOf<'dukan.expenses.expense.created.v1'>, m: EntityManager): Promise<void> {
    await upsertExpense(m, event.data, event.occurredAt, event.branchId);
  }
}

@Injectable()
export class ReportExpenseUpdatedHandler implements EventHandler<'dukan.expenses.expense.updated.v1'> {
  readonly subject = 'dukan.expenses.expense.updated.v1' as const;
  async handle(event: EventOf<'dukan.expenses.expense.updated.v1'>, m: EntityManager): Promise<void> {
    await upsertExpense(m, event.data, event.occurredAt, event.branchId);
  }
}

@Injectable()
export class ReportExpenseStatusChangedHandler implements EventHandler<'dukan.expenses.expense.status-changed.v1'> {
  readonly subject = 'dukan.expenses.expense.status-changed.v1' as const;
  async handle(event: EventOf<'dukan.expenses.expense.status-changed.v1'>, m: EntityManager): Promise<void> {
    const d = event.data;
    // Consumers of different subjects run independently: without the expense yet, fail so the bus delivers it again later.
    if (!(await one(m, `SELECT 1 FROM expenses WHERE expense_id = $1 FOR UPDATE`, [d.expenseId]))) {
      throw new Error(`expense ${d.expenseId} not yet in reporting; retry later`);
    }
    await m.query(
      `UPDATE expenses SET status = $2, amount_base_cents = $3, as_of = $4 WHERE expense_id = $1 AND as_of <= $4 AND deleted_at IS NULL`,
      [d.expenseId, d.to, d.amountInBaseCurrencyCents, event.occurredAt],
    );
  }
}

@Injectable()
export class ReportExpenseDeletedHandler implements EventHandler<'dukan.expenses.expense.deleted.v1'> {
  readonly subject = 'dukan.expenses.expense.deleted.v1' as const;
  async handle(event: EventOf<'dukan.expenses.expense.deleted.v1'>, m: EntityManager): Promise<void> {
    const d = event.data;
    await m.query(
      `INSERT INTO expenses (expense_id, expense_number, title, category, amount_base_cents, expense_date, status, created_by, as_of, deleted_at)
       VALUES ($1, $2, '', 'other', 0, $3::timestamptz::date, 'pending', '', $3, $3)
       ON CONFLICT (expense_id) DO UPDATE SET deleted_at = EXCLUDED.deleted_at`,
      [d.expenseId, d.expenseNumber, event.occurredAt],
    );
  }
}
