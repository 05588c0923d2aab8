import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { invoiceNumberOf, parseInvoiceNumber, SHARED_REGISTER_DAYS, type InvoiceBlockDto } from '@dukan/contracts';
import { DomainError, KnownBranches, rows, type RequestContext } from '@dukan/platform';
import { SaleStore } from '../sales/sale-store.js';
import { DEFAULT_BLOCK_SIZE } from './invoice-block.dto.js';
import { offlineSaleTime } from './offline-time.policy.js';

/** Invoice numbers reserved for a register ahead of time, and the check that a sale's own number is one of them. */
@Injectable()
export class InvoiceBlocks {
  constructor(
    private readonly ds: DataSource,
    private readonly store: SaleStore,
    private readonly branches: KnownBranches,
  ) {}

  /**
   * Moves the register's counter past a block and records the block as the register's, and whose device asked;
   * says how many other devices took numbers for the register lately.
   */
  async reserve(ctx: RequestContext, register: string, size = DEFAULT_BLOCK_SIZE, device?: string): Promise<InvoiceBlockDto> {
    // Only a register an admin made in settings takes numbers: naming one never creates it.
    await this.branches.assertRegister(ctx.branchId, register, 'register');
    await this.store.ensureRegister(ctx.branchId, register);
    return this.ds.transaction(async (m) => {
      const [row] = await rows<{ register_no: number; last_number: string }>(
        m,
        `UPDATE invoice_counters SET last_number = last_number + $3 WHERE branch_id = $1 AND register = $2 RETURNING register_no, last_number::text`,
        [ctx.branchId, register, size],
      );
      if (!row) throw new DomainError('SERVICE_UNAVAILABLE', 'errors.serviceUnavailable');
      const last = Number(row.last_number);
      const first = last - size + 1;
      await m.query(
        `INSERT INTO invoice_blocks (branch_id, register, register_no, first_number, last_number, reserved_by, device)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [ctx.branchId, register, row.register_no, first, last, ctx.user?.id ?? null, device ?? null],
      );
      const [{ others }] = device
        ? await rows<{ others: number }>(
            m,
            `SELECT count(DISTINCT device)::int AS others FROM invoice_blocks
            WHERE branch_id = $1 AND register = $2 AND device <> $3 AND reserved_at > now() - make_interval(days => $4)`,
            [ctx.branchId, register, device, SHARED_REGISTER_DAYS],
          )
        : [{ others: 0 }];
      return {
        register,
        first: invoiceNumberOf(row.register_no, first),
        last: invoiceNumberOf(row.register_no, last),
        size,
        otherDevices: others,
      };
    });
  }

  /**
   * A sale may carry its own number only when it is from a block reserved for its register in its branch. A sale the
   * till kept offline is recorded at the time it was made (`madeOfflineAt`), kept within what is possible for the
   * block; any other, now (null).
   */
  async offlineSale(
    m: EntityManager | DataSource,
    branchId: string,
    register: string,
    invoiceNumber: string,
    madeOfflineAt: string | undefined,
  ): Promise<Date | null> {
    const parsed = parseInvoiceNumber(invoiceNumber);
    // Both times from the database's clock, the one that stamps the block and every other sale.
    const [block] = parsed
      ? await rows<{ reserved_at: Date; now: Date }>(
          m,
          // The block's own register number: one of a series a restore retired stays valid.
          `SELECT b.reserved_at, now() AS now FROM invoice_blocks b
          WHERE b.branch_id = $1 AND b.register = $2 AND b.register_no = $3 AND $4 BETWEEN b.first_number AND b.last_number`,
          [branchId, register, parsed.registerNo, parsed.sequence],
        )
      : [];
    if (!block) {
      throw new DomainError(
        'RULE_VIOLATION',
        'sales.invoiceNotReserved',
        { invoiceNumber },
        { reservedInvoiceNumber: { key: 'sales.invoiceNotReserved', params: { invoiceNumber } } },
      );
    }
    return madeOfflineAt === undefined ? null : offlineSaleTime(madeOfflineAt, block.reserved_at, block.now);
  }
}
