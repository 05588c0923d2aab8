import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The revision at which each product row and each stock level last changed, so a till can ask for what changed
 * since the revision it holds (`GET /api/products?since=REV`). Rows changed before this migration carry 0; `floor`
 * is the oldest revision a delta can start from (older ones get the whole list).
 */
export class ProductRevisions1795737600200 implements MigrationInterface {
  name = 'ProductRevisions1795737600200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE catalog_revision ADD COLUMN floor bigint NOT NULL DEFAULT 0`);
    await q.query(`UPDATE catalog_revision SET floor = rev`);
    // The row lock makes writers stamp in commit order: a row gets the revision its statement's bump will reach.
    await q.query(`
      CREATE FUNCTION stamp_catalog_revision() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT
      AS $fn$ BEGIN SELECT rev + 1 INTO NEW.rev FROM catalog_revision FOR UPDATE; RETURN NEW; END $fn$`);
    for (const table of ['products', 'stock_levels']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN rev bigint NOT NULL DEFAULT 0`);
      await q.query(
        `CREATE TRIGGER ${table}_stamp_revision BEFORE INSERT OR UPDATE ON ${table}
         FOR EACH ROW EXECUTE FUNCTION stamp_catalog_revision()`,
      );
    }
    await q.query(`CREATE INDEX products_rev ON products (rev)`);
    await q.query(`CREATE INDEX stock_levels_rev ON stock_levels (branch_id, rev)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['products', 'stock_levels']) {
      await q.query(`DROP TRIGGER ${table}_stamp_revision ON ${table}`);
      await q.query(`ALTER TABLE ${table} DROP COLUMN rev`);
    }
    await q.query(`DROP FUNCTION stamp_catalog_revision()`);
    await q.query(`ALTER TABLE catalog_revision DROP COLUMN floor`);
  }
}
