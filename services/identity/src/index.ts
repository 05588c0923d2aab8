export { IdentityModule } from './identity.module.js';
export { loadIdentityConfig, identityConfigSchema, type IdentityConfig } from './config.js';
