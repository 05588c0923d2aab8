import { z } from 'zod';

/** Settings every Dukan process shares; each app's own config.ts extends this and is the only reader of process.env. */
export const platformConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().min(1),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  EVENT_BUS: z.enum(['in-process', 'nats']).default('in-process'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  NATS_STREAM: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('DUKAN'),
  /** Prefixes every subject on the wire; lets tests and several shops share one NATS server. */
  NATS_SUBJECT_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9_-]+\.)?$/)
    .default(''),
  /** Credentials when the NATS server requires them (docker-compose and k8s do). */
  NATS_USER: z.string().min(1).optional(),
  NATS_PASSWORD: z.string().min(1).optional(),
  /** The longest wait between two tries of an event that could not be published or handled (the backoff's cap). */
  EVENT_RETRY_MAX_MS: z.coerce.number().int().min(500).max(300_000).default(30_000),
  /** Sent outbox rows and processed-event (inbox) rows are deleted after this many days. */
  EVENTS_RETENTION_DAYS: z.coerce.number().min(1).max(365).default(7),
  /** The JetStream stream keeps events this many days (well above the retention) … */
  NATS_STREAM_MAX_AGE_DAYS: z.coerce.number().min(1).max(3650).default(30),
  /** … and at most this many bytes, the oldest going first. */
  NATS_STREAM_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024 ** 2)
    .default(2 * 1024 ** 3),
  DUKAN_DATA_DIR: z.string().default('data'),
  JWT_PUBLIC_KEY_FILE: z.string().optional(),
  JWT_ISSUER: z.string().default('dukan-identity'),
  JWT_AUDIENCE: z.string().default('dukan'),
  /**
   * Shared secret of the cluster's own processes: it guards /internal, and a service answers /api only to
   * calls that carry it (the gateway adds it to every call it forwards). Required by service processes.
   */
  INTERNAL_TOKEN: z.string().min(16).optional(),
  BRANCH_ID: z.string().default('main'),
  /** Address to listen on: a service only on this machine unless told otherwise (the gateway overrides the default). */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Where processes without identity in them ask whether a token is still current. */
  IDENTITY_URL: z.string().default('http://127.0.0.1:5101'),
  /** Where the gateway asks settings for the branches a request may name. */
  SETTINGS_URL: z.string().default('http://127.0.0.1:5107'),
  /**
   * How long such a process reuses identity's answer about a session. Identity's user events drop an answer
   * at once; a token newer than the answer is asked about afresh; 0: ask every call.
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
});

export type PlatformConfig = z.infer<typeof platformConfigSchema>;

export class ConfigError extends Error {}

/** Parses the environment against a schema and fails with every problem listed, never with a stack of undefineds. */
export function parseConfig<S extends z.ZodType>(schema: S, env: Record<string, string | undefined>): z.infer<S> {
  // An empty variable (`DATABASE_URL= npm start`) means "not set", not "set to nothing".
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`).join('\n');
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  return result.data;
}
