import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each sale in its own currency, and what it took per payment method. A sale keeps its totals in its own currency's
 * minor unit (US cents, whole dinars) and its value in dinars at its own rate; its lines and refunds theirs; its
 * takings (tenders less change) per method and currency, as do its refunds. The daily branch rollup and the product
 * rollup keep dinar figures beside the dollar ones (each sale at its own rate), the paid expenses theirs, and a new
 * daily rollup the takings and refunds per method and currency, so a report in dinars never converts the past at
 * today's rate and never scans sales.
 *
 * Figures held before are filled in from what the replica knows: every sale at its own rate (a dinar sale's dinars
 * from its dollars at that rate), paid in cash in its own currency, refunds given back the same way; expenses at the
 * shop's rate.
 */
export class SaleTakings1797100000500 implements MigrationInterface {
  name = 'SaleTakings1797100000500';

  async up(q: QueryRunner): Promise<void> {
    // Dollars at a row's rate as whole dinars, half away from zero (the pricing rules' conversion).
    const iqd = (cents: string, rate = 'exchange_rate') => `round(${cents} * ${rate} / 100)::bigint`;
    const own = (cents: string) => `CASE WHEN currency = 'IQD' THEN ${iqd(cents)} ELSE ${cents} END`;
    await q.query(`
      ALTER TABLE sales
        ADD COLUMN subtotal_minor bigint, ADD COLUMN discount_minor bigint, ADD COLUMN loyalty_discount_minor bigint,
        ADD COLUMN tax_minor bigint, ADD COLUMN total_minor bigint, ADD COLUMN cash_rounding_minor bigint NOT NULL DEFAULT 0,
        ADD COLUMN refunded_minor bigint NOT NULL DEFAULT 0, ADD COLUMN total_iqd bigint, ADD COLUMN refunded_iqd bigint NOT NULL DEFAULT 0`);
    await q.query(`
      UPDATE sales SET subtotal_minor = ${own('subtotal_cents')}, discount_minor = ${own('discount_cents')},
        loyalty_discount_minor = ${own('loyalty_discount_cents')}, tax_minor = ${own('tax_cents')}, total_minor = ${own('total_cents')},
        refunded_minor = ${own('refunded_cents')}, total_iqd = ${iqd('total_cents')}, refunded_iqd = ${iqd('refunded_cents')}`);
    for (const column of ['subtotal_minor', 'discount_minor', 'loyalty_discount_minor', 'tax_minor', 'total_minor', 'total_iqd']) {
      await q.query(`ALTER TABLE sales ALTER COLUMN ${column} SET NOT NULL`);
    }
    await q.query(
      `ALTER TABLE sale_lines ADD COLUMN subtotal_iqd bigint NOT NULL DEFAULT 0, ADD COLUMN unit_cost_iqd bigint NOT NULL DEFAULT 0`,
    );
    await q.query(`
      UPDATE sale_lines l SET subtotal_iqd = ${iqd('l.subtotal_cents', 's.exchange_rate')}, unit_cost_iqd = ${iqd('l.unit_cost_cents', 's.exchange_rate')}
        FROM sales s WHERE s.sale_id = l.sale_id`);
    await q.query(`ALTER TABLE refunds ADD COLUMN amount_minor bigint NOT NULL DEFAULT 0, ADD COLUMN amount_iqd bigint NOT NULL DEFAULT 0`);
    await q.query(`
      UPDATE refunds r SET amount_minor = CASE WHEN s.currency = 'IQD' THEN ${iqd('r.amount_cents', 's.exchange_rate')} ELSE r.amount_cents END,
        amount_iqd = ${iqd('r.amount_cents', 's.exchange_rate')} FROM sales s WHERE s.sale_id = r.sale_id`);
    await q.query(`ALTER TABLE refund_lines ADD COLUMN amount_iqd bigint NOT NULL DEFAULT 0`);
    await q.query(`
      UPDATE refund_lines rl SET amount_iqd = ${iqd('rl.amount_cents', 's.exchange_rate')}
        FROM refunds r JOIN sales s ON s.sale_id = r.sale_id WHERE r.refund_id = rl.refund_id`);
    // A sale's (a refund's) takings: per method and currency, in that currency, tenders less change; count: tenders handed over.
    for (const [table, key] of [
      ['sale_takings', 'sale_id'],
      ['refund_takings', 'refund_id'],
    ] as const) {
      await q.query(`
        CREATE TABLE ${table} (
          ${key} text NOT NULL,
          method text NOT NULL CHECK (method IN ('cash', 'card', 'transfer', 'account')),
          currency text NOT NULL,
          amount_minor bigint NOT NULL,
          count integer NOT NULL,
          PRIMARY KEY (${key}, method, currency)
        )`);
    }
    await q.query(
      `INSERT INTO sale_takings (sale_id, method, currency, amount_minor, count) SELECT sale_id, 'cash', currency, total_minor, 1 FROM sales WHERE total_minor <> 0`,
    );
    await q.query(`
      INSERT INTO refund_takings (refund_id, method, currency, amount_minor, count)
      SELECT r.refund_id, 'cash', s.currency, r.amount_minor, 1 FROM refunds r JOIN sales s ON s.sale_id = r.sale_id WHERE r.amount_minor <> 0`);
    await q.query(`ALTER TABLE expenses ADD COLUMN amount_iqd bigint NOT NULL DEFAULT 0`);
    await q.query(
      `UPDATE expenses SET amount_iqd = ${iqd('amount_base_cents', `coalesce((SELECT exchange_rate FROM shop_settings WHERE id = 1), 1450)`)}`,
    );

    await q.query(
      `ALTER TABLE branch_sales_daily ADD COLUMN sales_iqd bigint NOT NULL DEFAULT 0, ADD COLUMN cost_iqd bigint NOT NULL DEFAULT 0`,
    );
    await q.query(
      `ALTER TABLE product_sales ADD COLUMN revenue_iqd bigint NOT NULL DEFAULT 0, ADD COLUMN cost_iqd bigint NOT NULL DEFAULT 0`,
    );
    await q.query(`
      CREATE TABLE tender_takings_daily (
        day date NOT NULL,
        branch_id text NOT NULL,
        method text NOT NULL,
        currency text NOT NULL,
        taken_minor bigint NOT NULL DEFAULT 0,
        payments integer NOT NULL DEFAULT 0,
        refunded_minor bigint NOT NULL DEFAULT 0,
        refunds integer NOT NULL DEFAULT 0,
        PRIMARY KEY (day, branch_id, method, currency)
      )`);

    // The rollups' dinar figures and takings from the replica, as the handlers would have kept them: a sale on its
    // day, a refund on its own (not once the sale was voided), a void taking off what was left of the sale on its day.
    const tz = `coalesce((SELECT time_zone FROM shop_settings WHERE id = 1), 'Asia/Baghdad')`;
    const day = (at: string) => `(${at} AT TIME ZONE ${tz})::date`;
    const counted = `(s.voided_at IS NULL OR r.refunded_at < s.voided_at)`;
    await q.query(`
      INSERT INTO branch_sales_daily (day, branch_id, sales_iqd, cost_iqd)
      SELECT day, branch_id, sum(sales), sum(cost) FROM (
        SELECT ${day('s.completed_at')} AS day, s.branch_id, s.total_iqd AS sales,
               (SELECT coalesce(sum(l.unit_cost_iqd * l.quantity), 0) FROM sale_lines l WHERE l.sale_id = s.sale_id) AS cost
          FROM sales s
        UNION ALL
        SELECT ${day('r.refunded_at')}, s.branch_id, -r.amount_iqd,
               -(SELECT coalesce(sum(l.unit_cost_iqd * rl.quantity), 0) FROM refund_lines rl
                   JOIN sale_lines l ON l.sale_id = s.sale_id AND l.line_id = rl.line_id WHERE rl.refund_id = r.refund_id)
          FROM refunds r JOIN sales s ON s.sale_id = r.sale_id WHERE ${counted}
        UNION ALL
        SELECT ${day('s.voided_at')}, s.branch_id, -(s.total_iqd - s.refunded_iqd),
               -(SELECT coalesce(sum(l.unit_cost_iqd * (l.quantity - l.refunded_quantity)), 0) FROM sale_lines l WHERE l.sale_id = s.sale_id)
          FROM sales s WHERE s.status = 'voided' AND s.voided_at IS NOT NULL
      ) x GROUP BY day, branch_id
      ON CONFLICT (day, branch_id) DO UPDATE SET sales_iqd = EXCLUDED.sales_iqd, cost_iqd = EXCLUDED.cost_iqd`);
    await q.query(`
      WITH moves AS (
        SELECT ${day('s.completed_at')} AS day, s.branch_id, l.product_id, l.subtotal_iqd AS revenue, l.unit_cost_iqd * l.quantity AS cost
          FROM sales s JOIN sale_lines l ON l.sale_id = s.sale_id
        UNION ALL
        SELECT ${day('r.refunded_at')}, s.branch_id, l.product_id, -rl.amount_iqd, -l.unit_cost_iqd * rl.quantity
          FROM refund_lines rl JOIN refunds r ON r.refund_id = rl.refund_id JOIN sales s ON s.sale_id = r.sale_id
          JOIN sale_lines l ON l.sale_id = s.sale_id AND l.line_id = rl.line_id WHERE ${counted}
        UNION ALL
        SELECT ${day('s.voided_at')}, s.branch_id, l.product_id,
               -(l.subtotal_iqd - coalesce((SELECT sum(rl.amount_iqd) FROM refund_lines rl JOIN refunds r ON r.refund_id = rl.refund_id
                                             WHERE r.sale_id = s.sale_id AND rl.line_id = l.line_id), 0)),
               -l.unit_cost_iqd * (l.quantity - l.refunded_quantity)
          FROM sales s JOIN sale_lines l ON l.sale_id = s.sale_id WHERE s.status = 'voided' AND s.voided_at IS NOT NULL
      ), periods AS (
        SELECT 'd'::"char" AS grain, day AS period, branch_id, product_id, revenue, cost FROM moves
        UNION ALL SELECT 'm', date_trunc('month', day)::date, branch_id, product_id, revenue, cost FROM moves
        UNION ALL SELECT 'a', DATE '2000-01-01', branch_id, product_id, revenue, cost FROM moves
      )
      UPDATE product_sales p SET revenue_iqd = x.revenue, cost_iqd = x.cost
        FROM (SELECT grain, period, branch_id, product_id, sum(revenue) AS revenue, sum(cost) AS cost FROM periods
               GROUP BY grain, period, branch_id, product_id) x
       WHERE p.grain = x.grain AND p.period = x.period AND p.branch_id = x.branch_id AND p.product_id::text = x.product_id`);
    await q.query(`
      INSERT INTO tender_takings_daily (day, branch_id, method, currency, taken_minor, payments, refunded_minor, refunds)
      SELECT day, branch_id, 'cash', currency, sum(taken), sum(payments), sum(refunded), sum(refunds) FROM (
        SELECT ${day('s.completed_at')} AS day, s.branch_id, s.currency, s.total_minor AS taken, 1 AS payments, 0 AS refunded, 0 AS refunds
          FROM sales s WHERE s.total_minor <> 0
        UNION ALL
        SELECT ${day('s.voided_at')}, s.branch_id, s.currency, -s.total_minor, -1, 0, 0
          FROM sales s WHERE s.status = 'voided' AND s.voided_at IS NOT NULL AND s.total_minor <> 0
        UNION ALL
        SELECT ${day('r.refunded_at')}, s.branch_id, s.currency, 0, 0, r.amount_minor, 1
          FROM refunds r JOIN sales s ON s.sale_id = r.sale_id WHERE ${counted} AND r.amount_minor <> 0
      ) x GROUP BY day, branch_id, currency`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['tender_takings_daily', 'refund_takings', 'sale_takings']) await q.query(`DROP TABLE ${table}`);
    await q.query(`ALTER TABLE product_sales DROP COLUMN revenue_iqd, DROP COLUMN cost_iqd`);
    await q.query(`ALTER TABLE branch_sales_daily DROP COLUMN sales_iqd, DROP COLUMN cost_iqd`);
    await q.query(`ALTER TABLE expenses DROP COLUMN amount_iqd`);
    await q.query(`ALTER TABLE refund_lines DROP COLUMN amount_iqd`);
    await q.query(`ALTER TABLE refunds DROP COLUMN amount_minor, DROP COLUMN amount_iqd`);
    await q.query(`ALTER TABLE sale_lines DROP COLUMN subtotal_iqd, DROP COLUMN unit_cost_iqd`);
    await q.query(`
      ALTER TABLE sales DROP COLUMN subtotal_minor, DROP COLUMN discount_minor, DROP COLUMN loyalty_discount_minor, DROP COLUMN tax_minor,
        DROP COLUMN total_minor, DROP COLUMN cash_rounding_minor, DROP COLUMN refunded_minor, DROP COLUMN total_iqd, DROP COLUMN refunded_iqd`);
  }
}
