import type { MigrationInterface, QueryRunner } from 'typeorm';
import { CURRENCIES, EXPENSE_CATEGORIES, EXPENSE_PAYMENT_METHODS, EXPENSE_STATUSES, RECURRING_FREQUENCIES } from '@dukan/contracts';

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * Expenses and their status history, the replicas of users (creator names) and of the shop's settings (time zone,
 * exchange rate). Money in integer minor units: the amount in its currency's, the base amount in USD cents.
 */
export class ExpensesInit1767225600600 implements MigrationInterface {
  name = 'ExpensesInit1767225600600';

  async up(q: QueryRunner): Promise<void> {
    // pg_trgm may already exist in another service's schema (one per database); else put it in public,
    // or in our schema where public is closed to us. Its operator class is then named with its schema.
    await q.query(`
      DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
          BEGIN
            CREATE EXTENSION pg_trgm SCHEMA public;
          EXCEPTION WHEN insufficient_privilege OR invalid_schema_name THEN
            CREATE EXTENSION pg_trgm;
          END;
        END IF;
      END $$`);
    const [{ schema }] = (await q.query(
      `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
    )) as { schema: string }[];

    // What the list's search looks in; array_to_string is only STABLE in general, but IMMUTABLE on text[].
    await q.query(`
      CREATE FUNCTION expense_search_text(number text, title text, vendor text, description text, tags text[])
      RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $fn$ SELECT lower(number || ' ' || title || ' ' || coalesce(vendor, '') || ' ' || coalesce(description, '') || ' ' || array_to_string(tags, ' ')) $fn$`);

    await q.query(`CREATE SEQUENCE expense_number_seq`);
    await q.query(`
      CREATE TABLE expenses (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        expense_number text NOT NULL DEFAULT ('EXP-' || lpad(nextval('expense_number_seq')::text, 6, '0')),
        branch_id text NOT NULL,
        title text NOT NULL CHECK (btrim(title) <> ''),
        description text,
        category text NOT NULL CHECK (category IN (${list(EXPENSE_CATEGORIES)})),
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        currency text NOT NULL CHECK (currency IN (${list(CURRENCIES)})),
        exchange_rate numeric(14, 4) NOT NULL CHECK (exchange_rate > 0),
        base_cents bigint NOT NULL CHECK (base_cents >= 0),
        payment_method text NOT NULL CHECK (payment_method IN (${list(EXPENSE_PAYMENT_METHODS)})),
        bank_name text,
        account_number text,
        check_number text,
        card_last4 text CHECK (card_last4 ~ '^[0-9]{4}$'),
        payment_reference text,
        vendor_name text,
        vendor_phone text,
        vendor_email text,
        vendor_address text,
        receipt_url text,
        expense_date date NOT NULL,
        department text,
        tags text[] NOT NULL DEFAULT '{}',
        notes text,
        -- A recurring expense: its schedule counts due days from the anchor; next_due_date is the next one owed.
        recurring_frequency text CHECK (recurring_frequency IN (${list(RECURRING_FREQUENCIES)})),
        recurring_anchor date,
        recurring_index integer NOT NULL DEFAULT 0 CHECK (recurring_index >= 0),
        next_due_date date,
        recurring_end_date date,
        -- An occurrence a recurring expense created, and the due day it was created for.
        recurrence_source_id uuid REFERENCES expenses (id),
        occurrence_date date,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN (${list(EXPENSE_STATUSES)})),
        rejection_reason text,
        created_by uuid NOT NULL,
        created_by_username text NOT NULL,
        version integer NOT NULL DEFAULT 1,
        deleted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        search_text text GENERATED ALWAYS AS (expense_search_text(expense_number, title, vendor_name, description, tags)) STORED,
        CHECK ((recurring_frequency IS NULL) = (next_due_date IS NULL) AND (recurring_frequency IS NULL) = (recurring_anchor IS NULL)),
        CHECK ((recurrence_source_id IS NULL) = (occurrence_date IS NULL)),
        CHECK (status <> 'rejected' OR rejection_reason IS NOT NULL)
      )`);
    await q.query(`CREATE UNIQUE INDEX expenses_number ON expenses (expense_number)`);
    // Exactly one occurrence per recurring expense and due day, whoever creates it and however often they try;
    // not partial, so a deleted occurrence is not created again either.
    await q.query(`CREATE UNIQUE INDEX expenses_one_occurrence ON expenses (recurrence_source_id, occurrence_date)`);
    // The list: newest first, optionally by status or category; the summary: by date range.
    await q.query(
      `CREATE INDEX expenses_by_date ON expenses (branch_id, expense_date DESC, created_at DESC, id DESC) WHERE deleted_at IS NULL`,
    );
    await q.query(
      `CREATE INDEX expenses_by_status ON expenses (branch_id, status, expense_date DESC, created_at DESC, id DESC) WHERE deleted_at IS NULL`,
    );
    await q.query(
      `CREATE INDEX expenses_by_category ON expenses (branch_id, category, expense_date DESC, created_at DESC, id DESC) WHERE deleted_at IS NULL`,
    );
    await q.query(`CREATE INDEX expenses_search ON expenses USING gin (search_text "${schema}".gin_trgm_ops) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX expenses_due ON expenses (next_due_date) WHERE recurring_frequency IS NOT NULL AND deleted_at IS NULL`);

    // Totals per branch, day, status and category, kept by the database itself in the statement that changes an
    // expense: the summary and the list's unsearched counts read a few hundred rows instead of every expense.
    await q.query(`
      CREATE TABLE expense_totals (
        branch_id text NOT NULL,
        day date NOT NULL,
        status text NOT NULL,
        category text NOT NULL,
        count integer NOT NULL,
        cents bigint NOT NULL,
        PRIMARY KEY (branch_id, day, status, category)
      )`);
    await q.query(`
      CREATE FUNCTION expense_totals_follow() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
      BEGIN
        -- What the statement removed (old rows) and added (new rows), netted per key, applied in key order.
        IF TG_OP = 'INSERT' THEN
          INSERT INTO expense_totals AS t (branch_id, day, status, category, count, cents)
          SELECT branch_id, expense_date, status, category, count(*), sum(base_cents) FROM new_rows WHERE deleted_at IS NULL
           GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
          ON CONFLICT (branch_id, day, status, category) DO UPDATE SET count = t.count + EXCLUDED.count, cents = t.cents + EXCLUDED.cents;
        ELSIF TG_OP = 'DELETE' THEN
          UPDATE expense_totals t SET count = t.count - d.n, cents = t.cents - d.cents
            FROM (SELECT branch_id, expense_date, status, category, count(*) AS n, sum(base_cents) AS cents FROM old_rows
                   WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4) d
           WHERE (t.branch_id, t.day, t.status, t.category) = (d.branch_id, d.expense_date, d.status, d.category);
        ELSE
          INSERT INTO expense_totals AS t (branch_id, day, status, category, count, cents)
          SELECT branch_id, expense_date, status, category, sum(n), sum(cents) FROM (
                   SELECT branch_id, expense_date, status, category, -1 AS n, -base_cents AS cents FROM old_rows WHERE deleted_at IS NULL
                   UNION ALL
                   SELECT branch_id, expense_date, status, category, 1, base_cents FROM new_rows WHERE deleted_at IS NULL) d
           GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(cents) <> 0 ORDER BY 1, 2, 3, 4
          ON CONFLICT (branch_id, day, status, category) DO UPDATE SET count = t.count + EXCLUDED.count, cents = t.cents + EXCLUDED.cents;
        END IF;
        RETURN NULL;
      END $fn$`);
    await q.query(`CREATE TRIGGER expense_totals_insert AFTER INSERT ON expenses REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION expense_totals_follow()`);
    await q.query(`CREATE TRIGGER expense_totals_update AFTER UPDATE ON expenses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION expense_totals_follow()`);
    await q.query(`CREATE TRIGGER expense_totals_delete AFTER DELETE ON expenses REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION expense_totals_follow()`);

    await q.query(`
      CREATE TABLE expense_status_history (
        id bigserial PRIMARY KEY,
        expense_id uuid NOT NULL REFERENCES expenses (id),
        from_status text,
        to_status text NOT NULL,
        reason text,
        changed_by uuid,
        changed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX expense_status_history_expense ON expense_status_history (expense_id, id)`);

    // Replicas fed by identity's and settings' events; as_of keeps an older event from undoing a newer one.
    await q.query(`
      CREATE TABLE users (
        user_id uuid PRIMARY KEY,
        username text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        deleted_at timestamptz,
        as_of timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE shop_settings (
        id integer PRIMARY KEY CHECK (id = 1),
        time_zone text NOT NULL,
        exchange_rate numeric(14, 4) NOT NULL,
        as_of timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['shop_settings', 'users', 'expense_status_history', 'expenses', 'expense_totals'])
      await q.query(`DROP TABLE ${table}`);
    await q.query(`DROP FUNCTION expense_totals_follow()`);
    await q.query(`DROP SEQUENCE expense_number_seq`);
    await q.query(`DROP FUNCTION expense_search_text(text, text, text, text, text[])`);
  }
}
