import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tokens older than `refresh_floor` cannot be exchanged for a new one. Logout, password reset, deactivation
 * and deletion move it; a permission or role change only bumps `token_version`, so the signed-in user's
 * app can fetch a token with the new permissions instead of being signed out.
 */
export class RefreshFloor1779321600100 implements MigrationInterface {
  name = 'RefreshFloor1779321600100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN refresh_floor integer NOT NULL DEFAULT 1`);
    await q.query(`UPDATE users SET refresh_floor = token_version`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN refresh_floor`);
  }
}
