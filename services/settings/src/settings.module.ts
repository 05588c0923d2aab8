import { Module, type DynamicModule } from '@nestjs/common';
import { ServicePlatformModule } from '@dukan/platform';
import { SETTINGS_CONFIG, type SettingsConfig } from './config.js';

/** Exchange rates, store settings, branches and registers: /api/settings/*. */
@Module({})
export class SettingsModule {
  static register(config: SettingsConfig): DynamicModule {
    return {
      module: SettingsModule,
      imports: [ServicePlatformModule.forService({ service: 'settings', entities: [], migrations: [] })],
      controllers: [],
      providers: [{ provide: SETTINGS_CONFIG, useValue: config }],
    };
  }
}
