import { runServiceProcess } from '@dukan/platform';
import { loadIdentityConfig } from './config.js';
import { IdentityModule } from './identity.module.js';

const config = loadIdentityConfig();
await runServiceProcess({ service: 'identity', config, port: config.PORT, ownsSigningKey: true, module: IdentityModule.register(config) });
