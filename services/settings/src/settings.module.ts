import { Inject, Module, type DynamicModule, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  BRANCH_DIRECTORY,
  Chromium,
  EVENT_BUS,
  ServicePlatformModule,
  watchedBranchDirectory,
  type EventBus,
  type KnownBranch,
} from '@dukan/platform';
import { SETTINGS_CHROMIUM, SETTINGS_CONFIG, type SettingsConfig } from './config.js';
import { BranchesController, InternalBranchesController } from './branches/branches.controller.js';
import { BranchesService } from './branches/branches.service.js';
import { InternalSettingsController, SettingsController } from './general/settings.controller.js';
import { SettingsService } from './general/settings.service.js';
import { SettingsInit1767225600700 } from './migrations/1767225600700-settings-init.js';
import { BranchesActive1767225600701 } from './migrations/1767225600701-branches-active.js';
import { ReceiptsPaymentsPrinters1796400000700 } from './migrations/1796400000700-receipts-payments-printers.js';
import { PrintController } from './printing/print.controller.js';
import { PrintService } from './printing/print.service.js';
import { ReceiptsController } from './receipts/receipts.controller.js';
import { ReceiptsService } from './receipts/receipts.service.js';
import { ShiftSettings1797000000700 } from './migrations/1797000000700-shift-settings.js';
import { CashRoundingDefault1797100000700 } from './migrations/1797100000700-cash-rounding-default.js';
import { ChangeCurrency1797100100700 } from './migrations/1797100100700-change-currency.js';
import { TaxMode1797200000700 } from './migrations/1797200000700-tax-mode.js';
import { ScaleLabels1797500000700 } from './migrations/1797500000700-scale-labels.js';

/** Exchange rates, store settings, receipts and payments, branches and registers: /api/settings/*; printing: /api/print. */
@Module({})
export class SettingsModule implements OnModuleDestroy {
  constructor(@Inject(SETTINGS_CHROMIUM) private readonly chromium: Chromium) {}

  async onModuleDestroy(): Promise<void> {
    await this.chromium.close();
  }

  static register(config: SettingsConfig): DynamicModule {
    return {
      module: SettingsModule,
      imports: [
        ServicePlatformModule.forService({
          service: 'settings',
          entities: [],
          migrations: [
            SettingsInit1767225600700,
            BranchesActive1767225600701,
            ReceiptsPaymentsPrinters1796400000700,
            ShiftSettings1797000000700,
            CashRoundingDefault1797100000700,
            ChangeCurrency1797100100700,
            TaxMode1797200000700,
            ScaleLabels1797500000700,
          ],
        }),
      ],
      controllers: [
        SettingsController,
        InternalSettingsController,
        BranchesController,
        InternalBranchesController,
        ReceiptsController,
        PrintController,
      ],
      providers: [
        { provide: SETTINGS_CONFIG, useValue: config },
        { provide: SETTINGS_CHROMIUM, useValue: new Chromium({ executablePath: config.CHROMIUM_PATH }) },
        SettingsService,
        BranchesService,
        ReceiptsService,
        PrintService,
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
