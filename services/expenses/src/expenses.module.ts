import { Module, type DynamicModule } from '@nestjs/common';
import { ServicePlatformModule } from '@dukan/platform';
import { EXPENSES_CONFIG, type ExpensesConfig } from './config.js';

/** Expenses, their status history and summary: /api/expenses/*. */
@Module({})
export class ExpensesModule {
  static register(config: ExpensesConfig): DynamicModule {
    return {
      module: ExpensesModule,
      imports: [ServicePlatformModule.forService({ service: 'expenses', entities: [], migrations: [] })],
      controllers: [],
      providers: [{ provide: EXPENSES_CONFIG, useValue: config }],
    };
  }
}
