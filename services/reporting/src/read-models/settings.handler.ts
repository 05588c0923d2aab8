import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventOf } from '@dukan/contracts';
import { logger, type EventHandler } from '@dukan/platform';
import { isTimeZone } from '../dashboard/dashboard.policy.js';

/** Keeps the shop's time zone, which decides where "today" starts. */
@Injectable()
export class ReportSettingsChangedHandler implements EventHandler<'dukan.settings.settings.changed.v1'> {
  readonly subject = 'dukan.settings.settings.changed.v1' as const;

  async handle(event: EventOf<'dukan.settings.settings.changed.v1'>, m: EntityManager): Promise<void> {
    const tz = event.data.timeZone;
    if (!isTimeZone(tz)) {
      logger().warn({ timeZone: tz }, 'settings published an unknown time zone; keeping the current one');
      return;
    }
    await m.query(
      `INSERT INTO shop_settings (id, time_zone, as_of) VALUES (1, $1, $2)
       ON CONFLICT (id) DO UPDATE SET time_zone = EXCLUDED.time_zone, as_of = EXCLUDED.as_of WHERE shop_settings.as_of <= EXCLUDED.as_of`,
      [tz, event.occurredAt],
    );
  }
}
