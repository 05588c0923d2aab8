import { invoiceNumberOf } from '@dukan/contracts';

/**
 * Register numbers left unused after a restore, for registers made after the backup's moment (gone with the rest of
 * what came after it) whose receipts may still be about.
 */
export const RESTORE_REGISTER_GAP = 100;
/** The last sequence an invoice number can carry (seven digits). */
export const LAST_SEQUENCE = 9_999_999;

/** What runs SQL: a pg client or a TypeORM query runner's `query` adapted to it. */
export interface SqlRunner {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface NewSeries {
  branchId: string;
  register: string;
  /** The first invoice number the register will give now, and the last it gave in the backup. */
  next: string;
  retired: string;
}

/**
 * After a backup is restored the counters are as they were at the backup's moment, but receipts printed since then
 * and blocks handed to tills since then carry later numbers that the database no longer knows. So each register
 * moves to a new register number, past any that may have been given since (it is part of every invoice number: the
 * new ones cannot equal an old one), and the rest of its old series becomes a block reserved at the backup's
 * moment: a till that still holds numbers from it, or sends again a sale the restore lost, is accepted once.
 * Blocks reserved before the backup are restored with their own register number and stay valid.
 */
export async function startInvoiceSeries(db: SqlRunner, schema: string, backupTakenAt: Date): Promise<NewSeries[]> {
  const t = (name: string) => `"${schema.replace(/"/g, '""')}".${name}`;
  const seq = t('register_no_seq');
  await db.query(
    `SELECT setval($1::regclass, greatest(
       (SELECT last_value FROM ${seq}),
       (SELECT coalesce(max(register_no), 0) FROM ${t('invoice_counters')}),
       (SELECT coalesce(max(register_no), 0) FROM ${t('invoice_blocks')})) + $2, true)`,
    [seq, RESTORE_REGISTER_GAP],
  );
  const { rows } = (await db.query(
    `WITH old AS (
       SELECT branch_id, register, register_no, last_number FROM ${t('invoice_counters')} ORDER BY register_no FOR UPDATE
     ), gap AS (
       INSERT INTO ${t('invoice_blocks')} (branch_id, register, register_no, first_number, last_number, reserved_at)
       SELECT branch_id, register, register_no, last_number + 1, $2, $1 FROM old WHERE last_number < $2
     )
     UPDATE ${t('invoice_counters')} c SET register_no = nextval($3::regclass), last_number = 0
       FROM old WHERE c.branch_id = old.branch_id AND c.register = old.register
     RETURNING c.branch_id, c.register, old.register_no AS was, old.last_number::text AS last, c.register_no AS now`,
    [backupTakenAt, LAST_SEQUENCE, seq],
  )) as { rows: { branch_id: string; register: string; was: number; last: string; now: number }[] };
  return rows
    .map((r) => ({
      branchId: r.branch_id,
      register: r.register,
      next: invoiceNumberOf(r.now, 1),
      retired: invoiceNumberOf(r.was, Number(r.last)),
    }))
    .sort((a, b) => a.branchId.localeCompare(b.branchId) || a.register.localeCompare(b.register));
}
