export { SalesModule } from './sales.module.js';
export { loadSalesConfig, salesConfigSchema, type SalesConfig } from './config.js';
export { SALES_CONSUMERS } from './consumers.js';
export { startInvoiceSeries, RESTORE_REGISTER_GAP, type NewSeries, type SqlRunner } from './invoice-blocks/invoice-series.js';
