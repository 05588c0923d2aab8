import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The branches each user works in, so a branch's dashboard and staff report count its own staff. NULL: every
 * branch (an admin, or a user whose last event came before identity announced branches: counted everywhere, as
 * all users were before, until their next change).
 */
export class UserBranches1796300000500 implements MigrationInterface {
  name = 'UserBranches1796300000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN branches text[]`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN branches`);
  }
}
