import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SettingsInit1767225600700 implements MigrationInterface {
  name = 'SettingsInit1767225600700';

  async up(q: QueryRunner): Promise<void> {
    // One row of shop-wide settings; the defaults are the spec's (1450 IQD per USD, English, Asia/Baghdad, no tax).
    await q.query(`
      CREATE TABLE general_settings (
        id smallint PRIMARY KEY CHECK (id = 1),
        exchange_rate numeric(14,4) NOT NULL DEFAULT 1450 CHECK (exchange_rate >= 1),
        store_name text NOT NULL DEFAULT 'Dukan',
        default_language text NOT NULL DEFAULT 'en' CHECK (default_language IN ('en', 'ku')),
        time_zone text NOT NULL DEFAULT 'Asia/Baghdad',
        tax_rate_bp integer NOT NULL DEFAULT 0 CHECK (tax_rate_bp BETWEEN 0 AND 10000),
        iqd_cash_rounding integer NOT NULL DEFAULT 1 CHECK (iqd_cash_rounding >= 1),
        updated_at timestamptz,
        updated_by text
      )`);
    await q.query(`INSERT INTO general_settings (id) VALUES (1)`);
    await q.query(`
      CREATE TABLE user_exchange_rates (
        user_id text PRIMARY KEY,
        exchange_rate numeric(14,4) NOT NULL CHECK (exchange_rate >= 1),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE branches (
        id text PRIMARY KEY,
        name text NOT NULL,
        position integer NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE registers (
        branch_id text NOT NULL REFERENCES branches (id) ON DELETE CASCADE,
        id text NOT NULL,
        position integer NOT NULL DEFAULT 0,
        PRIMARY KEY (branch_id, id)
      )`);
    await q.query(`INSERT INTO branches (id, name) VALUES ('main', 'Main')`);
    await q.query(`INSERT INTO registers (branch_id, id) VALUES ('main', 'main')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE registers`);
    await q.query(`DROP TABLE branches`);
    await q.query(`DROP TABLE user_exchange_rates`);
    await q.query(`DROP TABLE general_settings`);
  }
}
