import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A chain's per-branch prices and its stock transfers between branches. A cleared price keeps its row (price
 * null) so its version goes on rising; a transfer's lines carry the sending branch's average cost.
 */
export class BranchPricesTransfers1795824000200 implements MigrationInterface {
  name = 'BranchPricesTransfers1795824000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE branch_prices (
        product_id uuid NOT NULL REFERENCES products (id),
        branch_id text NOT NULL,
        price_cents integer CHECK (price_cents >= 0),
        version integer NOT NULL DEFAULT 1,
        actor_id uuid,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (product_id, branch_id)
      )`);
    // A cached till list of the branch is stale once its prices change.
    await q.query(
      `CREATE TRIGGER branch_prices_bump_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON branch_prices
       FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_revision()`,
    );

    await q.query(`ALTER TABLE stock_movements DROP CONSTRAINT stock_movements_reason_check`);
    await q.query(`ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_reason_check
      CHECK (reason IN ('received', 'sold', 'returned', 'adjusted', 'transferred'))`);
    await q.query(`ALTER TABLE stock_movements DROP CONSTRAINT stock_movements_ref_type_check`);
    await q.query(`ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_ref_type_check
      CHECK (ref_type IN ('product', 'sale', 'void', 'refund', 'adjustment', 'transfer'))`);

    await q.query(`CREATE SEQUENCE transfer_number_seq`);
    await q.query(`
      CREATE TABLE transfers (
        id uuid PRIMARY KEY,
        number text NOT NULL UNIQUE,
        from_branch text NOT NULL,
        to_branch text NOT NULL CHECK (to_branch <> from_branch),
        state text NOT NULL DEFAULT 'in_transit' CHECK (state IN ('in_transit', 'received', 'short')),
        note text,
        receive_note text,
        idempotency_key text UNIQUE,
        request_hash text,
        sent_by uuid,
        received_by uuid,
        sent_at timestamptz NOT NULL DEFAULT now(),
        received_at timestamptz
      )`);
    await q.query(`CREATE INDEX transfers_from ON transfers (from_branch, sent_at DESC)`);
    await q.query(`CREATE INDEX transfers_to ON transfers (to_branch, sent_at DESC)`);
    await q.query(`
      CREATE TABLE transfer_lines (
        transfer_id uuid NOT NULL REFERENCES transfers (id),
        line_no smallint NOT NULL,
        product_id uuid NOT NULL REFERENCES products (id),
        sent integer NOT NULL CHECK (sent > 0),
        received integer CHECK (received >= 0 AND received <= sent),
        unit_cost_cents integer NOT NULL CHECK (unit_cost_cents >= 0),
        PRIMARY KEY (transfer_id, line_no),
        UNIQUE (transfer_id, product_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE transfer_lines, transfers, branch_prices`);
    await q.query(`DROP SEQUENCE transfer_number_seq`);
    await q.query(`DELETE FROM stock_movements WHERE reason = 'transferred'`);
    await q.query(`ALTER TABLE stock_movements DROP CONSTRAINT stock_movements_reason_check`);
    await q.query(
      `ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_reason_check CHECK (reason IN ('received', 'sold', 'returned', 'adjusted'))`,
    );
    await q.query(`ALTER TABLE stock_movements DROP CONSTRAINT stock_movements_ref_type_check`);
    await q.query(
      `ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_ref_type_check CHECK (ref_type IN ('product', 'sale', 'void', 'refund', 'adjustment'))`,
    );
  }
}
