import { DataSource, type MixedList, type EntitySchema } from 'typeorm';
import type { ServiceName } from '@dukan/contracts';
import { logger } from '../logging/logger.js';
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
}

/** One data source per service, on the service's own schema; nothing else is visible on its search path. */
export function createServiceDataSource(o: ServiceDatabaseOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: o.databaseUrl,
    schema: o.service,
    entities: o.entities,
    migrations: [PlatformTables1767225600000, ...o.migrations],
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    applicationName: `dukan-${o.service}`,
    poolSize: o.poolSize,
    extra: { max: o.poolSize, options: `-c search_path=${o.service}` },
    logging: false,
  });
}

const MIGRATION_LOCK = 'dukan-migrations';

/** Runs pending migrations under a cluster-wide advisory lock, so two processes starting at once take turns. */
export async function migrate(ds: DataSource, service: ServiceName): Promise<string[]> {
  const qr = ds.createQueryRunner();
  await qr.connect();
  try {
    await qr.query(`SELECT pg_advisory_lock(hashtext($1))`, [MIGRATION_LOCK]);
    await qr.query(`CREATE SCHEMA IF NOT EXISTS "${service}"`);
    const done = await ds.runMigrations({ transaction: 'each' });
    if (done.length > 0) logger().info({ service, migrations: done.map((m) => m.name) }, 'migrations applied');
    return done.map((m) => m.name);
  } finally {
    await qr.query(`SELECT pg_advisory_unlock(hashtext($1))`, [MIGRATION_LOCK]).catch(() => undefined);
    await qr.release();
  }
}
