import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DEFAULT_EXCHANGE_RATE } from '@dukan/contracts';
import { REPORTING_CONFIG, type ReportingConfig } from '../config.js';
import { one } from '@dukan/platform';

export interface ShopSettings {
  timeZone: string;
  storeName: string;
  exchangeRate: number; // the global IQD per USD
  userExchangeRates: Record<string, number>;
}

export const SETTINGS_COLUMNS = 'time_zone, store_name, exchange_rate, user_exchange_rates';
export interface StoredSettings {
  time_zone: string;
  store_name: string;
  exchange_rate: string | number;
  user_exchange_rates: Record<string, number>;
}

/** The shop's time zone, name and exchange rates: the last ones settings published, else the configured defaults. */
@Injectable()
export class ShopClock {
  constructor(@Inject(REPORTING_CONFIG) private readonly config: ReportingConfig) {}

  async timeZone(m: EntityManager): Promise<string> {
    return (await this.settings(m)).timeZone;
  }

  async settings(m: EntityManager): Promise<ShopSettings> {
    return this.parse(await one<StoredSettings>(m, `SELECT ${SETTINGS_COLUMNS} FROM shop_settings WHERE id = 1`));
  }

  /** Settings as stored (SETTINGS_COLUMNS of shop_settings), or the defaults when settings never published any. */
  parse(row: StoredSettings | null): ShopSettings {
    if (!row)
      return { timeZone: this.config.DEFAULT_TIME_ZONE, storeName: 'Dukan', exchangeRate: DEFAULT_EXCHANGE_RATE, userExchangeRates: {} };
    return {
      timeZone: row.time_zone,
      storeName: row.store_name,
      exchangeRate: Number(row.exchange_rate),
      userExchangeRates: row.user_exchange_rates ?? {},
    };
  }
}
