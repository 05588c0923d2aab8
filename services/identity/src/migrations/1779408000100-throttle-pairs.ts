import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Login throttling now counts an account per client address ('pair:…') rather than per account alone;
 * the old account-wide counts would never be read again.
 */
export class ThrottlePairs1779408000100 implements MigrationInterface {
  name = 'ThrottlePairs1779408000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM login_throttle WHERE key LIKE 'account:%'`);
  }

  async down(): Promise<void> {
    // Nothing to restore: counts are short-lived.
  }
}
