import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseConfig, platformConfigSchema } from '@dukan/platform';
import type { ServiceName } from '@dukan/contracts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The gateway's settings; in the all-in-one shape it also hands the environment to every service's own config. */
export const gatewayConfigSchema = platformConfigSchema.extend({
  DATABASE_URL: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(5000),
  /** The edge listens on every interface: tills on the shop's network reach it. */
  HOST: z.string().min(1).default('0.0.0.0'),
  /**
   * Express 'trust proxy' for a reverse proxy in front of Dukan (e.g. 'loopback', its address, or a hop count):
   * whose X-Forwarded-For names the client. Unset: nobody's, the client is the socket's peer.
   */
  TRUST_PROXY: z.string().min(1).optional(),
  DUKAN_MODE: z.enum(['all-in-one', 'cluster']).default('all-in-one'),
  /**
   * 'true': listen with SO_REUSEPORT, so several gateway processes on one machine share PORT and the kernel spreads
   * the connections over them (`start:cluster --replicas gateway=2`; Linux). Each is a whole gateway of its own.
   */
  REUSE_PORT: z.enum(['true', 'false']).default('false'),
  /** Port of the embedded PostgreSQL when DATABASE_URL is not set (not 5432, where a system PostgreSQL may listen). */
  DUKAN_DB_PORT: z.coerce.number().int().min(1).max(65535).default(5488),
  FRONTEND_DIST: z.string().default(join(repoRoot, 'frontend', 'dist')),
  /** The tills' push streams one gateway process holds (more are refused; those tills poll), and one user holds. */
  STREAMS_PER_PROCESS: z.coerce.number().int().min(0).max(200_000).default(20_000),
  STREAMS_PER_USER: z.coerce.number().int().min(1).max(200_000).default(8),
  CATALOG_URL: z.string().default('http://127.0.0.1:5102'),
  SALES_URL: z.string().default('http://127.0.0.1:5103'),
  LOYALTY_URL: z.string().default('http://127.0.0.1:5104'),
  REPORTING_URL: z.string().default('http://127.0.0.1:5105'),
  EXPENSES_URL: z.string().default('http://127.0.0.1:5106'),
  SETTINGS_URL: z.string().default('http://127.0.0.1:5107'),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  return parseConfig(gatewayConfigSchema, env);
}

/**
 * `migrate`: the database to migrate (a role that may create schemas), each service's own URL where its schema
 * belongs to its own role (so what the migrations create is that role's too), and how long `--wait` waits.
 */
export const migrateConfigSchema = platformConfigSchema.extend({
  MIGRATE_WAIT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  IDENTITY_DATABASE_URL: z.string().min(1).optional(),
  CATALOG_DATABASE_URL: z.string().min(1).optional(),
  SALES_DATABASE_URL: z.string().min(1).optional(),
  LOYALTY_DATABASE_URL: z.string().min(1).optional(),
  REPORTING_DATABASE_URL: z.string().min(1).optional(),
  EXPENSES_DATABASE_URL: z.string().min(1).optional(),
  SETTINGS_DATABASE_URL: z.string().min(1).optional(),
});

export function loadMigrateConfig(env: Record<string, string | undefined> = process.env): z.infer<typeof migrateConfigSchema> {
  return parseConfig(migrateConfigSchema, env);
}

/** The raw environment, handed to the services' own config loaders in the all-in-one shape. */
export function processEnv(): Record<string, string | undefined> {
  return { ...process.env };
}

export function serviceUrls(config: GatewayConfig): Record<ServiceName, string> {
  return {
    identity: config.IDENTITY_URL,
    catalog: config.CATALOG_URL,
    sales: config.SALES_URL,
    loyalty: config.LOYALTY_URL,
    reporting: config.REPORTING_URL,
    expenses: config.EXPENSES_URL,
    settings: config.SETTINGS_URL,
  };
}
