import type { MigrationInterface, QueryRunner } from 'typeorm';
import { SEARCH_NORM_FUNCTION, trigramOps } from '@dukan/platform';

/** Staff are searched on a folded, indexed text (username, names, email), Kurdish typed on either keyboard. */
export class UserSearch1796500000100 implements MigrationInterface {
  name = 'UserSearch1796500000100';

  async up(q: QueryRunner): Promise<void> {
    const ops = await trigramOps(q);
    await q.query(SEARCH_NORM_FUNCTION);
    await q.query(`
      ALTER TABLE users ADD COLUMN search_text text
        GENERATED ALWAYS AS (search_norm(username || ' ' || first_name || ' ' || last_name || ' ' || email)) STORED`);
    await q.query(`CREATE INDEX users_search ON users USING gin (search_text ${ops}) WHERE deleted_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX users_search`);
    await q.query(`ALTER TABLE users DROP COLUMN search_text`);
    await q.query(`DROP FUNCTION search_norm(text)`);
  }
}
