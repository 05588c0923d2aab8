export { LoyaltyModule } from './loyalty.module.js';
export { loadLoyaltyConfig, loyaltyConfigSchema, type LoyaltyConfig } from './config.js';
