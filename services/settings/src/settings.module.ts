import { Module, type DynamicModule } from '@nestjs/common';
import { ServicePlatformModule } from '@dukan/platform';
import { SETTINGS_CONFIG, type SettingsConfig } from './config.js';
import { BranchesController } from './branches/branches.controller.js';
import { BranchesService } from './branches/branches.service.js';
import { InternalSettingsController, SettingsController } from './general/settings.controller.js';
import { SettingsService } from './general/settings.service.js';
import { SettingsInit1767225600700 } from './migrations/1767225600700-settings-init.js';
import { BranchesActive1767225600701 } from './migrations/1767225600701-branches-active.js';

/** Exchange rates, store settings, branches and registers: /api/settings/*. */
@Module({})
export class SettingsModule {
  static register(config: SettingsConfig): DynamicModule {
    return {
      module: SettingsModule,
      imports: [ServicePlatformModule.forService({ service: 'settings', entities: [], migrations: [SettingsInit1767225600700, BranchesActive1767225600701] })],
      controllers: [SettingsController, InternalSettingsController, BranchesController],
      providers: [{ provide: SETTINGS_CONFIG, useValue: config }, SettingsService, BranchesService],
    };
  }
}
