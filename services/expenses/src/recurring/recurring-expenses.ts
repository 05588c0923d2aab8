import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { expenseBaseCents } from '@dukan/contracts';
import { Outbox, rows, systemContext, type OutboxEntry } from '@dukan/platform';
import { EXPENSES_CLOCK, type Clock } from '../clock.js';
import { EXPENSES_CONFIG, type ExpensesConfig } from '../config.js';
import { EXPENSE_SELECT, toExpenseEvent, type ExpenseRow } from '../expenses/expense.row.js';
import { ShopSettings } from '../replicas/shop-settings.js';
import { addPeriods, dayIn, dueDays } from './recurrence.policy.js';

/** Recurring expenses looked at per transaction. */
const SOURCES_PER_ROUND = 50;

/**
 * Creates the occurrences recurring expenses owe: on each due day a pending copy dated that day, until the end
 * date. Exactly once per due day, however often it runs and in however many processes: the unique index on
 * (recurrence_source_id, occurrence_date) refuses a second copy, and locked schedules are skipped, not waited for.
 */
@Injectable()
export class RecurringExpenses {
  constructor(
    private readonly ds: DataSource,
    private readonly outbox: Outbox,
    private readonly shop: ShopSettings,
    @Inject(EXPENSES_CLOCK) private readonly clock: Clock,
    @Inject(EXPENSES_CONFIG) private readonly config: ExpensesConfig,
  ) {}

  /** Creates what is due today (and anything missed before), up to RECURRING_BATCH occurrences; returns how many. */
  async runDue(): Promise<number> {
    let budget = this.config.RECURRING_BATCH;
    let created = 0;
    while (budget > 0) {
      const round = await this.ds.transaction((m) => this.round(m, budget));
      created += round.created;
      budget -= round.created;
      if (round.sources < SOURCES_PER_ROUND) break;
    }
    return created;
  }

  private async round(m: EntityManager, budget: number): Promise<{ sources: number; created: number }> {
    const { timeZone, exchangeRate } = await this.shop.current(m);
    const today = dayIn(timeZone, this.clock.now());
    const sources = await rows<ExpenseRow>(
      m,
      `${EXPENSE_SELECT}
        WHERE e.recurring_frequency IS NOT NULL AND e.deleted_at IS NULL AND e.next_due_date <= $1::date
          AND (e.recurring_end_date IS NULL OR e.next_due_date <= e.recurring_end_date)
        ORDER BY e.next_due_date, e.id LIMIT ${SOURCES_PER_ROUND}
        FOR UPDATE OF e SKIP LOCKED`,
      [today],
    );
    let created = 0;
    for (const source of sources) {
      if (created >= budget) break;
      const { days, nextIndex } = dueDays(
        {
          anchor: source.recurring_anchor!,
          index: source.recurring_index,
          frequency: source.recurring_frequency!,
          endDate: source.recurring_end_date,
        },
        today,
        budget - created,
      );
      created += await this.createOccurrences(m, source, days, exchangeRate);
      await m.query(
        `UPDATE expenses SET recurring_index = $2, next_due_date = $3::date, version = version + 1, updated_at = now() WHERE id = $1`,
        [source.id, nextIndex, addPeriods(source.recurring_anchor!, source.recurring_frequency!, nextIndex)],
      );
    }
    return { sources: sources.length, created };
  }

  /** Pending copies of `source` dated each day; a day that already has its copy is left as it is. */
  private async createOccurrences(m: EntityManager, source: ExpenseRow, days: string[], shopRate: number | null): Promise<number> {
    if (days.length === 0) return 0;
    // An IQD expense is worth what the day's rate says; before settings has published one, the source's rate.
    const rate = source.currency === 'IQD' && shopRate !== null ? shopRate : Number(source.exchange_rate);
    const baseCents = expenseBaseCents(Number(source.amount_minor), source.currency, rate);
    const inserted = await rows<{ id: string }>(
      m,
      `INSERT INTO expenses (branch_id, title, description, category, amount_minor, currency, exchange_rate, base_cents, payment_method,
         bank_name, account_number, check_number, card_last4, payment_reference, vendor_name, vendor_phone, vendor_email, vendor_address,
         expense_date, department, tags, notes, recurrence_source_id, occurrence_date, created_by, created_by_username)
       SELECT s.branch_id, s.title, s.description, s.category, s.amount_minor, s.currency, $3, $4, s.payment_method,
         s.bank_name, s.account_number, s.check_number, s.card_last4, s.payment_reference, s.vendor_name, s.vendor_phone, s.vendor_email,
         s.vendor_address, d.day, s.department, s.tags, s.notes, s.id, d.day, s.created_by, s.created_by_username
         FROM expenses s CROSS JOIN unnest($2::date[]) AS d(day)
        WHERE s.id = $1
       ON CONFLICT (recurrence_source_id, occurrence_date) DO NOTHING
       RETURNING id`,
      [source.id, days, rate, baseCents],
    );
    if (inserted.length === 0) return 0;
    const ids = inserted.map((r) => r.id);
    await m.query(
      `INSERT INTO expense_status_history (expense_id, from_status, to_status) SELECT id, NULL, 'pending' FROM unnest($1::uuid[]) AS t(id)`,
      [ids],
    );
    const created = await rows<ExpenseRow>(m, `${EXPENSE_SELECT} WHERE e.id = ANY($1::uuid[]) ORDER BY e.expense_date`, [ids]);
    const ctx = systemContext({ branchId: source.branch_id });
    await this.outbox.addAll(
      m,
      created.map((row): OutboxEntry => ({ ctx, type: 'dukan.expenses.expense.created.v1', data: toExpenseEvent(row) })),
    );
    return inserted.length;
  }
}
