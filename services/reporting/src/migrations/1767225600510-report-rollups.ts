import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reports' read models. Rollups are kept per shop day (the shop's time zone when the change happened):
 * sales per branch, per cashier, and per product and per customer at three grains (day, month, all time), so a
 * report sums a few thousand rows instead of scanning sales. Voids and refunds are taken off on their own day.
 * Replicas of customers, categories and expenses, and the refunded lines, complete them.
 */
export class ReportRollups1767225600510 implements MigrationInterface {
  name = 'ReportRollups1767225600510';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE refund_lines (
        refund_id text NOT NULL REFERENCES refunds (refund_id),
        line_id text NOT NULL,
        quantity integer NOT NULL,
        amount_cents bigint NOT NULL,
        PRIMARY KEY (refund_id, line_id)
      )`);
    await q.query(`
      CREATE TABLE branch_sales_daily (
        day date NOT NULL,
        branch_id text NOT NULL,
        sales_cents bigint NOT NULL DEFAULT 0,
        cost_cents bigint NOT NULL DEFAULT 0,
        transactions integer NOT NULL DEFAULT 0,
        PRIMARY KEY (day, branch_id)
      )`);
    await q.query(`
      CREATE TABLE cashier_sales_daily (
        day date NOT NULL,
        cashier_id uuid NOT NULL,
        sales_cents bigint NOT NULL DEFAULT 0,
        transactions integer NOT NULL DEFAULT 0,
        first_sale_at timestamptz,
        last_sale_at timestamptz,
        voids integer NOT NULL DEFAULT 0,
        refunds integer NOT NULL DEFAULT 0,
        refunded_cents bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (day, cashier_id)
      )`);
    // grain: 'd' (period = the day), 'm' (the month's first day), 'a' (all time, period 2000-01-01).
    await q.query(`
      CREATE TABLE product_sales (
        grain "char" NOT NULL,
        period date NOT NULL,
        product_id uuid NOT NULL,
        quantity integer NOT NULL DEFAULT 0,
        revenue_cents bigint NOT NULL DEFAULT 0,
        cost_cents bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (grain, period, product_id)
      )`);
    // A single period's best sellers in order, without summing (all time, a calendar month, a day).
    await q.query(`CREATE INDEX product_sales_top ON product_sales (grain, period, revenue_cents DESC, product_id)`);
    await q.query(`
      CREATE TABLE customer_sales (
        grain "char" NOT NULL,
        period date NOT NULL,
        customer_id uuid NOT NULL,
        spent_cents bigint NOT NULL DEFAULT 0,
        purchases integer NOT NULL DEFAULT 0,
        last_purchase_at timestamptz,
        PRIMARY KEY (grain, period, customer_id)
      )`);
    await q.query(`CREATE INDEX customer_sales_top ON customer_sales (grain, period, spent_cents DESC, customer_id)`);
    await q.query(`
      CREATE TABLE customers (
        customer_id text PRIMARY KEY,
        first_name text NOT NULL,
        last_name text NOT NULL,
        phone text NOT NULL,
        loyalty_points integer NOT NULL,
        member_since timestamptz NOT NULL,
        version integer NOT NULL,
        deleted_at timestamptz
      )`);
    await q.query(`CREATE INDEX customers_member_since ON customers (member_since)`);
    await q.query(`
      CREATE TABLE categories (
        category_id text PRIMARY KEY,
        name jsonb NOT NULL,
        parent_id text,
        version integer NOT NULL,
        deleted_at timestamptz
      )`);
    await q.query(`CREATE INDEX products_category ON products (category_id)`);
    // Stock over all branches, kept with the product, so the inventory report reads one table; its value and its
    // distance below the reorder level indexed for the report's first rows.
    await q.query(`ALTER TABLE products ADD COLUMN stock_total integer NOT NULL DEFAULT 0`);
    await q.query(
      `UPDATE products p SET stock_total = s.qty FROM (SELECT product_id, sum(quantity) AS qty FROM stock GROUP BY product_id) s WHERE s.product_id = p.product_id`,
    );
    await q.query(
      `CREATE INDEX products_by_value ON products ((price_cents * greatest(stock_total, 0)) DESC, sku) WHERE deleted_at IS NULL`,
    );
    await q.query(
      `CREATE INDEX products_low_stock ON products ((stock_total - reorder_level), sku) WHERE deleted_at IS NULL AND stock_total <= reorder_level`,
    );
    await q.query(`
      CREATE TABLE expenses (
        expense_id text PRIMARY KEY,
        expense_number text NOT NULL,
        title text NOT NULL,
        description text,
        category text NOT NULL,
        amount_base_cents bigint NOT NULL,
        expense_date date NOT NULL,
        status text NOT NULL,
        created_by text NOT NULL,
        as_of timestamptz NOT NULL,
        deleted_at timestamptz
      )`);
    await q.query(`CREATE INDEX expenses_date ON expenses (expense_date)`);
    await q.query(`ALTER TABLE shop_settings ADD COLUMN store_name text NOT NULL DEFAULT 'Dukan'`);
    await q.query(`ALTER TABLE shop_settings ADD COLUMN exchange_rate numeric NOT NULL DEFAULT 1450`);
    await q.query(`ALTER TABLE shop_settings ADD COLUMN user_exchange_rates jsonb NOT NULL DEFAULT '{}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const column of ['user_exchange_rates', 'exchange_rate', 'store_name'])
      await q.query(`ALTER TABLE shop_settings DROP COLUMN ${column}`);
    await q.query(`DROP INDEX products_category`);
    await q.query(`ALTER TABLE products DROP COLUMN stock_total`);
    for (const table of [
      'expenses',
      'categories',
      'customers',
      'customer_sales',
      'product_sales',
      'cashier_sales_daily',
      'branch_sales_daily',
      'refund_lines',
    ]) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
