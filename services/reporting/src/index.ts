export { ReportingModule } from './reporting.module.js';
export { loadReportingConfig, reportingConfigSchema, type ReportingConfig } from './config.js';
export { REPORTING_CONSUMERS } from './consumers.js';
