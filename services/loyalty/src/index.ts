export { LoyaltyModule } from './loyalty.module.js';
export { loadLoyaltyConfig, loyaltyConfigSchema, type LoyaltyConfig } from './config.js';
export { LOYALTY_CONSUMERS } from './consumers.js';
export { StatementPdf } from './accounts/statement-pdf.js';
export { ReceivablesController } from './accounts/receivables.js';
