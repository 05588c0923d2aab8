// `migrate`: applies every service's pending migrations, in order, and exits (the cluster's migration job).
// `migrate --wait <service>`: exits once that service's schema has every migration of this build (a pod's init
// container, so a service starts only after the job), or fails after MIGRATE_WAIT_SECONDS.
// `migrate --through FILE`: applies only the migrations FILE names for each schema (a backup's manifest lists them),
// so a backup from an older version is restored into the schema it was taken from, then brought up to date by a
// plain `migrate`. A schema FILE does not name is left alone; a name this build does not know fails it at once.
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DynamicModule } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { ServiceName } from '@dukan/contracts';
import {
  configureLogger,
  createServiceDataSource,
  logger,
  migrate,
  migrationName,
  pendingMigrations,
  schemaMigrations,
  servicePlatformOptionsOf,
} from '@dukan/platform';
import { loadMigrateConfig, processEnv } from './config.js';
import { SERVICE_MODULES } from './service-modules.js';

const config = loadMigrateConfig();
configureLogger({ level: config.LOG_LEVEL, service: 'migrate' });
const log = logger();

type Register = (env: Record<string, string | undefined>) => DynamicModule;

function platformOptions(service: ServiceName, register: Register) {
  const options = servicePlatformOptionsOf(register(processEnv()));
  if (!options) throw new Error(`${service} registers no ServicePlatformModule`);
  return options;
}

async function withDataSource<T>(
  service: ServiceName,
  register: Register,
  use: (ds: DataSource) => Promise<T>,
  through?: string[],
): Promise<T> {
  const options = platformOptions(service, register);
  const databaseUrl = config[`${service.toUpperCase() as Uppercase<ServiceName>}_DATABASE_URL`] ?? config.DATABASE_URL;
  // Two connections: migrate() holds the lock on one while TypeORM migrates on the other.
  const ds = createServiceDataSource({
    service,
    databaseUrl,
    poolSize: 2,
    entities: options.entities,
    migrations: options.migrations,
    through,
  });
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

async function migrateThrough(file: string | undefined): Promise<void> {
  if (!file) throw new Error('migrate --through needs a file naming each schema’s migrations');
  const through = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<ServiceName, string[]>>;
  // Every name is checked before anything is applied: a backup from a newer version changes nothing here.
  for (const [service, register] of SERVICE_MODULES) {
    const known = new Set(schemaMigrations(platformOptions(service, register)).map(migrationName));
    const unknown = (through[service] ?? []).filter((name) => !known.has(name));
    if (unknown.length)
      throw new Error(
        `this backup comes from a newer Dukan (${service} has changes this version does not know: ${unknown.slice(0, 3).join(', ')}): restore it with that version or a later one`,
      );
  }
  for (const [service, register] of SERVICE_MODULES) {
    const names = through[service];
    if (names) await withDataSource(service, register, (ds) => migrate(ds, service), names);
  }
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

const [flag, arg] = process.argv.slice(2);
try {
  await (flag === '--wait' ? waitFor(arg) : flag === '--through' ? migrateThrough(arg) : migrateAll());
  process.exit(0);
} catch (e) {
  log.error({ err: e }, 'migrate failed');
  // The last line of the error output says why, for a caller that reports it (a backup's restore).
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
}
