import { Inject, Injectable } from '@nestjs/common';
import { DomainError, logger } from '@dukan/platform';
import { SALES_CONFIG, type SalesConfig } from '../config.js';

/**
 * Asks settings, at the moment of a sale, for the exchange rate that applies to the cashier (their own, else the
 * shop's). Asked rather than replicated: a replica would lag just after a rate change (refusing the rate the till
 * has just reloaded) and would start empty on a shop that set its rate before sales kept one.
 */
@Injectable()
export class SettingsClient {
  constructor(@Inject(SALES_CONFIG) private readonly config: SalesConfig) {}

  async exchangeRate(userId: string): Promise<number> {
    const url = `${this.config.SETTINGS_URL.replace(/\/$/, '')}/internal/settings/exchange-rate/${encodeURIComponent(userId)}`;
    try {
      const res = await fetch(url, {
        headers: { 'x-dukan-internal': this.config.INTERNAL_TOKEN ?? '' },
        signal: AbortSignal.timeout(this.config.SETTINGS_TIMEOUT_MS),
      });
      const body = (await res.json().catch(() => null)) as { exchangeRate?: unknown } | null;
      if (res.status === 200 && typeof body?.exchangeRate === 'number' && body.exchangeRate > 0) return body.exchangeRate;
      logger().warn({ status: res.status, userId }, 'settings answered the exchange rate unexpectedly');
    } catch (err) {
      logger().warn({ err, userId }, 'settings did not answer the exchange rate');
    }
    throw new DomainError('SERVICE_UNAVAILABLE', 'sales.settingsUnavailable');
  }
}
