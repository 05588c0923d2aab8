import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { logger, Periodic } from '@dukan/platform';
import { EXPENSES_CONFIG, type ExpensesConfig } from '../config.js';
import { RecurringExpenses } from './recurring-expenses.js';

/** Looks for due recurring expenses at start (catching up on days the service was down) and every RECURRING_SWEEP_MS. */
@Injectable()
export class RecurringScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly periodic: Periodic;

  constructor(recurring: RecurringExpenses, @Inject(EXPENSES_CONFIG) config: ExpensesConfig) {
    this.periodic = new Periodic('creating recurring expenses', config.RECURRING_SWEEP_MS, async () => {
      const created = await recurring.runDue();
      if (created > 0) logger().info({ created }, 'recurring expenses created');
    });
  }

  onApplicationBootstrap(): Promise<void> {
    return this.periodic.start({ now: true });
  }

  onModuleDestroy(): Promise<void> {
    return this.periodic.stop();
  }

  /** One sweep at a time in this process; other processes are kept apart by the database. */
  sweep(): Promise<void> {
    return this.periodic.run();
  }
}
