import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Product imports: one row per uploaded file, read by the page that polls its progress. Refusals and
 * failures keep message keys (with their parameters), translated when read, in the reader's language.
 */
export class ProductImports1779580800200 implements MigrationInterface {
  name = 'ProductImports1779580800200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE product_imports (
        id uuid PRIMARY KEY,
        actor_id text,
        branch_id text NOT NULL,
        file_name text NOT NULL,
        state text NOT NULL CHECK (state IN ('running', 'done', 'failed')),
        rows_in_file int NOT NULL,
        total int NOT NULL,
        done int NOT NULL DEFAULT 0,
        created int NOT NULL DEFAULT 0,
        merged int NOT NULL DEFAULT 0,
        refused jsonb NOT NULL DEFAULT '[]',
        refused_count int NOT NULL DEFAULT 0,
        failed jsonb NOT NULL DEFAULT '[]',
        headers jsonb,
        started_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE product_imports`);
  }
}
