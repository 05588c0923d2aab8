import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Weighed goods and packs in the reports. The products replica learns how each product is sold (by the unit, or by
 * weight: its stock and sold quantities in grams, its price and cost per kilogram), and a sale line how many stock
 * units each of its quantity takes (a pack's units, a price label's grams) and whether those are grams (`weighed`: a
 * weighed line or a weighed product's price label). The product rollup then counts stock units (units, or grams)
 * rather than packs or labels, a gram's cost is the kilogram's / 1000, and a report shows grams as kg.
 * Lines held before are of one unit each: the sales recorded before packs and weighed goods were all of units.
 */
export class WeighedGoods1797600000300 implements MigrationInterface {
  name = 'WeighedGoods1797600000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE products ADD COLUMN sold_by text NOT NULL DEFAULT 'unit' CHECK (sold_by IN ('unit', 'weight'))`);
    await q.query(`ALTER TABLE sale_lines
      ADD COLUMN units_per_quantity int NOT NULL DEFAULT 1 CHECK (units_per_quantity >= 1),
      ADD COLUMN weighed boolean NOT NULL DEFAULT false`);
    // The inventory's first rows by value: a weighed product's grams at its price per kg.
    await q.query(`DROP INDEX products_by_value`);
    await q.query(`CREATE INDEX products_by_value ON products
      ((price_cents * greatest(stock_total, 0) / CASE WHEN sold_by = 'weight' THEN 1000 ELSE 1 END) DESC, sku) WHERE deleted_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX products_by_value`);
    await q.query(
      `CREATE INDEX products_by_value ON products ((price_cents * greatest(stock_total, 0)) DESC, sku) WHERE deleted_at IS NULL`,
    );
    await q.query(`ALTER TABLE sale_lines DROP COLUMN weighed, DROP COLUMN units_per_quantity`);
    await q.query(`ALTER TABLE products DROP COLUMN sold_by`);
  }
}
