import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { EventOf } from '@dukan/contracts';
import { DomainError, logger, one, Replicas, type EventHandler } from '@dukan/platform';
import { LOYALTY_CONFIG, type LoyaltyConfig } from '../config.js';

/**
 * The shop's exchange rates as settings last announced them (the shop's, and a cashier's own where set), newest
 * announcement wins whatever order they come in. A repayment in the other currency is converted at the rate of the
 * user taking it, as a sale by them would be. A shop whose rate loyalty has not heard announced (set before loyalty
 * kept it, or never changed) is asked of settings.
 */
@Injectable()
export class ExchangeRates {
  private readonly settings: Replicas;

  constructor(
    private readonly ds: DataSource,
    @Inject(LOYALTY_CONFIG) private readonly config: LoyaltyConfig,
  ) {
    this.settings = new Replicas(config.SETTINGS_URL);
  }

  async rateFor(userId: string | null, m: EntityManager = this.ds.manager): Promise<number> {
    const row = await one<{ rate: string; user_rates: Record<string, number> }>(
      m,
      `SELECT rate, user_rates FROM exchange_rates WHERE id = 1`,
    );
    if (!row) return this.ask(userId);
    const own = userId ? row.user_rates[userId] : undefined;
    return typeof own === 'number' && own > 0 ? own : Number(row.rate);
  }

  private async ask(userId: string | null): Promise<number> {
    try {
      const res = await this.settings.fetch(
        `/internal/settings/exchange-rate/${encodeURIComponent(userId ?? 'system')}`,
        { headers: { 'x-dukan-internal': this.config.INTERNAL_TOKEN ?? '' }, signal: AbortSignal.timeout(this.config.SETTINGS_TIMEOUT_MS) },
        true,
      );
      const body = (await res.json().catch(() => null)) as { exchangeRate?: unknown } | null;
      if (res.status === 200 && typeof body?.exchangeRate === 'number' && body.exchangeRate > 0) return body.exchangeRate;
      logger().warn({ status: res.status }, 'settings answered the exchange rate unexpectedly');
    } catch (err) {
      logger().warn({ err }, 'settings did not answer the exchange rate');
    }
    throw new DomainError('SERVICE_UNAVAILABLE', 'accounts.rateUnknown');
  }
}

@Injectable()
export class RatesChangedHandler implements EventHandler<'dukan.settings.settings.changed.v1'> {
  readonly subject = 'dukan.settings.settings.changed.v1' as const;

  async handle(event: EventOf<'dukan.settings.settings.changed.v1'>, m: EntityManager): Promise<void> {
    const d = event.data;
    if (!(d.exchangeRate > 0)) return;
    await m.query(
      `INSERT INTO exchange_rates (id, rate, user_rates, as_of) VALUES (1, $1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET rate = EXCLUDED.rate, user_rates = EXCLUDED.user_rates, as_of = EXCLUDED.as_of
         WHERE exchange_rates.as_of <= EXCLUDED.as_of`,
      [d.exchangeRate, JSON.stringify(d.userExchangeRates ?? {}), event.occurredAt],
    );
  }
}
