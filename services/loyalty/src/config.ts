import { z } from 'zod';
import { parseConfig, platformConfigSchema } from '@dukan/platform';

export const loyaltyConfigSchema = platformConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(5104),
  /** How long points stay held for a sale that has not completed; after that they are spendable again. */
  RESERVATION_TTL_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(15),
  /** How often expired holds are marked released. */
  RESERVATION_SWEEP_MS: z.coerce.number().int().min(1000).default(60_000),
  /** The system Chromium that prints customers' statements as PDF. */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** Settings' internal API (a user's exchange rate) for a shop whose rate loyalty has not heard announced; the all-in-one points it at itself. */
  SETTINGS_URL: z.string().min(1).default('http://127.0.0.1:5107'),
  SETTINGS_TIMEOUT_MS: z.coerce.number().int().min(100).default(3000),
});

export type LoyaltyConfig = z.infer<typeof loyaltyConfigSchema>;

export const LOYALTY_CONFIG = Symbol('LOYALTY_CONFIG');

export function loadLoyaltyConfig(env: Record<string, string | undefined> = process.env): LoyaltyConfig {
  return parseConfig(loyaltyConfigSchema, env);
}
