import pg from 'pg';
import { SERVICES, type ServiceName } from '@dukan/contracts';

export interface ServiceRole {
  service: ServiceName;
  /** Login role name, e.g. 'dukan_catalog'. */
  role: string;
  password: string;
}

/** The role a service connects as in the cluster shape: `${prefix}${service}`. */
export function serviceRoleName(service: ServiceName, prefix = 'dukan_'): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`invalid role prefix ${prefix}`);
  return `${prefix}${service}`;
}

/** `url` with another user and password: the connection string a service is given. */
export function databaseUrlAs(url: string, role: string, password: string): string {
  const u = new URL(url);
  u.username = encodeURIComponent(role);
  u.password = encodeURIComponent(password);
  return u.toString();
}

/**
 * Gives each service of the cluster shape a login role of its own that owns its schema and reaches nothing
 * else: the schema is created for it (or handed over, with everything in it, when it was migrated before
 * under another role), other roles get no access to it, and nobody may create objects in `public`.
 * Needs a connection that may create roles (a superuser, or CREATEROLE and ownership of the database);
 * run once before the services start (start:cluster does it, docker-compose's db-roles job does it).
 * Also creates the extensions migrations need, which a service role may not: pg_trgm for catalog.
 */
export async function provisionServiceRoles(adminUrl: string, roles: readonly ServiceRole[]): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const id = (s: string) => client.escapeIdentifier(s);
    const [{ db }] = (await client.query<{ db: string }>('SELECT current_database() AS db')).rows as [{ db: string }];
    // One provisioning at a time per database (two start-ups at once would race on CREATE ROLE).
    await client.query(`SELECT pg_advisory_lock(hashtext('dukan-roles'))`);
    await client.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`);
    await client.query(`REVOKE CREATE ON SCHEMA public FROM PUBLIC`);
    for (const { service, role, password } of roles) {
      if (!(SERVICES as readonly string[]).includes(service)) throw new Error(`unknown service ${service}`);
      const exists = (await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role])).rowCount;
      await client.query(`${exists ? 'ALTER' : 'CREATE'} ROLE ${id(role)} LOGIN PASSWORD ${client.escapeLiteral(password)}`);
      await client.query(`GRANT CONNECT ON DATABASE ${id(db)} TO ${id(role)}`);
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${id(service)} AUTHORIZATION ${id(role)}`);
      await client.query(`ALTER SCHEMA ${id(service)} OWNER TO ${id(role)}`);
      await client.query(`REVOKE ALL ON SCHEMA ${id(service)} FROM PUBLIC`);
      await client.query(`SELECT set_config('dukan.schema', $1, false), set_config('dukan.owner', $2, false)`, [service, role]);
      await client.query(handOver);
    }
  } finally {
    await client.query(`SELECT pg_advisory_unlock(hashtext('dukan-roles'))`).catch(() => undefined);
    await client.end();
  }
}

/** Everything already in the schema becomes the role's: tables (with their indexes and sequences), then the rest. */
const handOver = `
  DO $$
  DECLARE
    schema_name text := current_setting('dukan.schema');
    owner_name text := current_setting('dukan.owner');
    r record;
  BEGIN
    FOR r IN SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
             WHERE n.nspname = schema_name AND c.relkind IN ('r', 'p', 'v', 'm') AND pg_get_userbyid(c.relowner) <> owner_name LOOP
      EXECUTE format('ALTER %s %I.%I OWNER TO %I',
        CASE r.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END, schema_name, r.relname, owner_name);
    END LOOP;
    FOR r IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
             WHERE n.nspname = schema_name AND c.relkind = 'S' AND pg_get_userbyid(c.relowner) <> owner_name LOOP
      EXECUTE format('ALTER SEQUENCE %I.%I OWNER TO %I', schema_name, r.relname, owner_name);
    END LOOP;
    FOR r IN SELECT p.oid::regprocedure AS routine FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
             WHERE n.nspname = schema_name AND pg_get_userbyid(p.proowner) <> owner_name LOOP
      EXECUTE format('ALTER ROUTINE %s OWNER TO %I', r.routine, owner_name);
    END LOOP;
  END $$`;
