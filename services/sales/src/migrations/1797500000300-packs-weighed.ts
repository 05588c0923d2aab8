import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Packs and weighed goods at the till. The price replica learns how each product is sold (by the unit or by weight),
 * its scale code and its packs; a sale line says which pack it sold, how many stock units each of its quantity takes
 * (a pack's units; a price label's grams) and whether it is weighed (quantity in grams, price per kg); sales keep the
 * shop's scale-label rule from settings' events (null: settings' default, labels off).
 */
export class PacksWeighed1797500000300 implements MigrationInterface {
  name = 'PacksWeighed1797500000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE product_prices
      ADD COLUMN sold_by text NOT NULL DEFAULT 'unit' CHECK (sold_by IN ('unit', 'weight')),
      ADD COLUMN scale_code text`);
    await q.query(`CREATE INDEX product_prices_scale_code ON product_prices (scale_code) WHERE scale_code IS NOT NULL AND NOT deleted`);
    await q.query(`CREATE TABLE product_packs (
      pack_id uuid PRIMARY KEY,
      product_id uuid NOT NULL,
      barcode text NOT NULL,
      units int NOT NULL CHECK (units >= 1),
      price_cents bigint NOT NULL,
      price_currency text NOT NULL CHECK (price_currency IN ('USD', 'IQD')),
      price_minor bigint NOT NULL
    )`);
    await q.query(`CREATE INDEX product_packs_product ON product_packs (product_id)`);
    await q.query(`ALTER TABLE sale_lines
      ADD COLUMN pack_id uuid,
      ADD COLUMN units_per_quantity int NOT NULL DEFAULT 1 CHECK (units_per_quantity >= 1),
      ADD COLUMN weighed boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE shop_settings ADD COLUMN scale_label jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE shop_settings DROP COLUMN scale_label`);
    await q.query(`ALTER TABLE sale_lines DROP COLUMN weighed, DROP COLUMN units_per_quantity, DROP COLUMN pack_id`);
    await q.query(`DROP TABLE product_packs`);
    await q.query(`ALTER TABLE product_prices DROP COLUMN scale_code, DROP COLUMN sold_by`);
  }
}
