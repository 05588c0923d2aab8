import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ConfigError, parseConfig, platformConfigSchema, type PlatformConfig } from '@dukan/platform';
import type { ServiceName } from '@dukan/contracts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The gateway's settings; in the all-in-one shape it also hands the environment to every service's own config. */
export const gatewayConfigSchema = platformConfigSchema.extend({
  DATABASE_URL: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DUKAN_MODE: z.enum(['all-in-one', 'cluster']).default('all-in-one'),
  /** Port of the embedded PostgreSQL when DATABASE_URL is not set (not 5432, where a system PostgreSQL may listen). */
  DUKAN_DB_PORT: z.coerce.number().int().min(1).max(65535).default(5488),
  FRONTEND_DIST: z.string().default(join(repoRoot, 'frontend', 'dist')),
  IDENTITY_URL: z.string().default('http://127.0.0.1:5101'),
  CATALOG_URL: z.string().default('http://127.0.0.1:5102'),
  SALES_URL: z.string().default('http://127.0.0.1:5103'),
  LOYALTY_URL: z.string().default('http://127.0.0.1:5104'),
  REPORTING_URL: z.string().default('http://127.0.0.1:5105'),
  EXPENSES_URL: z.string().default('http://127.0.0.1:5106'),
  SETTINGS_URL: z.string().default('http://127.0.0.1:5107'),
  /**
   * Cluster shape: how long the gateway reuses identity's answer to "is this token current?". Identity's user
   * events drop an answer at once on every gateway; this bounds how long a missed event could go unseen. 0: ask every time.
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  return parseConfig(gatewayConfigSchema, env);
}

/** The raw environment, handed to the services' own config loaders in the all-in-one shape. */
export function processEnv(): Record<string, string | undefined> {
  return { ...process.env };
}

export function withDatabase(config: GatewayConfig, databaseUrl: string): GatewayConfig & PlatformConfig {
  return { ...config, DATABASE_URL: databaseUrl };
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

export function requireDatabaseUrl(config: GatewayConfig): string {
  if (!config.DATABASE_URL) throw new ConfigError('Invalid configuration:\n  DATABASE_URL: required in the cluster shape');
  return config.DATABASE_URL;
}
