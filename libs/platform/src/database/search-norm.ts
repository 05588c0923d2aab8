import type { QueryRunner } from 'typeorm';
import { SEARCH_FOLD_FROM, SEARCH_FOLD_TO } from '@dukan/contracts';

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * search_norm(text) in the current schema: the SQL twin of normalizeSearchText() in @dukan/contracts, IMMUTABLE so
 * a generated column or an index can use it. Re-run (CREATE OR REPLACE) when the folding changes, then rebuild
 * what stores its result.
 */
export const SEARCH_NORM_FUNCTION = `
  CREATE OR REPLACE FUNCTION search_norm(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $fn$ SELECT btrim(regexp_replace(lower(translate(t, ${literal(SEARCH_FOLD_FROM)}, ${literal(SEARCH_FOLD_TO)})), '\\s+', ' ', 'g')) $fn$`;

/**
 * pg_trgm's GIN operator class, named with its schema. The extension may already exist in another service's schema
 * (one per database); else it goes in public, or in our schema where public is closed to us.
 */
export async function trigramOps(q: QueryRunner): Promise<string> {
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
  return `"${schema}".gin_trgm_ops`;
}
