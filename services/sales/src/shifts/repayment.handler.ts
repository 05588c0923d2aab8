import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { translate, type EventOf } from '@dukan/contracts';
import type { EventHandler } from '@dukan/platform';

/** The reason a repayment shows in the shift's book; a reason is one text, so it is said in both languages. */
const REASON = `${translate('en', 'accounts.customerRepayment')} · ${translate('ku', 'accounts.customerRepayment')}`;

/**
 * A customer paying what they owe in cash at a register (loyalty keeps the debt book) is cash into the shift open on
 * that register, in that branch, when it was paid (the one named, if it was), so the drawer's expected cash follows
 * the money. Once: the repayment's id is the entry's reference. A card or transfer repayment puts nothing in the
 * drawer; one taken in the back office (no register) is in no shift's book.
 */
@Injectable()
export class AccountRepaidHandler implements EventHandler<'dukan.loyalty.account.repaid.v1'> {
  readonly subject = 'dukan.loyalty.account.repaid.v1' as const;

  appliesTo(event: EventOf<'dukan.loyalty.account.repaid.v1'>): boolean {
    return event.data.method === 'cash' && !!event.data.registerId && event.data.amountMinor > 0;
  }

  async handle(event: EventOf<'dukan.loyalty.account.repaid.v1'>, m: EntityManager): Promise<void> {
    const d = event.data;
    if (!this.appliesTo(event)) return;
    await m.query(
      `INSERT INTO shift_entries (shift_id, kind, method, currency, amount_minor, ref_id, reason, created_by, created_at)
       SELECT s.id, 'cash_in', 'cash', $4, $5::bigint, $6, $7, $8, $3
         FROM shifts s
        WHERE s.branch_id = $1 AND s.register = $2 AND s.opened_at <= $3 AND (s.closed_at IS NULL OR s.closed_at > $3)
          AND ($9::uuid IS NULL OR s.id = $9::uuid)
          AND NOT EXISTS (SELECT 1 FROM shift_entries e WHERE e.ref_id = $6 AND e.kind = 'cash_in')
        ORDER BY s.opened_at DESC LIMIT 1`,
      [d.branchId, d.registerId, d.paidAt, d.currency, d.amountMinor, d.repaymentId, REASON, event.actorId, d.shiftId],
    );
  }
}
