import { Module, type DynamicModule } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  BRANCH_DIRECTORY,
  EVENT_BUS,
  ServicePlatformModule,
  watchedBranchDirectory,
  type EventBus,
  type KnownBranch,
} from '@dukan/platform';
import { SETTINGS_CONFIG, type SettingsConfig } from './config.js';
import { BranchesController, InternalBranchesController } from './branches/branches.controller.js';
import { BranchesService } from './branches/branches.service.js';
import { InternalSettingsController, SettingsController } from './general/settings.controller.js';
import { SettingsService } from './general/settings.service.js';
import { SettingsInit1767225600700 } from './migrations/1767225600700-settings-init.js';
import { BranchesActive1767225600701 } from './migrations/1767225600701-branches-active.js';
import { ShiftSettings1797000000700 } from './migrations/1797000000700-shift-settings.js';

/** Exchange rates, store settings, branches and registers: /api/settings/*. */
@Module({})
export class SettingsModule {
  static register(config: SettingsConfig): DynamicModule {
    return {
      module: SettingsModule,
      imports: [
        ServicePlatformModule.forService({
          service: 'settings',
          entities: [],
          migrations: [SettingsInit1767225600700, BranchesActive1767225600701, ShiftSettings1797000000700],
        }),
      ],
      controllers: [SettingsController, InternalSettingsController, BranchesController, InternalBranchesController],
      providers: [
        { provide: SETTINGS_CONFIG, useValue: config },
        SettingsService,
        BranchesService,
        // The edge's check of a branch a request names, where settings runs in the same process (the all-in-one).
        {
          provide: BRANCH_DIRECTORY,
          inject: [DataSource, EVENT_BUS],
          useFactory: (ds: DataSource, bus: EventBus) =>
            watchedBranchDirectory(
              () =>
                ds.query<KnownBranch[]>(
                  `SELECT b.id, b.name, b.active, coalesce(array_agg(r.id) FILTER (WHERE r.id IS NOT NULL), '{}') AS registers
               FROM branches b LEFT JOIN registers r ON r.branch_id = b.id GROUP BY b.id`,
                ),
              bus,
            ),
        },
      ],
    };
  }
}
