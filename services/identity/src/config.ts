import { z } from 'zod';
import { parseConfig, platformConfigSchema } from '@dukan/platform';

export const identityConfigSchema = platformConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(5101),
  /** Password of the first admin; when unset a random one is printed once and written to the data folder. */
  DUKAN_ADMIN_PASSWORD: z.string().min(6).optional(),
  TOKEN_TTL_HOURS: z.coerce.number().positive().default(12),
  REMEMBER_ME_DAYS: z.coerce.number().positive().default(30),
});

export type IdentityConfig = z.infer<typeof identityConfigSchema>;

export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');

export function loadIdentityConfig(env: Record<string, string | undefined> = process.env): IdentityConfig {
  return parseConfig(identityConfigSchema, env);
}
