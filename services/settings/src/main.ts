import { runServiceProcess } from '@dukan/platform';
import { loadSettingsConfig } from './config.js';
import { SettingsModule } from './settings.module.js';

const config = loadSettingsConfig();
await runServiceProcess({ service: 'settings', config, port: config.PORT, module: SettingsModule.register(config) });
