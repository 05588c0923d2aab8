import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { translate, type EventOf } from '@dukan/contracts';
import type { EventHandler } from '@dukan/platform';

/** The reason a drawer's supplier payment shows in the shift's book; a reason is one text, so it is said in both languages. */
const REASON = `${translate('en', 'shifts.supplierPayment')} · ${translate('ku', 'shifts.supplierPayment')}`;

/**
 * A supplier paid from a register's drawer (purchases, in catalog) is cash out of the shift that was open on that
 * register when it was paid, so the drawer's expected cash follows the money. Once: the payment's id is the entry's
 * reference, and a redelivered event finds it there. Paid while no shift was open, it is in no shift's book (the next
 * float is counted as found).
 */
@Injectable()
export class SupplierPaymentHandler implements EventHandler<'dukan.catalog.supplier-payment.made.v1'> {
  readonly subject = 'dukan.catalog.supplier-payment.made.v1' as const;

  async handle(event: EventOf<'dukan.catalog.supplier-payment.made.v1'>, m: EntityManager): Promise<void> {
    const d = event.data;
    if (d.source !== 'drawer' || !d.registerId || !(d.amountMinor > 0)) return;
    await m.query(
      `INSERT INTO shift_entries (shift_id, kind, method, currency, amount_minor, ref_id, reason, created_at)
       SELECT s.id, 'cash_out', 'cash', $4, -$5::bigint, $6, $7, $3
         FROM shifts s
        WHERE s.branch_id = $1 AND s.register = $2 AND s.opened_at <= $3 AND (s.closed_at IS NULL OR s.closed_at > $3)
          AND NOT EXISTS (SELECT 1 FROM shift_entries e WHERE e.ref_id = $6 AND e.kind = 'cash_out')
        ORDER BY s.opened_at DESC LIMIT 1`,
      [d.branchId, d.registerId, d.paidAt, d.currency, d.amountMinor, d.paymentId, REASON],
    );
  }
}
