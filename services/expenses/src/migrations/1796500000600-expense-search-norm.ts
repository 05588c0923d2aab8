import type { MigrationInterface, QueryRunner } from 'typeorm';
import { SEARCH_NORM_FUNCTION, trigramOps } from '@dukan/platform';

async function rebuildSearchText(q: QueryRunner, body: string): Promise<void> {
  const ops = await trigramOps(q);
  await q.query(`DROP INDEX IF EXISTS expenses_search`);
  await q.query(`ALTER TABLE expenses DROP COLUMN search_text`);
  await q.query(`
    CREATE OR REPLACE FUNCTION expense_search_text(number text, title text, vendor text, description text, tags text[])
    RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $fn$ SELECT ${body} $fn$`);
  await q.query(`
    ALTER TABLE expenses ADD COLUMN search_text text
      GENERATED ALWAYS AS (expense_search_text(expense_number, title, vendor_name, description, tags)) STORED`);
  await q.query(`CREATE INDEX expenses_search ON expenses USING gin (search_text ${ops}) WHERE deleted_at IS NULL`);
}

const TEXT = `number || ' ' || title || ' ' || coalesce(vendor, '') || ' ' || coalesce(description, '') || ' ' || array_to_string(tags, ' ')`;

/** The expense list's search folds Kurdish as people type it (the shared normaliser of @dukan/contracts). */
export class ExpenseSearchNorm1796500000600 implements MigrationInterface {
  name = 'ExpenseSearchNorm1796500000600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(SEARCH_NORM_FUNCTION);
    await rebuildSearchText(q, `search_norm(${TEXT})`);
  }

  async down(q: QueryRunner): Promise<void> {
    await rebuildSearchText(q, `lower(${TEXT})`);
    await q.query(`DROP FUNCTION search_norm(text)`);
  }
}
