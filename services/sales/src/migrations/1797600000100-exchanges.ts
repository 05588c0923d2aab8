import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A return made as part of an exchange names the sale its value paid for (null: a refund). */
export class Exchanges1797600000100 implements MigrationInterface {
  name = 'Exchanges1797600000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE refunds ADD COLUMN exchange_sale_id uuid NULL REFERENCES sales(id)`);
    await q.query(`CREATE INDEX refunds_exchange_sale_idx ON refunds (exchange_sale_id) WHERE exchange_sale_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE refunds DROP COLUMN exchange_sale_id`);
  }
}
