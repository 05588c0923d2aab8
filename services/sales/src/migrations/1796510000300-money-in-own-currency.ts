import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A sale's money exact in its own currency (cents, or whole dinars) beside the USD-cents figures kept for reporting;
 * its tenders, each in the currency it was handed over in; its change and cash rounding; a price in USD or IQD; the
 * shop's dinar cash-rounding step. Sales made before keep the dinar figures they showed (derived from cents then).
 */
export class MoneyInOwnCurrency1796510000300 implements MigrationInterface {
  name = 'MoneyInOwnCurrency1796510000300';

  async up(q: QueryRunner): Promise<void> {
    // What a sale showed in dinars before: cents x rate / 100, half up.
    const inSale = (col: string) => `CASE WHEN currency = 'IQD' THEN round(${col}::numeric * exchange_rate / 100) ELSE ${col} END`;
    await q.query(`
      ALTER TABLE sales
        ADD COLUMN subtotal_minor bigint, ADD COLUMN discount_minor bigint, ADD COLUMN loyalty_discount_minor bigint,
        ADD COLUMN tax_minor bigint, ADD COLUMN total_minor bigint, ADD COLUMN tendered_minor bigint,
        ADD COLUMN change_currency text CHECK (change_currency IN ('USD', 'IQD')), ADD COLUMN change_minor bigint CHECK (change_minor >= 0),
        ADD COLUMN cash_rounding_minor bigint NOT NULL DEFAULT 0, ADD COLUMN refunded_minor bigint NOT NULL DEFAULT 0`);
    await q.query(`
      UPDATE sales SET subtotal_minor = ${inSale('subtotal_cents')}, discount_minor = ${inSale('discount_cents')},
             loyalty_discount_minor = ${inSale('loyalty_discount_cents')}, tax_minor = ${inSale('tax_cents')},
             total_minor = ${inSale('total_cents')}, tendered_minor = ${inSale('tendered_cents')}, change_currency = currency,
             refunded_minor = ${inSale('refunded_cents')}`);
    await q.query(
      `UPDATE sales SET change_minor = CASE WHEN currency = 'IQD' THEN greatest(0, tendered_minor - total_minor) ELSE change_cents END`,
    );
    await q.query(`
      ALTER TABLE sales ALTER COLUMN subtotal_minor SET NOT NULL, ALTER COLUMN discount_minor SET NOT NULL,
        ALTER COLUMN loyalty_discount_minor SET NOT NULL, ALTER COLUMN tax_minor SET NOT NULL, ALTER COLUMN total_minor SET NOT NULL,
        ALTER COLUMN tendered_minor SET NOT NULL, ADD CONSTRAINT sales_total_minor_check CHECK (total_minor >= 0)`);

    const lineInSale = (col: string) =>
      `CASE WHEN s.currency = 'IQD' THEN round(l.${col}::numeric * s.exchange_rate / 100) ELSE l.${col} END`;
    await q.query(`
      ALTER TABLE sale_lines ADD COLUMN unit_price_minor bigint, ADD COLUMN discount_minor bigint, ADD COLUMN subtotal_minor bigint,
        ADD COLUMN net_minor bigint, ADD COLUMN refunded_minor bigint NOT NULL DEFAULT 0`);
    await q.query(`
      UPDATE sale_lines l SET unit_price_minor = ${lineInSale('unit_price_cents')}, discount_minor = ${lineInSale('discount_cents')},
             subtotal_minor = ${lineInSale('subtotal_cents')}, net_minor = ${lineInSale('net_cents')},
             refunded_minor = ${lineInSale('refunded_cents')}
        FROM sales s WHERE s.id = l.sale_id`);
    await q.query(`
      ALTER TABLE sale_lines ALTER COLUMN unit_price_minor SET NOT NULL, ALTER COLUMN discount_minor SET NOT NULL,
        ALTER COLUMN subtotal_minor SET NOT NULL, ALTER COLUMN net_minor SET NOT NULL`);

    await q.query(`ALTER TABLE refunds ADD COLUMN amount_minor bigint, ADD COLUMN cash_rounding_minor bigint NOT NULL DEFAULT 0`);
    await q.query(`
      UPDATE refunds r SET amount_minor = CASE WHEN s.currency = 'IQD' THEN round(r.amount_cents::numeric * s.exchange_rate / 100) ELSE r.amount_cents END
        FROM sales s WHERE s.id = r.sale_id`);
    await q.query(`ALTER TABLE refunds ALTER COLUMN amount_minor SET NOT NULL`);

    // One row per tender, in the order handed over; amounts in the tender's own currency.
    await q.query(`
      CREATE TABLE sale_tenders (
        sale_id uuid NOT NULL REFERENCES sales (id) DEFERRABLE INITIALLY DEFERRED, -- written in the sale's statement
        seq smallint NOT NULL,
        method text NOT NULL CHECK (method IN ('cash', 'card', 'transfer', 'account')),
        currency text NOT NULL CHECK (currency IN ('USD', 'IQD')),
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        PRIMARY KEY (sale_id, seq)
      )`);
    await q.query(`
      INSERT INTO sale_tenders (sale_id, seq, method, currency, amount_minor)
      SELECT id, 1, 'cash', currency, tendered_minor FROM sales WHERE tendered_minor > 0`);

    await q.query(
      `ALTER TABLE product_prices ADD COLUMN price_currency text NOT NULL DEFAULT 'USD' CHECK (price_currency IN ('USD', 'IQD'))`,
    );
    await q.query(`ALTER TABLE product_prices ADD COLUMN price_minor bigint`);
    await q.query(`ALTER TABLE shop_settings ADD COLUMN iqd_cash_rounding integer NOT NULL DEFAULT 1`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE shop_settings DROP COLUMN iqd_cash_rounding`);
    await q.query(`ALTER TABLE product_prices DROP COLUMN price_minor, DROP COLUMN price_currency`);
    await q.query(`DROP TABLE sale_tenders`);
    await q.query(`ALTER TABLE refunds DROP COLUMN amount_minor, DROP COLUMN cash_rounding_minor`);
    await q.query(`
      ALTER TABLE sale_lines DROP COLUMN unit_price_minor, DROP COLUMN discount_minor, DROP COLUMN subtotal_minor,
        DROP COLUMN net_minor, DROP COLUMN refunded_minor`);
    await q.query(`
      ALTER TABLE sales DROP COLUMN subtotal_minor, DROP COLUMN discount_minor, DROP COLUMN loyalty_discount_minor,
        DROP COLUMN tax_minor, DROP COLUMN total_minor, DROP COLUMN tendered_minor, DROP COLUMN change_currency,
        DROP COLUMN change_minor, DROP COLUMN cash_rounding_minor, DROP COLUMN refunded_minor`);
  }
}
