import { Module, type DynamicModule } from '@nestjs/common';
import { AccountsController } from './accounts/accounts.controller.js';
import { AccountsService } from './accounts/accounts.service.js';
import { ExchangeRates, RatesChangedHandler } from './accounts/exchange-rates.js';
import { ReceivablesController, ReceivablesService } from './accounts/receivables.js';
import { StatementPdf, StatementPdfController } from './accounts/statement-pdf.js';
import { KnownBranches, ServicePlatformModule } from '@dukan/platform';
import { LOYALTY_CONFIG, type LoyaltyConfig } from './config.js';
import { CustomersController } from './customers/customers.controller.js';
import { CustomersService } from './customers/customers.service.js';
import { LoyaltySettingsController } from './loyalty/loyalty-settings.controller.js';
import { LoyaltySettingsService } from './loyalty/loyalty-settings.service.js';
import { LoyaltyInit1767225600400 } from './migrations/1767225600400-loyalty-init.js';
import { ReleasedAttempts1796400000400 } from './migrations/1796400000400-released-attempts.js';
import { CustomerSearch1796500000400 } from './migrations/1796500000400-customer-search.js';
import { CanonicalPhones1797300000400 } from './migrations/1797300000400-canonical-phones.js';
import { CustomerAccounts1797400000400 } from './migrations/1797400000400-customer-accounts.js';
import { SaleCompletedHandler, SaleRefundedHandler, SaleVoidedHandler } from './points/sale-events.handlers.js';
import { InternalReservationsController, RedeemController } from './redemptions/redemptions.controller.js';
import { RedemptionsService } from './redemptions/redemptions.service.js';
import { ReservationSweeper } from './redemptions/reservation-sweeper.js';
import { LOYALTY_CONSUMERS } from './consumers.js';

/** Customers, loyalty settings, the points ledger and redemptions: /api/customers/*, /api/loyalty/*, /api/transactions/redeem. */
@Module({})
export class LoyaltyModule {
  static register(config: LoyaltyConfig): DynamicModule {
    return {
      module: LoyaltyModule,
      imports: [
        ServicePlatformModule.forService({
          service: 'loyalty',
          entities: [],
          migrations: [
            LoyaltyInit1767225600400,
            ReleasedAttempts1796400000400,
            CustomerSearch1796500000400,
            CanonicalPhones1797300000400,
            CustomerAccounts1797400000400,
          ],
          consumers: LOYALTY_CONSUMERS,
        }),
      ],
      controllers: [
        CustomersController,
        LoyaltySettingsController,
        RedeemController,
        InternalReservationsController,
        AccountsController,
        ReceivablesController,
        StatementPdfController,
      ],
      providers: [
        { provide: LOYALTY_CONFIG, useValue: config },
        CustomersService,
        LoyaltySettingsService,
        RedemptionsService,
        ReservationSweeper,
        SaleCompletedHandler,
        SaleVoidedHandler,
        SaleRefundedHandler,
        AccountsService,
        ExchangeRates,
        RatesChangedHandler,
        ReceivablesService,
        StatementPdf,
        KnownBranches,
      ],
    };
  }
}
