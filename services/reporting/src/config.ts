import { z } from 'zod';
import { parseConfig, platformConfigSchema } from '@dukan/platform';

export const reportingConfigSchema = platformConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(5105),
  /** The shop's time zone until settings publishes one (spec: days are the shop's days). */
  DEFAULT_TIME_ZONE: z.string().default('Asia/Baghdad'),
  DASHBOARD_RECENT_TRANSACTIONS: z.coerce.number().int().min(1).max(50).default(5),
  /** The Chromium that prints report PDFs (Debian's package by default). */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** PDFs rendered at once; further ones wait their turn. */
  PDF_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(2),
  /** Rows a PDF table prints (the CSV and Excel exports hold them all). */
  PDF_TABLE_ROWS: z.coerce.number().int().min(10).max(5000).default(100),
  /** Chromium is closed after this long without a PDF to print. */
  PDF_BROWSER_IDLE_MS: z.coerce.number().int().min(1000).default(60_000),
});

export type ReportingConfig = z.infer<typeof reportingConfigSchema>;

export const REPORTING_CONFIG = Symbol('REPORTING_CONFIG');

export function loadReportingConfig(env: Record<string, string | undefined> = process.env): ReportingConfig {
  return parseConfig(reportingConfigSchema, env);
}
