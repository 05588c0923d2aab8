import { Module, type DynamicModule } from '@nestjs/common';
import { KnownBranches, ServicePlatformModule } from '@dukan/platform';
import { REPORTING_CONFIG, type ReportingConfig } from './config.js';
import { DashboardController } from './dashboard/dashboard.controller.js';
import { DashboardService } from './dashboard/dashboard.service.js';
import { ExportService } from './exports/export.service.js';
import { PdfRenderer } from './exports/pdf-renderer.js';
import { ReportingInit1767225600500 } from './migrations/1767225600500-reporting-init.js';
import { ReportRollups1767225600510 } from './migrations/1767225600510-report-rollups.js';
import { CountHistory1796000000500 } from './migrations/1796000000500-count-history.js';
import { BranchRollups1796000000510 } from './migrations/1796000000510-branch-rollups.js';
import { UserBranches1796300000500 } from './migrations/1796300000500-user-branches.js';
import {
  ReportCategoryCreatedHandler,
  ReportCategoryDeletedHandler,
  ReportCategoryUpdatedHandler,
  ReportProductCreatedHandler,
  ReportProductDeletedHandler,
  ReportProductUpdatedHandler,
  ReportStockChangedHandler,
} from './read-models/catalog.handlers.js';
import {
  ReportExpenseCreatedHandler,
  ReportExpenseDeletedHandler,
  ReportExpenseStatusChangedHandler,
  ReportExpenseUpdatedHandler,
} from './read-models/expenses.handlers.js';
import { ReportUserCreatedHandler, ReportUserDeletedHandler, ReportUserUpdatedHandler } from './read-models/identity.handlers.js';
import {
  ReportCustomerCreatedHandler,
  ReportCustomerDeletedHandler,
  ReportCustomerUpdatedHandler,
} from './read-models/loyalty.handlers.js';
import { ReportSaleCompletedHandler, ReportSaleRefundedHandler, ReportSaleVoidedHandler } from './read-models/sales.handlers.js';
import { ReportSettingsChangedHandler } from './read-models/settings.handler.js';
import { ShopClock } from './read-models/shop-clock.js';
import { ReportsController } from './reports/reports.controller.js';
import { ReportsService } from './reports/reports.service.js';
import { REPORTING_CONSUMERS } from './consumers.js';
import { ShiftReports1797000000500 } from './migrations/1797000000500-shift-reports.js';
import { SaleTakings1797100000500 } from './migrations/1797100000500-sale-takings.js';
import { WeighedGoods1797600000300 } from './migrations/1797600000300-weighed-goods.js';
import { AnchoredRollups1797600000310 } from './migrations/1797600000310-anchored-rollups.js';
import { ReportShiftClosedHandler, ReportShiftOpenedHandler } from './shifts/shift.handlers.js';
import { ZReportController } from './shifts/z-report.controller.js';

const HANDLERS = [
  ReportSaleCompletedHandler,
  ReportSaleVoidedHandler,
  ReportSaleRefundedHandler,
  ReportProductCreatedHandler,
  ReportProductUpdatedHandler,
  ReportProductDeletedHandler,
  ReportStockChangedHandler,
  ReportCategoryCreatedHandler,
  ReportCategoryUpdatedHandler,
  ReportCategoryDeletedHandler,
  ReportUserCreatedHandler,
  ReportUserUpdatedHandler,
  ReportUserDeletedHandler,
  ReportCustomerCreatedHandler,
  ReportCustomerUpdatedHandler,
  ReportCustomerDeletedHandler,
  ReportExpenseCreatedHandler,
  ReportExpenseUpdatedHandler,
  ReportExpenseStatusChangedHandler,
  ReportExpenseDeletedHandler,
  ReportSettingsChangedHandler,
  ReportShiftOpenedHandler,
  ReportShiftClosedHandler,
];

/** Read models built from events, the dashboard and the reports: /api/dashboard, /api/reports/*. */
@Module({})
export class ReportingModule {
  static register(config: ReportingConfig): DynamicModule {
    return {
      module: ReportingModule,
      imports: [
        ServicePlatformModule.forService({
          service: 'reporting',
          entities: [],
          migrations: [
            ReportingInit1767225600500,
            ReportRollups1767225600510,
            CountHistory1796000000500,
            BranchRollups1796000000510,
            UserBranches1796300000500,
            ShiftReports1797000000500,
            SaleTakings1797100000500,
            WeighedGoods1797600000300,
            AnchoredRollups1797600000310,
          ],
          consumers: REPORTING_CONSUMERS,
        }),
      ],
      controllers: [DashboardController, ZReportController, ReportsController],
      providers: [
        { provide: REPORTING_CONFIG, useValue: config },
        ShopClock,
        DashboardService,
        ReportsService,
        PdfRenderer,
        ExportService,
        KnownBranches,
        ...HANDLERS,
      ],
    };
  }
}
