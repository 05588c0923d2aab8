import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventOf } from '@dukan/contracts';
import { logger, type EventHandler } from '@dukan/platform';

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Keeps the shop's time zone (when an expense falls due) and global exchange rate (an expense's default rate). */
@Injectable()
export class ExpenseSettingsChangedHandler implements EventHandler<'dukan.settings.settings.changed.v1'> {
  readonly subject = 'dukan.settings.settings.changed.v1' as const;

  async handle(event: EventOf<'dukan.settings.settings.changed.v1'>, m: EntityManager): Promise<void> {
    const { timeZone, exchangeRate } = event.data;
    if (!isTimeZone(timeZone) || !(exchangeRate > 0)) {
      logger().warn({ timeZone, exchangeRate }, 'settings published an unusable time zone or rate; keeping the current ones');
      return;
    }
    await m.query(
      `INSERT INTO shop_settings (id, time_zone, exchange_rate, as_of) VALUES (1, $1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET time_zone = EXCLUDED.time_zone, exchange_rate = EXCLUDED.exchange_rate, as_of = EXCLUDED.as_of
       WHERE shop_settings.as_of <= EXCLUDED.as_of`,
      [timeZone, exchangeRate, event.occurredAt],
    );
  }
}
