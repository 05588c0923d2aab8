import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { dayInTimeZone, EXPENSE_FORM_DEFAULT_EXCHANGE_RATE, expenseBaseCents, translate, type EventOf } from '@dukan/contracts';
import { eventContext, one, Outbox, type EventHandler } from '@dukan/platform';
import { ShopSettings } from '../replicas/shop-settings.js';
import { EXPENSE_SELECT, toExpenseEvent, type ExpenseRow } from '../expenses/expense.row.js';
import { recordStatus } from '../expenses/expenses.service.js';

/**
 * A cash-out the cashier marked as an expense becomes an expense paid in cash from the drawer, in the drawer's
 * currency and branch, once: the movement's id is the expense's, so a redelivered event finds it there.
 */
@Injectable()
export class DrawerCashOutHandler implements EventHandler<'dukan.sales.shift.cash-moved.v1'> {
  readonly subject = 'dukan.sales.shift.cash-moved.v1' as const;

  constructor(
    private readonly shop: ShopSettings,
    private readonly outbox: Outbox,
  ) {}

  async handle(event: EventOf<'dukan.sales.shift.cash-moved.v1'>, m: EntityManager): Promise<void> {
    const d = event.data;
    if (d.kind !== 'cash_out' || !d.asExpense || !(d.amountMinor > 0)) return;
    const shop = await this.shop.current(m);
    const rate = shop.exchangeRate ?? EXPENSE_FORM_DEFAULT_EXCHANGE_RATE;
    const inserted = await one<{ id: string }>(
      m,
      `INSERT INTO expenses (id, branch_id, title, description, category, amount_minor, currency, exchange_rate, base_cents,
                             payment_method, expense_date, status, created_by, created_by_username)
       VALUES ($1, $2, $3, $4, 'other', $5, $6, $7, $8, 'cash', $9, 'paid', $10, $11)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        d.movementId,
        d.branchId,
        d.reason.slice(0, 200),
        translate('en', 'shifts.expenseTitle', { register: d.register, reason: d.reason }),
        d.amountMinor,
        d.currency,
        rate,
        expenseBaseCents(d.amountMinor, d.currency, rate),
        dayInTimeZone(d.createdAt, shop.timeZone),
        d.createdBy,
        d.createdByUsername,
      ],
    );
    if (!inserted) return;
    await recordStatus(m, inserted.id, null, 'paid', null, d.createdBy);
    const row = (await one<ExpenseRow>(m, `${EXPENSE_SELECT} WHERE e.id = $1`, [inserted.id]))!;
    await this.outbox.add(m, eventContext(event), 'dukan.expenses.expense.created.v1', toExpenseEvent(row));
  }
}
