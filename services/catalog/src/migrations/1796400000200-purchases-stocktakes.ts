import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stock coming in from suppliers and stock counted: suppliers, purchase orders and their lines, goods receipts (each
 * line a cost batch), supplier invoices and payments (each in its own currency's minor unit), stocktakes with the
 * counts of several people and, per product, the ledger's stock when it was first counted; the reason of a manual
 * stock change on its ledger row. Ledger reason 'counted', ref types 'receipt' and 'stocktake'.
 */
export class PurchasesStocktakes1796400000200 implements MigrationInterface {
  name = 'PurchasesStocktakes1796400000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE stock_movements DROP CONSTRAINT stock_movements_reason_check`);
    await q.query(`ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_reason_check
      CHECK (reason IN ('received', 'sold', 'returned', 'adjusted', 'transferred', 'counted'))`);
    await q.query(`ALTER TABLE stock_movements DROP CONSTRAINT stock_movements_ref_type_check`);
    await q.query(`ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_ref_type_check
      CHECK (ref_type IN ('product', 'sale', 'void', 'refund', 'adjustment', 'transfer', 'receipt', 'stocktake'))`);
    await q.query(`ALTER TABLE stock_movements ADD COLUMN adjustment_reason text
      CHECK (adjustment_reason IN ('damaged', 'expired', 'theft', 'own_use', 'correction'))`);
    // The negative-stock list reads levels below zero in a branch.
    await q.query(`CREATE INDEX stock_levels_negative ON stock_levels (branch_id, product_id) WHERE quantity < 0`);

    await q.query(`
      CREATE TABLE suppliers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name_en text NOT NULL,
        name_ku text NOT NULL DEFAULT '',
        phone text,
        address text,
        notes text,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX suppliers_name ON suppliers (lower(name_en), id)`);

    await q.query(`CREATE SEQUENCE purchase_order_number_seq`);
    await q.query(`
      CREATE TABLE purchase_orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        number text NOT NULL UNIQUE,
        supplier_id uuid NOT NULL REFERENCES suppliers (id),
        branch_id text NOT NULL,
        currency text NOT NULL CHECK (currency IN ('USD', 'IQD')),
        state text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'sent', 'partial', 'received', 'cancelled')),
        note text,
        expected_on date,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        closed_at timestamptz
      )`);
    await q.query(`CREATE INDEX purchase_orders_branch ON purchase_orders (branch_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE purchase_order_lines (
        order_id uuid NOT NULL REFERENCES purchase_orders (id) ON DELETE CASCADE,
        line_no smallint NOT NULL,
        product_id uuid NOT NULL REFERENCES products (id),
        ordered integer NOT NULL CHECK (ordered > 0),
        received integer NOT NULL DEFAULT 0 CHECK (received >= 0),
        unit_cost_minor bigint NOT NULL CHECK (unit_cost_minor >= 0),
        PRIMARY KEY (order_id, line_no),
        UNIQUE (order_id, product_id)
      )`);

    await q.query(`CREATE SEQUENCE goods_receipt_number_seq`);
    await q.query(`
      CREATE TABLE goods_receipts (
        id uuid PRIMARY KEY,
        number text NOT NULL UNIQUE,
        order_id uuid REFERENCES purchase_orders (id),
        supplier_id uuid REFERENCES suppliers (id),
        branch_id text NOT NULL,
        currency text NOT NULL CHECK (currency IN ('USD', 'IQD')),
        exchange_rate numeric(12, 4) CHECK (exchange_rate > 0),
        note text,
        idempotency_key text UNIQUE,
        request_hash text,
        received_by uuid,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX goods_receipts_branch ON goods_receipts (branch_id, received_at DESC)`);
    await q.query(`CREATE INDEX goods_receipts_order ON goods_receipts (order_id)`);
    await q.query(`
      CREATE TABLE goods_receipt_lines (
        receipt_id uuid NOT NULL REFERENCES goods_receipts (id),
        line_no integer NOT NULL,
        product_id uuid NOT NULL REFERENCES products (id),
        quantity integer NOT NULL CHECK (quantity > 0),
        unit_cost_minor bigint NOT NULL CHECK (unit_cost_minor >= 0),
        unit_cost_cents integer NOT NULL CHECK (unit_cost_cents >= 0),
        PRIMARY KEY (receipt_id, line_no)
      )`);

    await q.query(`
      CREATE TABLE supplier_invoices (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        supplier_id uuid NOT NULL REFERENCES suppliers (id),
        branch_id text NOT NULL,
        number text NOT NULL,
        order_id uuid REFERENCES purchase_orders (id),
        currency text NOT NULL CHECK (currency IN ('USD', 'IQD')),
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        paid_minor bigint NOT NULL DEFAULT 0 CHECK (paid_minor >= 0 AND paid_minor <= amount_minor),
        issued_on date NOT NULL,
        due_on date NOT NULL CHECK (due_on >= issued_on),
        note text,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (supplier_id, number)
      )`);
    await q.query(`CREATE INDEX supplier_invoices_open ON supplier_invoices (branch_id, due_on) WHERE paid_minor < amount_minor`);
    await q.query(`
      CREATE TABLE supplier_payments (
        id uuid PRIMARY KEY,
        invoice_id uuid NOT NULL REFERENCES supplier_invoices (id),
        supplier_id uuid NOT NULL REFERENCES suppliers (id),
        branch_id text NOT NULL,
        currency text NOT NULL CHECK (currency IN ('USD', 'IQD')),
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        source text NOT NULL CHECK (source IN ('bank', 'drawer')),
        register_id text,
        note text,
        idempotency_key text UNIQUE,
        request_hash text,
        paid_by uuid,
        paid_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((source = 'drawer') = (register_id IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX supplier_payments_invoice ON supplier_payments (invoice_id, paid_at)`);

    await q.query(`CREATE SEQUENCE stocktake_number_seq`);
    await q.query(`
      CREATE TABLE stocktakes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        number text NOT NULL UNIQUE,
        branch_id text NOT NULL,
        state text NOT NULL DEFAULT 'counting' CHECK (state IN ('counting', 'approved', 'cancelled')),
        category_ids uuid[] NOT NULL DEFAULT '{}',
        note text,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        approved_by uuid,
        approved_at timestamptz,
        cancelled_at timestamptz
      )`);
    await q.query(`CREATE INDEX stocktakes_branch ON stocktakes (branch_id, created_at DESC)`);
    // One line per product counted: the sum of everyone's counts, and the ledger's stock when it was first counted.
    await q.query(`
      CREATE TABLE stocktake_lines (
        stocktake_id uuid NOT NULL REFERENCES stocktakes (id),
        product_id uuid NOT NULL REFERENCES products (id),
        counted integer NOT NULL CHECK (counted >= 0),
        expected integer NOT NULL,
        first_counted_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        last_counted_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (stocktake_id, product_id)
      )`);
    // Every count as it was given, by whom: the lines are their sums.
    await q.query(`
      CREATE TABLE stocktake_counts (
        id bigserial PRIMARY KEY,
        stocktake_id uuid NOT NULL REFERENCES stocktakes (id),
        product_id uuid NOT NULL REFERENCES products (id),
        quantity integer NOT NULL,
        counted_by uuid,
        counted_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX stocktake_counts_take ON stocktake_counts (stocktake_id, product_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE stocktake_counts, stocktake_lines, stocktakes`);
    await q.query(
      `DROP TABLE supplier_payments, supplier_invoices, goods_receipt_lines, goods_receipts, purchase_order_lines, purchase_orders`,
    );
    await q.query(`DROP TABLE suppliers`);
    await q.query(`DROP SEQUENCE stocktake_number_seq, goods_receipt_number_seq, purchase_order_number_seq`);
    await q.query(`DROP INDEX stock_levels_negative`);
    const gone = `SELECT id FROM stock_movements WHERE reason = 'counted' OR ref_type IN ('receipt', 'stocktake')`;
    await q.query(`DELETE FROM cost_batches WHERE movement_id IN (${gone})`);
    await q.query(`DELETE FROM stock_movements WHERE id IN (${gone})`);
    await q.query(`ALTER TABLE stock_movements DROP COLUMN adjustment_reason`);
    await q.query(`ALTER TABLE stock_movements DROP CONSTRAINT stock_movements_reason_check`);
    await q.query(`ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_reason_check
      CHECK (reason IN ('received', 'sold', 'returned', 'adjusted', 'transferred'))`);
    await q.query(`ALTER TABLE stock_movements DROP CONSTRAINT stock_movements_ref_type_check`);
    await q.query(`ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_ref_type_check
      CHECK (ref_type IN ('product', 'sale', 'void', 'refund', 'adjustment', 'transfer'))`);
  }
}
