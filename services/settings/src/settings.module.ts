import { Module, type DynamicModule } from '@nestjs/common';
import { ServicePlatformModule } from '@dukan/platform';
import { SETTINGS_CONFIG, type SettingsConfig } from './config.js';
import { SettingsController, InternalSettingsController } from './general/settings.controller.js';
import { SettingsService } from './general/settings.service.js';
import { SettingsInit1767225600700 } from './migrations/1767225600700-settings-init.js';

/** Exchange rates, store settings, branches and registers: /api/settings/*. */
@Module({})
export class SettingsModule {
  static register(config: SettingsConfig): DynamicModule {
    return {
      module: SettingsModule,
      imports: [ServicePlatformModule.forService({ service: 'settings', entities: [], migrations: [SettingsInit1767225600700] })],
      controllers: [SettingsController, InternalSettingsController],
      providers: [{ provide: SETTINGS_CONFIG, useValue: config }, SettingsService],
    };
  }
}
