import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SalesInit1767225600300 implements MigrationInterface {
  name = 'SalesInit1767225600300';

  async up(q: QueryRunner): Promise<void> {
    // Replicas fed by other services' events (never read their schemas).
    await q.query(`
      CREATE TABLE product_prices (
        product_id uuid PRIMARY KEY,
        sku text NOT NULL,
        name jsonb NOT NULL,
        price_cents bigint NOT NULL CHECK (price_cents >= 0),
        cost_cents bigint NOT NULL DEFAULT 0,
        discount_percent numeric(7,4) NOT NULL DEFAULT 0,
        active boolean NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        version bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE customers (
        customer_id uuid PRIMARY KEY,
        first_name text NOT NULL,
        last_name text NOT NULL,
        phone text,
        deleted boolean NOT NULL DEFAULT false,
        version bigint NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE cashiers (
        user_id uuid PRIMARY KEY,
        username text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL
      )`);
    await q.query(`
      CREATE TABLE shop_settings (
        id smallint PRIMARY KEY CHECK (id = 1),
        tax_rate_bp integer NOT NULL DEFAULT 0 CHECK (tax_rate_bp BETWEEN 0 AND 10000),
        time_zone text NOT NULL DEFAULT 'Asia/Baghdad',
        changed_at timestamptz
      )`);
    await q.query(`INSERT INTO shop_settings (id) VALUES (1)`);

    // One row per register: the sale's transaction takes the next number with UPDATE ... RETURNING.
    await q.query(`
      CREATE TABLE invoice_counters (
        branch_id text NOT NULL,
        register text NOT NULL,
        register_no integer NOT NULL UNIQUE CHECK (register_no BETWEEN 1 AND 999),
        last_number bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (branch_id, register)
      )`);
    await q.query(`CREATE SEQUENCE register_no_seq MINVALUE 1 MAXVALUE 999`);

    await q.query(`
      CREATE TABLE sales (
        id uuid PRIMARY KEY,
        invoice_number text NOT NULL UNIQUE,
        branch_id text NOT NULL,
        register text NOT NULL,
        cashier_id uuid NOT NULL,
        cashier_username text NOT NULL,
        customer_id uuid,
        currency text NOT NULL CHECK (currency IN ('USD', 'IQD')),
        exchange_rate numeric(14,4) NOT NULL CHECK (exchange_rate > 0),
        subtotal_cents bigint NOT NULL,
        discount_type text CHECK (discount_type IN ('percentage', 'fixed')),
        discount_value numeric(14,4),
        discount_cents bigint NOT NULL,
        loyalty_discount_cents bigint NOT NULL,
        points_redeemed integer NOT NULL DEFAULT 0,
        redemption_id text,
        points_awarded integer NOT NULL DEFAULT 0,
        tax_rate_bp integer NOT NULL,
        tax_cents bigint NOT NULL,
        total_cents bigint NOT NULL CHECK (total_cents >= 0),
        payment_method text NOT NULL,
        payment_status text NOT NULL CHECK (payment_status IN ('paid', 'pending', 'failed')),
        tendered_cents bigint NOT NULL,
        change_cents bigint NOT NULL CHECK (change_cents >= 0),
        status text NOT NULL DEFAULT 'completed' CHECK (status IN ('completed', 'voided')),
        refund_state text NOT NULL DEFAULT 'none' CHECK (refund_state IN ('none', 'partial', 'full')),
        refunded_cents bigint NOT NULL DEFAULT 0,
        voided_at timestamptz,
        voided_by uuid,
        void_reason text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Newest first, keyset-friendly; the other indexes serve the list's filters and search.
    await q.query(`CREATE INDEX sales_created ON sales (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX sales_invoice_prefix ON sales (invoice_number text_pattern_ops)`);
    await q.query(`CREATE INDEX sales_customer ON sales (customer_id, created_at DESC) WHERE customer_id IS NOT NULL`);
    await q.query(`CREATE INDEX sales_total ON sales (total_cents)`);
    // The rare states get small partial indexes, so filtering by them never scans every sale.
    await q.query(`CREATE INDEX sales_voided ON sales (created_at DESC, id DESC) WHERE status = 'voided'`);
    await q.query(`CREATE INDEX sales_refunded ON sales (created_at DESC, id DESC) WHERE refund_state <> 'none'`);

    await q.query(`
      CREATE TABLE sale_lines (
        id uuid PRIMARY KEY,
        sale_id uuid NOT NULL REFERENCES sales (id) DEFERRABLE INITIALLY DEFERRED, -- lines are written before the sale row
        line_no smallint NOT NULL,
        product_id uuid NOT NULL,
        sku text NOT NULL,
        name jsonb NOT NULL,
        quantity integer NOT NULL CHECK (quantity > 0),
        unit_price_cents bigint NOT NULL,
        unit_cost_cents bigint NOT NULL,
        discount_percent numeric(7,4) NOT NULL,
        discount_cents bigint NOT NULL,
        subtotal_cents bigint NOT NULL,
        net_cents bigint NOT NULL,
        refunded_quantity integer NOT NULL DEFAULT 0,
        refunded_cents bigint NOT NULL DEFAULT 0,
        CHECK (refunded_quantity BETWEEN 0 AND quantity)
      )`);
    await q.query(`CREATE INDEX sale_lines_sale ON sale_lines (sale_id, line_no)`);

    await q.query(`
      CREATE TABLE refunds (
        id uuid PRIMARY KEY,
        sale_id uuid NOT NULL REFERENCES sales (id),
        amount_cents bigint NOT NULL,
        points_returned integer NOT NULL,
        points_revoked integer NOT NULL,
        reason text,
        lines jsonb NOT NULL,
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX refunds_sale ON refunds (sale_id)`);

    // ARCHITECTURE §7: one row per Idempotency-Key; the response is stored in the sale's own transaction.
    await q.query(`
      CREATE TABLE idempotency_keys (
        key text PRIMARY KEY,
        request_hash text NOT NULL,
        sale_id uuid NOT NULL,
        state text NOT NULL CHECK (state IN ('in_progress', 'done')),
        owner uuid NOT NULL,
        locked_at timestamptz NOT NULL DEFAULT now(),
        response_status integer,
        response_body jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'idempotency_keys',
      'refunds',
      'sale_lines',
      'sales',
      'invoice_counters',
      'shop_settings',
      'cashiers',
      'customers',
      'product_prices',
    ]) {
      await q.query(`DROP TABLE ${t}`);
    }
    await q.query(`DROP SEQUENCE register_no_seq`);
  }
}
