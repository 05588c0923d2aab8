import type { MigrationInterface, QueryRunner } from 'typeorm';

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

// The folding as it was first shipped; 1796500000200-search-norm replaces it with the shared one.
export const FIRST_SEARCH_FOLD_FROM = 'يىكۀةٸ٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹\u200c\u200d\u0640\u064b\u064c\u064d\u064e\u064f\u0650\u0651\u0652';
export const FIRST_SEARCH_FOLD_TO = 'ییکەەی01234567890123456789';

/**
 * Products, categories, stock per branch and its ledger, cost batches, the barcode sequence, and the
 * revision counter that tells a cached till list it is stale. Money in integer USD cents.
 */
export class CatalogInit1767225600200 implements MigrationInterface {
  name = 'CatalogInit1767225600200';

  async up(q: QueryRunner): Promise<void> {
    // pg_trgm may already exist in another service's schema (one per database); else put it in public,
    // or in our schema where public is closed to us. Its operator class is then named with its schema.
    await q.query(`
      DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
          BEGIN
            CREATE EXTENSION pg_trgm SCHEMA public;
          EXCEPTION WHEN insufficient_privilege OR invalid_schema_name THEN
            CREATE EXTENSION pg_trgm;
          END;
        END IF;
      END $$`);
    const [{ schema }] = (await q.query(
      `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
    )) as { schema: string }[];
    const trgmOps = `"${schema}".gin_trgm_ops`;

    await q.query(`
      CREATE FUNCTION search_norm(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $fn$ SELECT btrim(regexp_replace(translate(lower(t), ${literal(FIRST_SEARCH_FOLD_FROM)}, ${literal(FIRST_SEARCH_FOLD_TO)}), '\\s+', ' ', 'g')) $fn$`);

    await q.query(`
      CREATE TABLE categories (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name_en text NOT NULL,
        name_ku text NOT NULL DEFAULT '',
        parent_id uuid REFERENCES categories (id),
        image_url text,
        active boolean NOT NULL DEFAULT true,
        version integer NOT NULL DEFAULT 1,
        deleted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (parent_id IS NULL OR parent_id <> id)
      )`);
    await q.query(`CREATE INDEX categories_parent ON categories (parent_id) WHERE deleted_at IS NULL`);

    await q.query(`
      CREATE TABLE products (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        sku text NOT NULL,
        barcode text,
        name_en text NOT NULL,
        name_ku text NOT NULL DEFAULT '',
        description_en text NOT NULL DEFAULT '',
        description_ku text NOT NULL DEFAULT '',
        category_id uuid REFERENCES categories (id),
        price_cents integer NOT NULL CHECK (price_cents >= 0),
        cost_cents integer NOT NULL CHECK (cost_cents >= 0),
        discount_percent numeric(5, 2) NOT NULL DEFAULT 0 CHECK (discount_percent BETWEEN 0 AND 100),
        reorder_level integer NOT NULL DEFAULT 10 CHECK (reorder_level >= 0),
        active boolean NOT NULL DEFAULT true,
        images jsonb NOT NULL DEFAULT '[]',
        image_url text,
        version integer NOT NULL DEFAULT 1,
        deleted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        search_text text GENERATED ALWAYS AS (search_norm(sku || ' ' || coalesce(barcode, '') || ' ' || name_en || ' ' || name_ku)) STORED
      )`);
    // Deleted products keep their row (old sales still resolve) but free their sku and barcode.
    await q.query(`CREATE UNIQUE INDEX products_sku_live ON products (lower(sku)) WHERE deleted_at IS NULL`);
    await q.query(`CREATE UNIQUE INDEX products_barcode_live ON products (barcode) WHERE deleted_at IS NULL AND barcode IS NOT NULL`);
    await q.query(`CREATE INDEX products_barcode_any ON products (barcode)`);
    await q.query(`CREATE INDEX products_category ON products (category_id) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX products_name ON products (name_en, id) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX products_search ON products USING gin (search_text ${trgmOps}) WHERE deleted_at IS NULL`);

    await q.query(`
      CREATE TABLE stock_levels (
        product_id uuid NOT NULL REFERENCES products (id),
        branch_id text NOT NULL,
        quantity integer NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (product_id, branch_id)
      )`);
    await q.query(`
      CREATE TABLE stock_movements (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        product_id uuid NOT NULL REFERENCES products (id),
        branch_id text NOT NULL,
        delta integer NOT NULL CHECK (delta <> 0),
        quantity_after integer NOT NULL,
        reason text NOT NULL CHECK (reason IN ('received', 'sold', 'returned', 'adjusted')),
        ref_type text NOT NULL CHECK (ref_type IN ('product', 'sale', 'void', 'refund', 'adjustment')),
        ref_id text,
        unit_cost_cents integer,
        note text,
        actor_id uuid,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX stock_movements_product ON stock_movements (product_id, created_at DESC)`);
    await q.query(`CREATE INDEX stock_movements_ref ON stock_movements (ref_type, ref_id)`);
    await q.query(`
      CREATE TABLE cost_batches (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        product_id uuid NOT NULL REFERENCES products (id),
        branch_id text NOT NULL,
        quantity integer NOT NULL CHECK (quantity > 0),
        unit_cost_cents integer NOT NULL CHECK (unit_cost_cents >= 0),
        movement_id uuid REFERENCES stock_movements (id),
        actor_id uuid,
        received_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX cost_batches_product ON cost_batches (product_id, received_at DESC)`);

    await q.query(`CREATE SEQUENCE barcode_seq MINVALUE 0 MAXVALUE 99999 START 1 CYCLE`);

    // Bumped by every statement that changes what a product list shows; a cached list is served only
    // while the revision it was built at is still current (works across several catalog processes).
    await q.query(`CREATE TABLE catalog_revision (id boolean PRIMARY KEY DEFAULT true CHECK (id), rev bigint NOT NULL)`);
    await q.query(`INSERT INTO catalog_revision (id, rev) VALUES (true, 1)`);
    await q.query(`
      CREATE FUNCTION bump_catalog_revision() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT
      AS $fn$ BEGIN UPDATE catalog_revision SET rev = rev + 1; RETURN NULL; END $fn$`);
    for (const table of ['products', 'categories', 'stock_levels']) {
      await q.query(
        `CREATE TRIGGER ${table}_bump_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
         FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_revision()`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE catalog_revision, cost_batches, stock_movements, stock_levels, products, categories`);
    await q.query(`DROP FUNCTION bump_catalog_revision(), search_norm(text)`);
    await q.query(`DROP SEQUENCE barcode_seq`);
  }
}
