import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ExpenseAction, ExpenseDto } from '@dukan/contracts';
import { audit, DomainError, Outbox, type RequestContext } from '@dukan/platform';
import { decideTransition, mayDecideOn } from './expense.policy.js';
import { toExpenseDto } from './expense.row.js';
import { ExpensesService, recordStatus, requireUser } from './expenses.service.js';

const AUDIT_ACTIONS: Record<ExpenseAction, string> = { approve: 'expense.approved', reject: 'expense.rejected', pay: 'expense.paid' };

/** Approve, reject (with a reason) and mark as paid: each checked by the workflow policy, recorded and published. */
@Injectable()
export class ExpenseWorkflow {
  constructor(
    private readonly ds: DataSource,
    private readonly outbox: Outbox,
    private readonly expenses: ExpensesService,
  ) {}

  async transition(ctx: RequestContext, id: string, action: ExpenseAction, reason: string | null = null): Promise<ExpenseDto> {
    const user = requireUser(ctx);
    return this.ds.transaction(async (m) => {
      // Locked: two approvers at once take turns, and the second sees the first one's status.
      const current = await this.expenses.findLive(ctx, id, m, true);
      if (!mayDecideOn(action, user, current.created_by)) throw new DomainError('FORBIDDEN', 'expenses.ownExpense');
      const decision = decideTransition(action, current.status);
      if (!decision.ok) throw new DomainError('INVALID_TRANSITION', decision.messageKey, { status: `expenses.status.${current.status}` });
      await m.query(`UPDATE expenses SET status = $2, rejection_reason = $3, version = version + 1, updated_at = now() WHERE id = $1`, [
        id,
        decision.to,
        action === 'reject' ? reason : current.rejection_reason,
      ]);
      await recordStatus(m, id, current.status, decision.to, reason, user.id);
      await audit(
        m,
        ctx,
        AUDIT_ACTIONS[action],
        { type: 'expense', id },
        {
          expenseNumber: current.expense_number,
          from: current.status,
          to: decision.to,
          reason,
          baseCents: Number(current.base_cents),
        },
      );
      await this.outbox.add(m, ctx, 'dukan.expenses.expense.status-changed.v1', {
        expenseId: id,
        expenseNumber: current.expense_number,
        from: current.status,
        to: decision.to,
        reason,
        changedBy: user.id,
        amountInBaseCurrencyCents: Number(current.base_cents),
      });
      return toExpenseDto(await this.expenses.reread(m, id));
    });
  }
}
