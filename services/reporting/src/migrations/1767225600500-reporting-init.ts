import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Read models fed only by events (ARCHITECTURE §3, §6); any of them can be rebuilt by replaying the publishers' outboxes. */
export class ReportingInit1767225600500 implements MigrationInterface {
  name = 'ReportingInit1767225600500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sales (
        sale_id text PRIMARY KEY,
        invoice_number text NOT NULL,
        branch_id text NOT NULL,
        register text NOT NULL,
        cashier_id text NOT NULL,
        customer_id text,
        currency text NOT NULL,
        exchange_rate numeric NOT NULL,
        subtotal_cents bigint NOT NULL,
        discount_cents bigint NOT NULL,
        loyalty_discount_cents bigint NOT NULL,
        tax_cents bigint NOT NULL,
        total_cents bigint NOT NULL,
        points_redeemed integer NOT NULL,
        points_awarded integer NOT NULL,
        refunded_cents bigint NOT NULL DEFAULT 0,
        status text NOT NULL CHECK (status IN ('completed', 'voided', 'refunded')),
        completed_at timestamptz NOT NULL,
        voided_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX sales_completed_at ON sales (completed_at DESC)`);
    await q.query(`
      CREATE TABLE sale_lines (
        sale_id text NOT NULL REFERENCES sales (sale_id),
        line_id text NOT NULL,
        product_id text NOT NULL,
        sku text NOT NULL,
        name jsonb NOT NULL,
        quantity integer NOT NULL,
        unit_price_cents bigint NOT NULL,
        unit_cost_cents bigint NOT NULL,
        discount_cents bigint NOT NULL,
        subtotal_cents bigint NOT NULL,
        refunded_quantity integer NOT NULL DEFAULT 0,
        PRIMARY KEY (sale_id, line_id)
      )`);
    await q.query(`CREATE INDEX sale_lines_product ON sale_lines (product_id)`);
    await q.query(`
      CREATE TABLE refunds (
        refund_id text PRIMARY KEY,
        sale_id text NOT NULL REFERENCES sales (sale_id),
        amount_cents bigint NOT NULL,
        refunded_at timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE products (
        product_id text PRIMARY KEY,
        sku text NOT NULL,
        name jsonb NOT NULL,
        category_id text,
        price_cents bigint NOT NULL,
        cost_cents bigint NOT NULL,
        active boolean NOT NULL,
        reorder_level integer NOT NULL,
        version integer NOT NULL,
        created_at timestamptz NOT NULL,
        deleted_at timestamptz
      )`);
    await q.query(`
      CREATE TABLE stock (
        product_id text NOT NULL,
        branch_id text NOT NULL,
        quantity integer NOT NULL,
        as_of timestamptz NOT NULL,
        PRIMARY KEY (product_id, branch_id)
      )`);
    await q.query(`
      CREATE TABLE users (
        user_id text PRIMARY KEY,
        username text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        role text NOT NULL,
        active boolean NOT NULL,
        deleted_at timestamptz,
        as_of timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE shop_settings (
        id integer PRIMARY KEY CHECK (id = 1),
        time_zone text NOT NULL,
        as_of timestamptz NOT NULL
      )`);
    // The dashboard's counts as they stood at the start of each shop day on which they changed (= the end of the day before).
    await q.query(`
      CREATE TABLE daily_counts (
        day date NOT NULL,
        metric text NOT NULL CHECK (metric IN ('products', 'lowStock', 'activeUsers')),
        value integer NOT NULL,
        PRIMARY KEY (day, metric)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['daily_counts', 'shop_settings', 'users', 'stock', 'products', 'refunds', 'sale_lines', 'sales']) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
