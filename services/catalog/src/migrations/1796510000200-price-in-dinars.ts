import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A product may be priced in dinars: price_iqd (whole dinars) when set; price_cents stays its dollar figure for dollar readers. */
export class PriceInDinars1796510000200 implements MigrationInterface {
  name = 'PriceInDinars1796510000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE products ADD COLUMN price_iqd bigint CHECK (price_iqd >= 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE products DROP COLUMN price_iqd`);
  }
}
