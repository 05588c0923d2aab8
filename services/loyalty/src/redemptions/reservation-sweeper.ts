import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Periodic } from '@dukan/platform';
import { LOYALTY_CONFIG, type LoyaltyConfig } from '../config.js';
import { RedemptionsService } from './redemptions.service.js';

/** Periodically releases holds of sales that never completed, so the table says what the balance already knows. */
@Injectable()
export class ReservationSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly periodic: Periodic;

  constructor(redemptions: RedemptionsService, @Inject(LOYALTY_CONFIG) config: LoyaltyConfig) {
    this.periodic = new Periodic('releasing expired reservations', config.RESERVATION_SWEEP_MS, () => redemptions.releaseExpired());
  }

  onApplicationBootstrap(): Promise<void> {
    return this.periodic.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.periodic.stop();
  }
}
