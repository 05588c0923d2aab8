export { CatalogModule } from './catalog.module.js';
export { loadCatalogConfig, catalogConfigSchema, type CatalogConfig } from './config.js';
export { seedCatalog, type SeedOptions, type SeedResult } from './seed/seed.js';
export { CATALOG_CONSUMERS } from './consumers.js';
