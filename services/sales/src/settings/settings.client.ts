import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { UserExchangeRateDto } from '@dukan/contracts';
import { DomainError, EVENT_BUS, logger, Replicas, type EventBus } from '@dukan/platform';
import { SALES_CONFIG, type SalesConfig } from '../config.js';

/** Two rates are the same rate (both have at most 4 decimals). */
export function sameRate(a: number, b: number): boolean {
  return Math.abs(a - b) < 1e-9;
}

/**
 * The exchange rate that applies to a cashier (their own, else the shop's), as settings gives it at the moment of a
 * sale. Asked over settings' internal route rather than replicated: a replica lags just after a rate change (it
 * would refuse the rate the till has just reloaded) and starts empty on a shop that set its rate before sales kept
 * one. Answers are kept a short while and dropped when settings announces a change, so a sale costs no round trip;
 * a rate that disagrees with the kept answer is always asked again before the sale is refused. While settings does
 * not answer, the last answer it gave stands (nobody can change a rate while settings is away), so the till goes on
 * selling; only a cashier settings never answered for is refused then.
 */
@Injectable()
export class SettingsClient implements OnModuleInit {
  private readonly kept = new Map<string, { rate: number; until: number }>();
  /** Bumped by every change settings announces: an answer asked before it is not kept. */
  private generation = 0;

  /** Settings' processes: calls take turns and skip one that is down. */
  private readonly settings: Replicas;

  constructor(
    @Inject(SALES_CONFIG) private readonly config: SalesConfig,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
  ) {
    this.settings = new Replicas(config.SETTINGS_URL);
  }

  async onModuleInit(): Promise<void> {
    await this.bus.watch(['dukan.settings.settings.changed.v1'], () => {
      this.kept.clear();
      this.generation += 1;
    });
  }

  /** The rate to record for a sale by `userId`; `given` is the client's, which a kept answer may confirm. */
  async exchangeRate(userId: string, given?: number): Promise<number> {
    const kept = this.kept.get(userId);
    if (kept && kept.until > Date.now() && (given === undefined || sameRate(kept.rate, given))) return kept.rate;
    const generation = this.generation;
    const rate = await this.ask(userId).catch((err: unknown) => {
      if (kept) return kept.rate;
      throw err;
    });
    // Kept even when SETTINGS_CACHE_MS is 0: it is then never fresh, but still stands while settings is away.
    if (generation === this.generation) this.kept.set(userId, { rate, until: Date.now() + this.config.SETTINGS_CACHE_MS });
    return rate;
  }

  private async ask(userId: string): Promise<number> {
    try {
      const res = await this.settings.fetch(
        `/internal/settings/exchange-rate/${encodeURIComponent(userId)}`,
        {
          headers: { 'x-dukan-internal': this.config.INTERNAL_TOKEN ?? '' },
          signal: AbortSignal.timeout(this.config.SETTINGS_TIMEOUT_MS),
        },
        true,
      );
      const body = (await res.json().catch(() => null)) as Partial<UserExchangeRateDto> | null;
      if (res.status === 200 && typeof body?.exchangeRate === 'number' && body.exchangeRate > 0) return body.exchangeRate;
      logger().warn({ status: res.status, userId }, 'settings answered the exchange rate unexpectedly');
    } catch (err) {
      logger().warn({ err, userId }, 'settings did not answer the exchange rate');
    }
    throw new DomainError('SERVICE_UNAVAILABLE', 'sales.settingsUnavailable');
  }
}
