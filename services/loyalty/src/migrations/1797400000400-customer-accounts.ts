import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customer accounts (the debt book): each customer's credit limit and balance per currency (each in its own minor
 * unit: cents, whole dinars), the entries that alone move a balance (each charge with what is still open of it) (sale on account, repayment, return, void, an
 * admin's adjustment), the charges sales hold while a sale is being made, the shop's exchange rates as settings
 * announce them (a repayment in the other currency is converted at the rate of that moment), and repayments' keys.
 */
export class CustomerAccounts1797400000400 implements MigrationInterface {
  name = 'CustomerAccounts1797400000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE customers
        ADD COLUMN credit_limit_currency text NOT NULL DEFAULT 'USD' CHECK (credit_limit_currency IN ('USD', 'IQD')),
        ADD COLUMN credit_limit_minor bigint NOT NULL DEFAULT 0 CHECK (credit_limit_minor >= 0),
        ADD COLUMN owed_usd_cents bigint NOT NULL DEFAULT 0,
        ADD COLUMN owed_iqd bigint NOT NULL DEFAULT 0,
        ADD COLUMN owing_since_usd timestamptz,
        ADD COLUMN owing_since_iqd timestamptz`);
    await q.query(`
      CREATE TABLE account_entries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigserial NOT NULL UNIQUE,
        customer_id uuid NOT NULL REFERENCES customers (id),
        branch_id text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('sale', 'repayment', 'return', 'void', 'adjustment')),
        currency text NOT NULL CHECK (currency IN ('USD', 'IQD')),
        amount_minor bigint NOT NULL CHECK (amount_minor <> 0),
        paid_method text CHECK (paid_method IN ('cash', 'card', 'transfer')),
        paid_currency text CHECK (paid_currency IN ('USD', 'IQD')),
        paid_minor bigint,
        exchange_rate numeric(14, 4) NOT NULL CHECK (exchange_rate > 0),
        ref_id text,
        sale_id text,
        invoice_number text,
        note text,
        balance_after_minor bigint NOT NULL,
        -- Of a charge (> 0), the part not yet paid: credits pay the oldest charges first. 0 for credits.
        open_minor bigint NOT NULL DEFAULT 0 CHECK (open_minor >= 0),
        actor_id uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Exactly once: a sale, refund, void or repayment moves each currency of an account once, whatever is sent again.
    await q.query(`CREATE UNIQUE INDEX account_entries_once ON account_entries (kind, ref_id, currency) WHERE ref_id IS NOT NULL`);
    await q.query(`CREATE INDEX account_entries_customer ON account_entries (customer_id, seq)`);
    await q.query(`CREATE INDEX account_entries_sale ON account_entries (sale_id) WHERE sale_id IS NOT NULL`);
    // The receivables report reads only what is still owed, by age.
    await q.query(
      `CREATE INDEX account_entries_open ON account_entries (customer_id, currency, created_at) INCLUDE (branch_id, open_minor) WHERE open_minor > 0`,
    );
    // What is still open of the charges made on each day, per branch and currency: the receivables' totals by age.
    await q.query(`
      CREATE TABLE open_by_day (
        branch_id text NOT NULL,
        currency text NOT NULL CHECK (currency IN ('USD', 'IQD')),
        day date NOT NULL,
        open_minor bigint NOT NULL,
        PRIMARY KEY (branch_id, currency, day)
      )`);
    await q.query(`
      CREATE TABLE account_holds (
        sale_id text PRIMARY KEY,
        customer_id uuid NOT NULL REFERENCES customers (id),
        usd_cents bigint NOT NULL DEFAULT 0,
        iqd bigint NOT NULL DEFAULT 0,
        attempt text,
        status text NOT NULL CHECK (status IN ('active', 'consumed', 'released')),
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX account_holds_active ON account_holds (customer_id) WHERE status = 'active'`);
    await q.query(`
      CREATE TABLE exchange_rates (
        id smallint PRIMARY KEY CHECK (id = 1),
        rate numeric(14, 4) NOT NULL CHECK (rate > 0),
        user_rates jsonb NOT NULL DEFAULT '{}',
        as_of timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE repayment_keys (
        key text PRIMARY KEY,
        request_hash text NOT NULL,
        repayment_id uuid NOT NULL,
        answer jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE repayment_keys`);
    await q.query(`DROP TABLE exchange_rates`);
    await q.query(`DROP TABLE account_holds`);
    await q.query(`DROP TABLE open_by_day`);
    await q.query(`DROP TABLE account_entries`);
    await q.query(
      `ALTER TABLE customers DROP COLUMN credit_limit_currency, DROP COLUMN credit_limit_minor, DROP COLUMN owed_usd_cents, DROP COLUMN owed_iqd, DROP COLUMN owing_since_usd, DROP COLUMN owing_since_iqd`,
    );
  }
}
