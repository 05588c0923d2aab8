import type { MigrationInterface, QueryRunner } from 'typeorm';

export class LoyaltyInit1767225600400 implements MigrationInterface {
  name = 'LoyaltyInit1767225600400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE customers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        first_name text NOT NULL,
        last_name text NOT NULL,
        phone text NOT NULL,
        email text,
        street text,
        city text,
        state text,
        zip_code text,
        country text NOT NULL DEFAULT 'Iraq',
        language_preference text NOT NULL DEFAULT 'en' CHECK (language_preference IN ('en', 'ku')),
        -- Spendable balance; always equal to the sum of the customer's points_ledger rows (kept in the same transaction).
        loyalty_points integer NOT NULL DEFAULT 0 CHECK (loyalty_points >= 0),
        lifetime_points integer NOT NULL DEFAULT 0 CHECK (lifetime_points >= 0),
        status text NOT NULL DEFAULT 'standard' CHECK (status IN ('standard', 'silver', 'gold', 'platinum')),
        total_spent_cents bigint NOT NULL DEFAULT 0,
        purchase_count integer NOT NULL DEFAULT 0,
        last_purchase_at timestamptz,
        member_since timestamptz NOT NULL DEFAULT now(),
        version integer NOT NULL DEFAULT 1,
        deleted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One live customer per phone number (compared on its digits, so '+964 770…' and '+964770…' clash).
    await q.query(
      `CREATE UNIQUE INDEX customers_phone_live ON customers ((regexp_replace(phone, '\\D', '', 'g'))) WHERE deleted_at IS NULL`,
    );
    await q.query(`CREATE INDEX customers_name ON customers (lower(first_name), lower(last_name)) WHERE deleted_at IS NULL`);

    await q.query(`
      CREATE TABLE loyalty_settings (
        id integer PRIMARY KEY CHECK (id = 1),
        settings jsonb NOT NULL,
        version integer NOT NULL DEFAULT 1,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by text
      )`);

    // The source of every balance: one signed row per change of a customer's points.
    await q.query(`
      CREATE TABLE points_ledger (
        id bigserial PRIMARY KEY,
        customer_id uuid NOT NULL REFERENCES customers (id),
        kind text NOT NULL CHECK (kind IN ('award', 'redeem', 'return', 'revoke', 'adjust')),
        points integer NOT NULL,
        sale_id text,
        ref_id text,
        balance_after integer NOT NULL CHECK (balance_after >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX points_ledger_customer ON points_ledger (customer_id, id)`);
    await q.query(`CREATE INDEX points_ledger_sale ON points_ledger (sale_id)`);

    // One per sale that asked loyalty for a quote; holds redeemed points until the sale completes or the hold expires.
    await q.query(`
      CREATE TABLE reservations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        sale_id text NOT NULL UNIQUE,
        customer_id uuid NOT NULL REFERENCES customers (id),
        points_requested integer NOT NULL,
        total_before_cents bigint NOT NULL,
        points integer NOT NULL,
        value_cents integer NOT NULL,
        points_to_award integer NOT NULL,
        status text NOT NULL CHECK (status IN ('active', 'consumed', 'released')),
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        settled_at timestamptz
      )`);
    await q.query(`CREATE INDEX reservations_active ON reservations (customer_id, expires_at) WHERE status = 'active'`);

    // What loyalty did for each completed customer sale, so voids and refunds undo exactly that.
    await q.query(`
      CREATE TABLE sale_points (
        sale_id text PRIMARY KEY,
        customer_id uuid NOT NULL REFERENCES customers (id),
        total_cents bigint NOT NULL,
        points_redeemed integer NOT NULL,
        points_awarded integer NOT NULL,
        refunded_cents bigint NOT NULL DEFAULT 0,
        points_returned integer NOT NULL DEFAULT 0,
        points_revoked integer NOT NULL DEFAULT 0,
        counted boolean NOT NULL DEFAULT true,
        voided boolean NOT NULL DEFAULT false,
        completed_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE sale_points`);
    await q.query(`DROP TABLE reservations`);
    await q.query(`DROP TABLE points_ledger`);
    await q.query(`DROP TABLE loyalty_settings`);
    await q.query(`DROP TABLE customers`);
  }
}
