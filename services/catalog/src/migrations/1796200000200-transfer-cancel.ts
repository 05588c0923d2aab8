import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A transfer in transit may be cancelled by the branch that sent it: a fourth state, with who and when. */
export class TransferCancel1796200000200 implements MigrationInterface {
  name = 'TransferCancel1796200000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE transfers ADD COLUMN cancelled_by uuid, ADD COLUMN cancelled_at timestamptz`);
    await q.query(`ALTER TABLE transfers DROP CONSTRAINT transfers_state_check`);
    await q.query(
      `ALTER TABLE transfers ADD CONSTRAINT transfers_state_check CHECK (state IN ('in_transit', 'received', 'short', 'cancelled'))`,
    );
    // A transfer ends one way only: received (in full or short) or cancelled, never both.
    await q.query(`ALTER TABLE transfers ADD CONSTRAINT transfers_one_ending CHECK (received_at IS NULL OR cancelled_at IS NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE transfers DROP CONSTRAINT transfers_one_ending`);
    await q.query(`ALTER TABLE transfers DROP CONSTRAINT transfers_state_check`);
    // A cancelled transfer's units are back in the sending branch; it reads as received nowhere.
    await q.query(`DELETE FROM transfer_lines WHERE transfer_id IN (SELECT id FROM transfers WHERE state = 'cancelled')`);
    await q.query(`DELETE FROM transfers WHERE state = 'cancelled'`);
    await q.query(`ALTER TABLE transfers ADD CONSTRAINT transfers_state_check CHECK (state IN ('in_transit', 'received', 'short'))`);
    await q.query(`ALTER TABLE transfers DROP COLUMN cancelled_by, DROP COLUMN cancelled_at`);
  }
}
