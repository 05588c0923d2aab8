import { z } from 'zod';
import { parseConfig, platformConfigSchema } from '@dukan/platform';

export const salesConfigSchema = platformConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(5103),
});

export type SalesConfig = z.infer<typeof salesConfigSchema>;

export const SALES_CONFIG = Symbol('SALES_CONFIG');

export function loadSalesConfig(env: Record<string, string | undefined> = process.env): SalesConfig {
  return parseConfig(salesConfigSchema, env);
}
