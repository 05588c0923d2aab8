import { z } from 'zod';
import { parseConfig, parseUrlList, platformConfigSchema } from '@dukan/platform';

/** One URL, or several separated by commas (the processes of a service). */
const urlList = z
  .string()
  .refine((v) => parseUrlList(v).length > 0 && parseUrlList(v).every((u) => URL.canParse(u)), 'a URL, or URLs separated by commas');

export const salesConfigSchema = platformConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(5103),
  /** Loyalty's internal API (reserve points, quote points to award), a comma-separated list where loyalty runs as several processes; the all-in-one points it at itself. */
  LOYALTY_URL: urlList.default('http://127.0.0.1:5104'),
  /** Settings' internal API (the exchange rate that applies to a cashier), one URL or a list as LOYALTY_URL; the all-in-one points it at itself. */
  SETTINGS_URL: urlList.default('http://127.0.0.1:5107'),
  /** How long a sale waits for the exchange rate before refusing (it cannot be checked). */
  SETTINGS_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(3000),
  /** How long settings' answer on a cashier's rate is kept (dropped at once when settings announces a change); 0 = ask every sale. */
  SETTINGS_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  /** How long a sale waits for loyalty before treating it as down. */
  LOYALTY_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(3000),
  /** An Idempotency-Key still "in progress" after this long belongs to a crashed request and may be taken over. */
  IDEMPOTENCY_TAKEOVER_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** Answered keys are kept this long (a till retries within minutes), then swept. */
  IDEMPOTENCY_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(72),
});

export type SalesConfig = z.infer<typeof salesConfigSchema>;

export const SALES_CONFIG = Symbol('SALES_CONFIG');

export function loadSalesConfig(env: Record<string, string | undefined> = process.env): SalesConfig {
  return parseConfig(salesConfigSchema, env);
}
