export { ReportingModule } from './reporting.module.js';
export { loadReportingConfig, reportingConfigSchema, type ReportingConfig } from './config.js';
