import type { MigrationInterface, QueryRunner } from 'typeorm';
import { SEARCH_NORM_FUNCTION, trigramOps } from '@dukan/platform';
import { FIRST_SEARCH_FOLD_FROM, FIRST_SEARCH_FOLD_TO } from './1767225600200-catalog-init.js';

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Rebuilds the stored search text (and its index) with the search_norm() in place. */
async function rebuildSearchText(q: QueryRunner): Promise<void> {
  const ops = await trigramOps(q);
  await q.query(`DROP INDEX IF EXISTS products_search`);
  await q.query(`ALTER TABLE products DROP COLUMN search_text`);
  await q.query(`
    ALTER TABLE products ADD COLUMN search_text text
      GENERATED ALWAYS AS (search_norm(sku || ' ' || coalesce(barcode, '') || ' ' || name_en || ' ' || name_ku)) STORED`);
  await q.query(`CREATE INDEX products_search ON products USING gin (search_text ${ops}) WHERE deleted_at IS NULL`);
}

/**
 * Product search folds Kurdish as people type it (the shared normaliser of @dukan/contracts): Arabic-keyboard
 * letters, the marked Sorani letters and their plain forms, ە/ه/ھ/ة, alef forms, Eastern digits.
 */
export class SearchNorm1796500000200 implements MigrationInterface {
  name = 'SearchNorm1796500000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(SEARCH_NORM_FUNCTION);
    await rebuildSearchText(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION search_norm(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $fn$ SELECT btrim(regexp_replace(translate(lower(t), ${literal(FIRST_SEARCH_FOLD_FROM)}, ${literal(FIRST_SEARCH_FOLD_TO)}), '\\s+', ' ', 'g')) $fn$`);
    await rebuildSearchText(q);
  }
}
