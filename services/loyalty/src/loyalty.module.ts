import { Module, type DynamicModule } from '@nestjs/common';
import { ServicePlatformModule } from '@dukan/platform';
import { LOYALTY_CONFIG, type LoyaltyConfig } from './config.js';

/** Customers, loyalty settings, the points ledger and redemptions: /api/customers/*, /api/loyalty/*, /api/transactions/redeem. */
@Module({})
export class LoyaltyModule {
  static register(config: LoyaltyConfig): DynamicModule {
    return {
      module: LoyaltyModule,
      imports: [ServicePlatformModule.forService({ service: 'loyalty', entities: [], migrations: [] })],
      controllers: [],
      providers: [{ provide: LOYALTY_CONFIG, useValue: config }],
    };
  }
}
