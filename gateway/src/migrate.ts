// `migrate`: applies every service's pending migrations, in order, and exits (the cluster's migration job).
// `migrate --wait <service>`: exits once that service's schema has every migration of this build (a pod's init
// container, so a service starts only after the job), or fails after MIGRATE_WAIT_SECONDS.
import { setTimeout as sleep } from 'node:timers/promises';
import type { DynamicModule } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { ServiceName } from '@dukan/contracts';
import { configureLogger, createServiceDataSource, logger, migrate, pendingMigrations, servicePlatformOptionsOf } from '@dukan/platform';
import { loadMigrateConfig, processEnv } from './config.js';
import { SERVICE_MODULES } from './service-modules.js';

const config = loadMigrateConfig();
configureLogger({ level: config.LOG_LEVEL, service: 'migrate' });
const log = logger();

async function withDataSource<T>(
  service: ServiceName,
  register: (env: Record<string, string | undefined>) => DynamicModule,
  use: (ds: DataSource) => Promise<T>,
): Promise<T> {
  const options = servicePlatformOptionsOf(register(processEnv()));
  if (!options) throw new Error(`${service} registers no ServicePlatformModule`);
  const databaseUrl = config[`${service.toUpperCase() as Uppercase<ServiceName>}_DATABASE_URL`] ?? config.DATABASE_URL;
  // Two connections: migrate() holds the lock on one while TypeORM migrates on the other.
  const ds = createServiceDataSource({ service, databaseUrl, poolSize: 2, entities: options.entities, migrations: options.migrations });
  await ds.initialize();
  try {
    return await use(ds);
  } finally {
    await ds.destroy();
  }
}

async function migrateAll(): Promise<void> {
  for (const [service, register] of SERVICE_MODULES) {
    await withDataSource(service, register, (ds) => migrate(ds, service)); // logs what it applied
  }
  log.info({ schemas: SERVICE_MODULES.map(([s]) => s) }, 'every schema is up to date');
}

async function waitFor(name: string | undefined): Promise<void> {
  const entry = SERVICE_MODULES.find(([service]) => service === name);
  if (!entry) throw new Error(`migrate --wait needs a service name: ${SERVICE_MODULES.map(([s]) => s).join(', ')}`);
  const [service, register] = entry;
  const until = Date.now() + config.MIGRATE_WAIT_SECONDS * 1000;
  for (;;) {
    // The database may not answer yet either: that is waited for the same way.
    const pending = await withDataSource(service, register, (ds) => pendingMigrations(ds, service)).catch((e: unknown) => [String(e)]);
    if (pending.length === 0) return log.info({ schema: service }, 'migrations applied');
    if (Date.now() > until)
      throw new Error(`${service}: migrations still pending after ${config.MIGRATE_WAIT_SECONDS} s: ${pending.join(', ')}`);
    log.info({ schema: service, pending }, 'waiting for the migration job');
    await sleep(2000);
  }
}

const [flag, service] = process.argv.slice(2);
try {
  await (flag === '--wait' ? waitFor(service) : migrateAll());
  process.exit(0);
} catch (e) {
  log.error({ err: e }, 'migrate failed');
  process.exit(1);
}
