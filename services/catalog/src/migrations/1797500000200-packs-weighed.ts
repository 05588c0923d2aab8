import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Packs and weighed goods. A product is sold by the unit or by weight (its stock and sold quantities then in grams,
 * its price per kilogram); a weighed product may carry the item code its scale prints on labels. A product's packs
 * (a carton of 12) each have their own barcode and price and take `units` from stock.
 */
export class PacksWeighed1797500000200 implements MigrationInterface {
  name = 'PacksWeighed1797500000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE products
      ADD COLUMN sold_by text NOT NULL DEFAULT 'unit' CHECK (sold_by IN ('unit', 'weight')),
      ADD COLUMN scale_code text CHECK (scale_code ~ '^[1-9][0-9]{0,11}$|^0$')`);
    await q.query(
      `CREATE UNIQUE INDEX products_scale_code_live ON products (scale_code) WHERE deleted_at IS NULL AND scale_code IS NOT NULL`,
    );
    await q.query(`CREATE TABLE product_packs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
      position int NOT NULL,
      barcode text NOT NULL,
      units int NOT NULL CHECK (units >= 2),
      price_cents bigint NOT NULL CHECK (price_cents >= 0),
      price_iqd bigint CHECK (price_iqd >= 0),
      name_en text NOT NULL DEFAULT '',
      name_ku text NOT NULL DEFAULT ''
    )`);
    await q.query(`CREATE UNIQUE INDEX product_packs_barcode ON product_packs (barcode)`);
    await q.query(`CREATE INDEX product_packs_product ON product_packs (product_id, position)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE product_packs`);
    await q.query(`ALTER TABLE products DROP COLUMN scale_code, DROP COLUMN sold_by`);
  }
}
