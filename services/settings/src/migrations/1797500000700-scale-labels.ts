import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The shop's scale-label rule (ScaleLabelRule as JSON); null: the default, labels off. */
export class ScaleLabels1797500000700 implements MigrationInterface {
  name = 'ScaleLabels1797500000700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE general_settings ADD COLUMN scale_label jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE general_settings DROP COLUMN scale_label`);
  }
}
