import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { logger } from '@dukan/platform';
import { EXPENSES_CONFIG, type ExpensesConfig } from '../config.js';
import { RecurringExpenses } from './recurring-expenses.js';

/** Looks for due recurring expenses at start (catching up on days the service was down) and every RECURRING_SWEEP_MS. */
@Injectable()
export class RecurringScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly recurring: RecurringExpenses,
    @Inject(EXPENSES_CONFIG) private readonly config: ExpensesConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.config.RECURRING_SWEEP_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One sweep at a time in this process; other processes are kept apart by the database. */
  sweep(): Promise<void> {
    this.running ??= (async () => {
      try {
        const created = await this.recurring.runDue();
        if (created > 0) logger().info({ created }, 'recurring expenses created');
      } catch (err) {
        logger().warn({ err }, 'creating recurring expenses failed; the next sweep tries again');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }
}
