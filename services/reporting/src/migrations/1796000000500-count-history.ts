import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard's counts as they stood at the start of the shop day, whatever order the day's events arrived in:
 * instead of a snapshot taken when the first event of a day happened to arrive, every state a product, a product's
 * stock in a branch, or a user was left in, with the time of the change (kept two days back, and the last one
 * before). The users' states are kept by a trigger, so every write of that replica records one.
 */
export class CountHistory1796000000500 implements MigrationInterface {
  name = 'CountHistory1796000000500';

  async up(q: QueryRunner): Promise<void> {
    // kind: 'p' a product (live = not deleted), 's' its stock in branch_id, 'u' a user (live = active, not deleted).
    await q.query(`
      CREATE TABLE count_history (
        kind "char" NOT NULL,
        id text NOT NULL,
        branch_id text NOT NULL DEFAULT '',
        at timestamptz NOT NULL,
        version integer NOT NULL DEFAULT 0,
        live boolean NOT NULL DEFAULT true,
        reorder_level integer NOT NULL DEFAULT 0,
        quantity integer NOT NULL DEFAULT 0,
        PRIMARY KEY (kind, id, branch_id, at, version)
      )`);
    await q.query(`CREATE INDEX count_history_at ON count_history (at)`);
    // What the replicas hold now, as of when they last changed (a product: when it was made or deleted).
    await q.query(`
      INSERT INTO count_history (kind, id, at, version, live, reorder_level)
      SELECT 'p', product_id, coalesce(deleted_at, created_at), version, deleted_at IS NULL, reorder_level FROM products`);
    await q.query(
      `INSERT INTO count_history (kind, id, branch_id, at, quantity) SELECT 's', product_id, branch_id, as_of, quantity FROM stock`,
    );
    await q.query(
      `INSERT INTO count_history (kind, id, at, live) SELECT 'u', user_id, coalesce(deleted_at, as_of), active AND deleted_at IS NULL FROM users`,
    );
    await q.query(`
      CREATE FUNCTION users_count_history() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        INSERT INTO count_history (kind, id, at, live)
        VALUES ('u', NEW.user_id, coalesce(NEW.deleted_at, NEW.as_of), NEW.active AND NEW.deleted_at IS NULL)
        ON CONFLICT DO NOTHING;
        RETURN NEW;
      END $$`);
    // BEFORE INSERT sees every proposed row of an upsert, also one a newer state already held makes a no-op.
    await q.query(`CREATE TRIGGER users_count_history BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION users_count_history()`);
    await q.query(`DROP TABLE daily_counts`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE daily_counts (day date NOT NULL, metric text NOT NULL CHECK (metric IN ('products', 'lowStock', 'activeUsers')), value integer NOT NULL, PRIMARY KEY (day, metric))`,
    );
    await q.query(`DROP TRIGGER users_count_history ON users`);
    await q.query(`DROP FUNCTION users_count_history()`);
    await q.query(`DROP TABLE count_history`);
  }
}
