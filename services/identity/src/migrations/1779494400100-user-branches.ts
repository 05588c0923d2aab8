import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each user's home branch and the branches they may work in. NULL home: the installation's default branch;
 * NULL list: the home branch only (admins work in every branch whatever the list says).
 */
export class UserBranches1779494400100 implements MigrationInterface {
  name = 'UserBranches1779494400100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN home_branch text`);
    await q.query(`ALTER TABLE users ADD COLUMN branches text[]`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN branches`);
    await q.query(`ALTER TABLE users DROP COLUMN home_branch`);
  }
}
