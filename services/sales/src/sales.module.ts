import { Module, type DynamicModule } from '@nestjs/common';
import { KnownBranches, ServicePlatformModule } from '@dukan/platform';
import { SALES_CONFIG, type SalesConfig } from './config.js';
import { IdempotencyService, IdempotencySweeper } from './idempotency/idempotency.service.js';
import { LoyaltyClient } from './loyalty/loyalty.client.js';
import { SalesInit1767225600300 } from './migrations/1767225600300-sales-init.js';
import { REPLICA_HANDLERS } from './replicas/replica.handlers.js';
import { ReversalsService } from './sales/reversals.service.js';
import { SaleRecordsService } from './sales/sale-records.service.js';
import { SalesController } from './sales/sales.controller.js';
import { SaleStore } from './sales/sale-store.js';
import { SalesService } from './sales/sales.service.js';
import { SettingsClient } from './settings/settings.client.js';
import { SALES_CONSUMERS } from './consumers.js';
import { CashierAsOf1795478400300 } from './migrations/1795478400300-cashier-as-of.js';
import { BranchPrices1795824000300 } from './migrations/1795824000300-branch-prices.js';
import { BranchPriceChangedHandler } from './replicas/branch-price.handler.js';
import { InvoiceBlocks1796100000300 } from './migrations/1796100000300-invoice-blocks.js';
import { InvoiceBlockDevices1796300000300 } from './migrations/1796300000300-invoice-block-devices.js';
import { RegisterNumbersUnbounded1796400000300 } from './migrations/1796400000300-register-numbers-unbounded.js';
import { CustomerSearch1796500000300 } from './migrations/1796500000300-customer-search.js';
import { MoneyInOwnCurrency1796510000300 } from './migrations/1796510000300-money-in-own-currency.js';
import { InvoiceBlocks } from './invoice-blocks/invoice-blocks.js';
import { InvoiceBlocksController } from './invoice-blocks/invoice-blocks.controller.js';
import { Shifts1797000000300 } from './migrations/1797000000300-shifts.js';
import { CashRoundingDefault1797100000300 } from './migrations/1797100000300-cash-rounding-default.js';
import { TaxMode1797200000300 } from './migrations/1797200000300-tax-mode.js';
import { RefundTenders1797300000300 } from './migrations/1797300000300-refund-tenders.js';
import { PacksWeighed1797500000300 } from './migrations/1797500000300-packs-weighed.js';
import { Exchanges1797600000100 } from './migrations/1797600000100-exchanges.js';
import { InvoiceSeries1797600000200 } from './migrations/1797600000200-invoice-series.js';
import { RefuseSale1797700000300 } from './migrations/1797700000300-refuse-sale.js';
import { ShiftsController } from './shifts/shifts.controller.js';
import { ShiftBook } from './shifts/shift-book.js';
import { ShiftsService } from './shifts/shifts.service.js';
import { AccountRepaidHandler } from './shifts/repayment.handler.js';
import { SupplierPaymentHandler } from './shifts/supplier-payment.handler.js';

/** Sales, invoice numbers, registers and their shifts, idempotency, voids and refunds, a replica of prices: /api/transactions/*, /api/shifts/*. */
@Module({})
export class SalesModule {
  static register(config: SalesConfig): DynamicModule {
    return {
      module: SalesModule,
      imports: [
        ServicePlatformModule.forService({
          service: 'sales',
          entities: [],
          migrations: [
            SalesInit1767225600300,
            CashierAsOf1795478400300,
            BranchPrices1795824000300,
            InvoiceBlocks1796100000300,
            InvoiceBlockDevices1796300000300,
            RegisterNumbersUnbounded1796400000300,
            CustomerSearch1796500000300,
            MoneyInOwnCurrency1796510000300,
            Shifts1797000000300,
            CashRoundingDefault1797100000300,
            TaxMode1797200000300,
            RefundTenders1797300000300,
            PacksWeighed1797500000300,
            Exchanges1797600000100,
            InvoiceSeries1797600000200,
            RefuseSale1797700000300,
          ],
          consumers: SALES_CONSUMERS,
        }),
      ],
      controllers: [InvoiceBlocksController, SalesController, ShiftsController],
      providers: [
        { provide: SALES_CONFIG, useValue: config },
        IdempotencyService,
        IdempotencySweeper,
        LoyaltyClient,
        SettingsClient,
        SaleStore,
        InvoiceBlocks,
        KnownBranches,
        SalesService,
        SaleRecordsService,
        ReversalsService,
        ShiftsService,
        ShiftBook,
        ...REPLICA_HANDLERS,
        BranchPriceChangedHandler,
        SupplierPaymentHandler,
        AccountRepaidHandler,
      ],
    };
  }
}
