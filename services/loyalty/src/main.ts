import { runServiceProcess } from '@dukan/platform';
import { loadLoyaltyConfig } from './config.js';
import { LoyaltyModule } from './loyalty.module.js';

const config = loadLoyaltyConfig();
await runServiceProcess({ service: 'loyalty', config, port: config.PORT, module: LoyaltyModule.register(config) });
