import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A sale is written by one statement (its row, lines, tenders, shift entries, event and stored answer). A statement
 * cannot stop itself on what it finds (no shift open where the shop needs one, the key taken meanwhile): it calls this,
 * which fails it with SQLSTATE DK001 and the reason as message, and nothing of the sale is written.
 */
export class RefuseSale1797700000300 implements MigrationInterface {
  name = 'RefuseSale1797700000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION refuse_sale(reason text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
      BEGIN
        RAISE EXCEPTION USING ERRCODE = 'DK001', MESSAGE = reason;
      END
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION refuse_sale(text)`);
  }
}
