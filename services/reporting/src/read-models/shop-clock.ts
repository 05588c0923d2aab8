import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { REPORTING_CONFIG, type ReportingConfig } from '../config.js';
import { one } from '@dukan/platform';

/** The shop's time zone: the last one settings published, else the configured default (Asia/Baghdad). */
@Injectable()
export class ShopClock {
  constructor(@Inject(REPORTING_CONFIG) private readonly config: ReportingConfig) {}

  async timeZone(m: EntityManager): Promise<string> {
    const row = await one<{ time_zone: string }>(m, `SELECT time_zone FROM shop_settings WHERE id = 1`);
    return row?.time_zone ?? this.config.DEFAULT_TIME_ZONE;
  }
}
