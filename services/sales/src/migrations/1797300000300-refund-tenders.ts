import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where each refund's money went back: its tenders, each in its own currency's minor unit with its value in the
 * sale's currency. Refunds made before went back as cash in the sale's currency (amount plus cash rounding).
 */
export class RefundTenders1797300000300 implements MigrationInterface {
  name = 'RefundTenders1797300000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE refunds ADD COLUMN tenders jsonb NOT NULL DEFAULT '[]'::jsonb`);
    await q.query(`
      UPDATE refunds r SET tenders = jsonb_build_array(jsonb_build_object(
               'method', 'cash', 'currency', s.currency,
               'amountMinor', r.amount_minor + r.cash_rounding_minor, 'valueMinor', r.amount_minor + r.cash_rounding_minor))
        FROM sales s WHERE s.id = r.sale_id AND r.amount_minor + r.cash_rounding_minor > 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE refunds DROP COLUMN tenders`);
  }
}
