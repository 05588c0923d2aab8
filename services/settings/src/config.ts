import { z } from 'zod';
import { parseConfig, platformConfigSchema } from '@dukan/platform';

export const settingsConfigSchema = platformConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(5107),
  /** The Chromium that renders receipts for the printer and rasterises SVG logos (Debian's package by default). */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** How long a printer may take to accept a connection and the receipt before the cashier is told it did not answer. */
  PRINTER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
});

export type SettingsConfig = z.infer<typeof settingsConfigSchema>;

export const SETTINGS_CONFIG = Symbol('SETTINGS_CONFIG');
/** The settings service's Chromium (a `Chromium` of @dukan/platform). */
export const SETTINGS_CHROMIUM = Symbol('SETTINGS_CHROMIUM');

export function loadSettingsConfig(env: Record<string, string | undefined> = process.env): SettingsConfig {
  return parseConfig(settingsConfigSchema, env);
}
