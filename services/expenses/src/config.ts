import { z } from 'zod';
import { parseConfig, platformConfigSchema } from '@dukan/platform';

export const expensesConfigSchema = platformConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(5106),
  /** The shop's time zone until settings publishes one: a recurring expense falls due at the shop's midnight. */
  DEFAULT_TIME_ZONE: z.string().default('Asia/Baghdad'),
  /** How often due recurring expenses are looked for (also once at start, to catch up after a stop). */
  RECURRING_SWEEP_MS: z.coerce.number().int().min(1000).default(60_000),
  /** Occurrences one sweep creates at most; a longer backlog is worked off over the next sweeps. */
  RECURRING_BATCH: z.coerce.number().int().min(1).max(10_000).default(500),
});

export type ExpensesConfig = z.infer<typeof expensesConfigSchema>;

export const EXPENSES_CONFIG = Symbol('EXPENSES_CONFIG');

export function loadExpensesConfig(env: Record<string, string | undefined> = process.env): ExpensesConfig {
  return parseConfig(expensesConfigSchema, env);
}
