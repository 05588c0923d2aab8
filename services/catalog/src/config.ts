import { z } from 'zod';
import { parseConfig, platformConfigSchema } from '@dukan/platform';

export const catalogConfigSchema = platformConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(5102),
  /** Build the till's product list once at start-up, so the first till to open does not wait for it. */
  CATALOG_WARM_TILL_LIST: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** The Chromium that prints label sheets (Debian's package by default). */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
});

export type CatalogConfig = z.infer<typeof catalogConfigSchema>;

export const CATALOG_CONFIG = Symbol('CATALOG_CONFIG');
/** Catalog's Chromium (a `Chromium` of @dukan/platform), for label sheets. */
export const CATALOG_CHROMIUM = Symbol('CATALOG_CHROMIUM');

export function loadCatalogConfig(env: Record<string, string | undefined> = process.env): CatalogConfig {
  return parseConfig(catalogConfigSchema, env);
}
