import { Module, type DynamicModule } from '@nestjs/common';
import { ServicePlatformModule } from '@dukan/platform';
import { REPORTING_CONFIG, type ReportingConfig } from './config.js';
import { DashboardController } from './dashboard/dashboard.controller.js';
import { DashboardService } from './dashboard/dashboard.service.js';
import { ReportingInit1767225600500 } from './migrations/1767225600500-reporting-init.js';
import {
  ReportProductCreatedHandler, ReportProductDeletedHandler, ReportProductUpdatedHandler, ReportStockChangedHandler,
} from './read-models/catalog.handlers.js';
import { ReportUserCreatedHandler, ReportUserDeletedHandler, ReportUserUpdatedHandler } from './read-models/identity.handlers.js';
import { ReportSaleCompletedHandler, ReportSaleRefundedHandler, ReportSaleVoidedHandler } from './read-models/sales.handlers.js';
import { ReportSettingsChangedHandler } from './read-models/settings.handler.js';
import { ShopClock } from './read-models/shop-clock.js';

const HANDLERS = [
  ReportSaleCompletedHandler,
  ReportSaleVoidedHandler,
  ReportSaleRefundedHandler,
  ReportProductCreatedHandler,
  ReportProductUpdatedHandler,
  ReportProductDeletedHandler,
  ReportStockChangedHandler,
  ReportUserCreatedHandler,
  ReportUserUpdatedHandler,
  ReportUserDeletedHandler,
  ReportSettingsChangedHandler,
];

/** Read models built from events, the dashboard and the reports: /api/dashboard, /api/reports/*. */
@Module({})
export class ReportingModule {
  static register(config: ReportingConfig): DynamicModule {
    return {
      module: ReportingModule,
      imports: [
        ServicePlatformModule.forService({ service: 'reporting', entities: [], migrations: [ReportingInit1767225600500], handlers: HANDLERS }),
      ],
      controllers: [DashboardController],
      providers: [{ provide: REPORTING_CONFIG, useValue: config }, ShopClock, DashboardService, ...HANDLERS],
    };
  }
}
