import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { ServiceName } from '@dukan/contracts';
import { configureLogger, createServiceDataSource, databaseUrlAs, migrate, provisionServiceRoles, serviceRoleName } from '@dukan/platform';
import { createTestDatabase, dropRoles, uniqueName, type TestDatabase } from '@dukan/testing';

configureLogger({ level: 'silent', service: 'test' });

class AddNote1767225601000 implements MigrationInterface {
  name = 'AddNote1767225601000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox ADD COLUMN note text`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox DROP COLUMN note`);
  }
}

let db: TestDatabase;
const prefix = `${uniqueName('roles')}_`;
const roles = (['settings', 'sales'] as ServiceName[]).map((service) => ({
  service,
  role: serviceRoleName(service, prefix),
  password: randomBytes(12).toString('hex'),
}));
const urlOf = (service: ServiceName) => {
  const r = roles.find((x) => x.service === service)!;
  return databaseUrlAs(db.url, r.role, r.password);
};

async function migrated(service: ServiceName, url: string, migrations: Function[] = []) {
  const ds = createServiceDataSource({ service, databaseUrl: url, poolSize: 2, entities: [], migrations });
  await ds.initialize();
  await migrate(ds, service);
  return ds;
}

beforeAll(async () => {
  db = await createTestDatabase('roles');
  // A database from before roles: settings' schema made and migrated by the administrator.
  await (await migrated('settings', db.url)).destroy();
  await provisionServiceRoles(db.url, roles);
  await provisionServiceRoles(db.url, roles); // again, as every start:cluster does: nothing breaks
}, 60_000);
afterAll(async () => {
  await db.drop();
  await dropRoles(roles.map((r) => r.role));
});

it('hands a schema migrated before to its role, which then runs its later migrations and writes there', async () => {
  const ds = await migrated('settings', urlOf('settings'), [AddNote1767225601000]);
  try {
    await ds.query(`INSERT INTO outbox (id, type, branch_id, data, note) VALUES (gen_random_uuid(), 't', 'main', '{}', 'mine')`);
    const [{ owner }] = await ds.query(`SELECT tableowner AS owner FROM pg_tables WHERE schemaname = 'settings' AND tablename = 'outbox'`);
    expect(owner).toBe(roles[0]!.role);
  } finally {
    await ds.destroy();
  }
});

it('a new service migrates its own, empty schema under its role, and reaches no other schema', async () => {
  await (await migrated('sales', urlOf('sales'))).destroy();
  const c = new pg.Client({ connectionString: urlOf('sales') });
  await c.connect();
  try {
    const attempt = (sql: string) =>
      c.query(sql).then(
        () => 'allowed',
        (e: { code?: string }) => e.code,
      );
    expect(await attempt('SELECT count(*) FROM sales.outbox')).toBe('allowed');
    expect(await attempt('SELECT count(*) FROM settings.outbox')).toBe('42501');
    expect(await attempt('CREATE TABLE public.stash (x int)')).toBe('42501');
  } finally {
    await c.end();
  }
});
