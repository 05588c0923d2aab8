import { z } from 'zod';
import { parseConfig, platformConfigSchema } from '@dukan/platform';

export const reportingConfigSchema = platformConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(5105),
  /** The shop's time zone until settings publishes one (spec: days are the shop's days). */
  DEFAULT_TIME_ZONE: z.string().default('Asia/Baghdad'),
  DASHBOARD_RECENT_TRANSACTIONS: z.coerce.number().int().min(1).max(50).default(5),
});

export type ReportingConfig = z.infer<typeof reportingConfigSchema>;

export const REPORTING_CONFIG = Symbol('REPORTING_CONFIG');

export function loadReportingConfig(env: Record<string, string | undefined> = process.env): ReportingConfig {
  return parseConfig(reportingConfigSchema, env);
}
