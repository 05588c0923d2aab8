export { SettingsModule } from './settings.module.js';
export { loadSettingsConfig, settingsConfigSchema, type SettingsConfig } from './config.js';
