import { runServiceProcess } from '@dukan/platform';
import { loadCatalogConfig } from './config.js';
import { CatalogModule } from './catalog.module.js';

const config = loadCatalogConfig();
await runServiceProcess({ service: 'catalog', config, port: config.PORT, module: CatalogModule.register(config) });
