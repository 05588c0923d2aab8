export { CatalogModule } from './catalog.module.js';
export { loadCatalogConfig, catalogConfigSchema, type CatalogConfig } from './config.js';
export { CATALOG_CONSUMERS } from './consumers.js';
