import { Module, type DynamicModule } from '@nestjs/common';
import { ServicePlatformModule } from '@dukan/platform';
import { EXPENSES_CLOCK, systemClock, type Clock } from './clock.js';
import { EXPENSES_CONFIG, type ExpensesConfig } from './config.js';
import { ExpenseQueries } from './expenses/expense-queries.js';
import { ExpenseWorkflow } from './expenses/expense-workflow.js';
import { ExpensesController } from './expenses/expenses.controller.js';
import { ExpensesService } from './expenses/expenses.service.js';
import { ExpensesInit1767225600600 } from './migrations/1767225600600-expenses-init.js';
import { ExpenseSearchNorm1796500000600 } from './migrations/1796500000600-expense-search-norm.js';
import { RecurringExpenses } from './recurring/recurring-expenses.js';
import { RecurringScheduler } from './recurring/recurring-scheduler.js';
import { ExpenseSettingsChangedHandler } from './replicas/settings.handler.js';
import { ShopSettings } from './replicas/shop-settings.js';
import { ExpenseUserCreatedHandler, ExpenseUserDeletedHandler, ExpenseUserUpdatedHandler } from './replicas/users.handlers.js';
import { EXPENSES_CONSUMERS } from './consumers.js';
import { DrawerCashOutHandler } from './drawer/cash-out.handler.js';

const HANDLERS = [
  ExpenseUserCreatedHandler,
  ExpenseUserUpdatedHandler,
  ExpenseUserDeletedHandler,
  ExpenseSettingsChangedHandler,
  DrawerCashOutHandler,
];

/** Expenses, their status history and summary, and recurring expenses: /api/expenses/*. */
@Module({})
export class ExpensesModule {
  /** `clock` lets tests move through days; the service itself always runs on the system clock. */
  static register(config: ExpensesConfig, options: { clock?: Clock } = {}): DynamicModule {
    return {
      module: ExpensesModule,
      imports: [
        ServicePlatformModule.forService({
          service: 'expenses',
          entities: [],
          migrations: [ExpensesInit1767225600600, ExpenseSearchNorm1796500000600],
          consumers: EXPENSES_CONSUMERS,
        }),
      ],
      controllers: [ExpensesController],
      providers: [
        { provide: EXPENSES_CONFIG, useValue: config },
        { provide: EXPENSES_CLOCK, useValue: options.clock ?? systemClock },
        ShopSettings,
        ExpensesService,
        ExpenseQueries,
        ExpenseWorkflow,
        RecurringExpenses,
        RecurringScheduler,
        ...HANDLERS,
      ],
    };
  }
}
