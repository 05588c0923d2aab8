import { z } from 'zod';
import { parseConfig, platformConfigSchema } from '@dukan/platform';

export const expensesConfigSchema = platformConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(5106),
});

export type ExpensesConfig = z.infer<typeof expensesConfigSchema>;

export const EXPENSES_CONFIG = Symbol('EXPENSES_CONFIG');

export function loadExpensesConfig(env: Record<string, string | undefined> = process.env): ExpensesConfig {
  return parseConfig(expensesConfigSchema, env);
}
