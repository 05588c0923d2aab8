import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IdentityInit1767225600100 implements MigrationInterface {
  name = 'IdentityInit1767225600100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        username text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        email text NOT NULL,
        phone text,
        password_hash text NOT NULL,
        role text NOT NULL CHECK (role IN ('admin', 'manager', 'cashier')),
        active boolean NOT NULL DEFAULT true,
        language_preference text NOT NULL DEFAULT 'en' CHECK (language_preference IN ('en', 'ku')),
        permissions jsonb,
        token_version integer NOT NULL DEFAULT 1,
        last_login timestamptz,
        deleted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A deleted account frees its username and email; live ones are unique regardless of case.
    await q.query(`CREATE UNIQUE INDEX users_username_live ON users (lower(username)) WHERE deleted_at IS NULL`);
    await q.query(`CREATE UNIQUE INDEX users_email_live ON users (lower(email)) WHERE deleted_at IS NULL`);
    await q.query(`
      CREATE TABLE login_throttle (
        key text PRIMARY KEY,
        failures integer NOT NULL,
        window_started_at timestamptz NOT NULL,
        locked_until timestamptz
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE login_throttle`);
    await q.query(`DROP TABLE users`);
  }
}
