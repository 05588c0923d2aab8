import type { EventEmitter } from 'node:events';
import { DataSource, type MixedList, type EntitySchema } from 'typeorm';
import type { ServiceName } from '@dukan/contracts';
import { logger } from '../logging/logger.js';
import { OutboxLanes1795478400100 } from './outbox-lanes.migration.js';
import { ParkedEvents1795478400000 } from './parked-events.migration.js';
import { PlatformTables1767225600000 } from './platform-tables.migration.js';

// TypeORM's own option types for entity and migration lists.
export type EntityList = MixedList<Function | string | EntitySchema>;
export type MigrationList = MixedList<Function | string>;

export interface ServiceDatabaseOptions {
  service: ServiceName;
  databaseUrl: string;
  poolSize: number;
  entities: Function[];
  migrations: Function[];
  /** Only these migrations (by name), as a backup from an older version recorded them; every one by default. */
  through?: readonly string[];
}

/** A migration's name as TypeORM records it: its `name`, else its class's. */
export function migrationName(migration: Function): string {
  return new (migration as new () => { name?: string })().name ?? migration.name;
}

/** Every migration of a service's schema, in order: the platform's tables first, then the service's own. */
export function schemaMigrations(service: Pick<ServiceDatabaseOptions, 'migrations'>): Function[] {
  return [PlatformTables1767225600000, ParkedEvents1795478400000, OutboxLanes1795478400100, ...service.migrations];
}

/** One data source per service, on the service's own schema; nothing else is visible on its search path. */
export function createServiceDataSource(o: ServiceDatabaseOptions): DataSource {
  const through = o.through;
  return new DataSource({
    type: 'postgres',
    url: o.databaseUrl,
    schema: o.service,
    entities: o.entities,
    migrations: through ? schemaMigrations(o).filter((m) => through.includes(migrationName(m))) : schemaMigrations(o),
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    applicationName: `dukan-${o.service}`,
    poolSize: o.poolSize,
    extra: { max: o.poolSize, options: `-c search_path=${o.service}` },
    logging: false,
  });
}

/**
 * Gives every connection of the data source's pool an error listener for its whole life. node-postgres leaves a
 * client without one while it is checked out, and a server that ends the connection (a restart, a cut, an idle
 * timeout) while no query runs on it then raises an 'error' nobody hears, which ends the process. Here it is
 * only logged: the client is unusable, and the pool and TypeORM drop it at its next use or release.
 */
export function guardConnections(ds: DataSource, service: ServiceName): void {
  const pool = (ds.driver as unknown as { master?: EventEmitter & { _clients?: EventEmitter[] } }).master;
  if (!pool) return;
  const guard = (client: EventEmitter) => {
    client.on('error', (err: unknown) => logger().debug({ err, service }, 'a database connection ended'));
  };
  pool.on('connect', guard);
  for (const client of pool._clients ?? []) guard(client);
}

const MIGRATION_LOCK = 'dukan-migrations';

/** Runs pending migrations under a cluster-wide advisory lock, so two processes starting at once take turns. */
export async function migrate(ds: DataSource, service: ServiceName): Promise<string[]> {
  const qr = ds.createQueryRunner();
  await qr.connect();
  try {
    await qr.query(`SELECT pg_advisory_lock(hashtext($1))`, [MIGRATION_LOCK]);
    // A service's own role may not create schemas: in the cluster shape its schema was made for it.
    const exists = (await qr.query(`SELECT 1 FROM pg_namespace WHERE nspname = $1`, [service])).length > 0;
    if (!exists) await qr.query(`CREATE SCHEMA "${service}"`);
    const done = await ds.runMigrations({ transaction: 'each' });
    if (done.length > 0) logger().info({ service, migrations: done.map((m) => m.name) }, 'migrations applied');
    return done.map((m) => m.name);
  } finally {
    await qr.query(`SELECT pg_advisory_unlock(hashtext($1))`, [MIGRATION_LOCK]).catch(() => undefined);
    await qr.release();
  }
}

/** Names of the data source's migrations its schema has not recorded yet (all of them before the first). */
export async function pendingMigrations(ds: DataSource, service: ServiceName): Promise<string[]> {
  const known = ds.migrations.map((m) => m.name ?? m.constructor.name);
  const [{ found }] = (await ds.query(`SELECT to_regclass($1) AS found`, [`"${service}".migrations`])) as [{ found: string | null }];
  if (!found) return known;
  const done = new Set(((await ds.query(`SELECT name FROM "${service}".migrations`)) as { name: string }[]).map((r) => r.name));
  return known.filter((name) => !done.has(name));
}
