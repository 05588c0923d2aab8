import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Branches are managed one by one: a branch can be deactivated (it keeps its history) instead of deleted. */
export class BranchesActive1767225600701 implements MigrationInterface {
  name = 'BranchesActive1767225600701';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE branches ADD COLUMN active boolean NOT NULL DEFAULT true`);
    await q.query(`ALTER TABLE branches ADD COLUMN created_at timestamptz NOT NULL DEFAULT now()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE branches DROP COLUMN created_at`);
    await q.query(`ALTER TABLE branches DROP COLUMN active`);
  }
}
