import { Module, type DynamicModule } from '@nestjs/common';
import { ServicePlatformModule } from '@dukan/platform';
import { SALES_CONFIG, type SalesConfig } from './config.js';

/** Sales, invoice numbers, registers, idempotency, voids and refunds, a replica of prices: /api/transactions/*. */
@Module({})
export class SalesModule {
  static register(config: SalesConfig): DynamicModule {
    return {
      module: SalesModule,
      imports: [ServicePlatformModule.forService({ service: 'sales', entities: [], migrations: [] })],
      controllers: [],
      providers: [{ provide: SALES_CONFIG, useValue: config }],
    };
  }
}
