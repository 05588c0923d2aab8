import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { one } from '@dukan/platform';
import { EXPENSES_CONFIG, type ExpensesConfig } from '../config.js';

/** The shop's time zone and global exchange rate as settings last published them (the configured zone and no rate before that). */
@Injectable()
export class ShopSettings {
  constructor(@Inject(EXPENSES_CONFIG) private readonly config: ExpensesConfig) {}

  async current(m: EntityManager): Promise<{ timeZone: string; exchangeRate: number | null }> {
    const row = await one<{ time_zone: string; exchange_rate: string }>(
      m,
      `SELECT time_zone, exchange_rate FROM shop_settings WHERE id = 1`,
    );
    return {
      timeZone: row?.time_zone ?? this.config.DEFAULT_TIME_ZONE,
      exchangeRate: row ? Number(row.exchange_rate) : null,
    };
  }
}
