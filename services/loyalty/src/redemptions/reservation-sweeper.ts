import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { logger } from '@dukan/platform';
import { LOYALTY_CONFIG, type LoyaltyConfig } from '../config.js';
import { RedemptionsService } from './redemptions.service.js';

/** Periodically releases holds of sales that never completed, so the table says what the balance already knows. */
@Injectable()
export class ReservationSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly redemptions: RedemptionsService,
    @Inject(LOYALTY_CONFIG) private readonly config: LoyaltyConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.redemptions.releaseExpired().catch((err: unknown) => logger().warn({ err }, 'releasing expired reservations failed'));
    }, this.config.RESERVATION_SWEEP_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
