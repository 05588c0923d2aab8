import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventOf } from '@dukan/contracts';
import type { EventHandler } from '@dukan/platform';

/** A shift opened: kept until its close brings the Z report. A late 'opened' never reopens a closed shift. */
@Injectable()
export class ReportShiftOpenedHandler implements EventHandler<'dukan.sales.shift.opened.v1'> {
  readonly subject = 'dukan.sales.shift.opened.v1' as const;

  async handle(event: EventOf<'dukan.sales.shift.opened.v1'>, m: EntityManager): Promise<void> {
    const d = event.data;
    await m.query(
      `INSERT INTO shift_reports (shift_id, number, branch_id, register, cashier_id, cashier_username, status, float, opened_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'open', $7, $8) ON CONFLICT (shift_id) DO NOTHING`,
      [d.shiftId, d.number, d.branchId, d.register, d.cashierId, d.cashierUsername, JSON.stringify(d.float), d.openedAt],
    );
  }
}

/** A shift closed, with its Z report (whatever order the two events arrive in). */
@Injectable()
export class ReportShiftClosedHandler implements EventHandler<'dukan.sales.shift.closed.v1'> {
  readonly subject = 'dukan.sales.shift.closed.v1' as const;

  async handle(event: EventOf<'dukan.sales.shift.closed.v1'>, m: EntityManager): Promise<void> {
    const d = event.data;
    await m.query(
      `INSERT INTO shift_reports (shift_id, number, branch_id, register, cashier_id, cashier_username, status, float, opened_at,
                                  closed_at, closed_by_username, approved_by, figures)
       VALUES ($1, $2, $3, $4, $5, $6, 'closed', $7, $8, $9, $10, $11, $12)
       ON CONFLICT (shift_id) DO UPDATE SET status = 'closed', closed_at = EXCLUDED.closed_at, figures = EXCLUDED.figures,
         closed_by_username = EXCLUDED.closed_by_username, approved_by = EXCLUDED.approved_by`,
      [
        d.shiftId,
        d.number,
        d.branchId,
        d.register,
        d.cashierId,
        d.cashierUsername,
        JSON.stringify(d.figures.float),
        d.openedAt,
        d.closedAt,
        d.closedByUsername,
        d.approvedBy,
        JSON.stringify(d.figures),
      ],
    );
  }
}
