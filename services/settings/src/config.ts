import { z } from 'zod';
import { parseConfig, platformConfigSchema } from '@dukan/platform';

export const settingsConfigSchema = platformConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(5107),
});

export type SettingsConfig = z.infer<typeof settingsConfigSchema>;

export const SETTINGS_CONFIG = Symbol('SETTINGS_CONFIG');

export function loadSettingsConfig(env: Record<string, string | undefined> = process.env): SettingsConfig {
  return parseConfig(settingsConfigSchema, env);
}
