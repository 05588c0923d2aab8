import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventOf } from '@dukan/contracts';
import { logger, type EventHandler } from '@dukan/platform';
import { isTimeZone } from '../dashboard/dashboard.policy.js';
import { ShopClock } from './shop-clock.js';

/** Keeps the shop's time zone (where "today" starts), its name and its exchange rates (reports in IQD). */
@Injectable()
export class ReportSettingsChangedHandler implements EventHandler<'dukan.settings.settings.changed.v1'> {
  readonly subject = 'dukan.settings.settings.changed.v1' as const;
  constructor(private readonly clock: ShopClock) {}

  async handle(event: EventOf<'dukan.settings.settings.changed.v1'>, m: EntityManager): Promise<void> {
    const d = event.data;
    let tz = d.timeZone;
    if (!isTimeZone(tz)) {
      logger().warn({ timeZone: tz }, 'settings published an unknown time zone; keeping the current one');
      tz = await this.clock.timeZone(m);
    }
    const rate = Number.isFinite(d.exchangeRate) && d.exchangeRate >= 1 ? d.exchangeRate : null;
    await m.query(
      `INSERT INTO shop_settings (id, time_zone, as_of, store_name, exchange_rate, user_exchange_rates)
       VALUES (1, $1, $2, coalesce(nullif($3, ''), 'Dukan'), coalesce($4, 1450), $5)
       ON CONFLICT (id) DO UPDATE SET time_zone = EXCLUDED.time_zone, as_of = EXCLUDED.as_of, store_name = EXCLUDED.store_name,
         exchange_rate = coalesce($4, shop_settings.exchange_rate), user_exchange_rates = EXCLUDED.user_exchange_rates
       WHERE shop_settings.as_of <= EXCLUDED.as_of`,
      [tz, event.occurredAt, d.storeName ?? '', rate, JSON.stringify(d.userExchangeRates ?? {})],
    );
  }
}
