import { z } from 'zod';
import { parseConfig, platformConfigSchema } from '@dukan/platform';

export const loyaltyConfigSchema = platformConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(5104),
});

export type LoyaltyConfig = z.infer<typeof loyaltyConfigSchema>;

export const LOYALTY_CONFIG = Symbol('LOYALTY_CONFIG');

export function loadLoyaltyConfig(env: Record<string, string | undefined> = process.env): LoyaltyConfig {
  return parseConfig(loyaltyConfigSchema, env);
}
