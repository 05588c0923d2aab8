export { SalesModule } from './sales.module.js';
export { loadSalesConfig, salesConfigSchema, type SalesConfig } from './config.js';
export { SALES_CONSUMERS } from './consumers.js';
