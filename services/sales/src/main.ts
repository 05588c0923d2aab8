import { runServiceProcess } from '@dukan/platform';
import { loadSalesConfig } from './config.js';
import { SalesModule } from './sales.module.js';

const config = loadSalesConfig();
await runServiceProcess({ service: 'sales', config, port: config.PORT, module: SalesModule.register(config) });
