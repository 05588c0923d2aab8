import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { formatMoney, fromCents, pointsForValue, type RedemptionQuoteDto, type ReserveResponseDto } from '@dukan/contracts';
import { DomainError, one, type RequestContext } from '@dukan/platform';
import { LOYALTY_CONFIG, type LoyaltyConfig } from '../config.js';
import { AccountsService } from '../accounts/accounts.service.js';
import { CustomersService } from '../customers/customers.service.js';
import { LoyaltySettingsService } from '../loyalty/loyalty-settings.service.js';
import { awardFor, redeem, statusFor, type LoyaltySettings } from '../loyalty/loyalty.policy.js';
import { lockCustomer, spendablePoints } from '../points/points.ledger.js';
import type { RedeemQuoteDto, ReserveDto } from './redemption.dto.js';
import { redemptionError } from './redemption-errors.js';

interface ReservationRow {
  id: string;
  sale_id: string;
  customer_id: string;
  points_requested: number;
  total_before_cents: string;
  points: number;
  value_cents: number;
  points_to_award: number;
  status: 'active' | 'consumed' | 'released';
  expires_at: Date;
  attempt: string | null;
}

@Injectable()
export class RedemptionsService {
  constructor(
    private readonly ds: DataSource,
    private readonly customers: CustomersService,
    private readonly settings: LoyaltySettingsService,
    private readonly accounts: AccountsService,
    @Inject(LOYALTY_CONFIG) private readonly config: LoyaltyConfig,
  ) {}

  /** What redeeming `points` would be worth now; spends and holds nothing (the sale's reservation does). */
  async quote(_ctx: RequestContext, dto: RedeemQuoteDto): Promise<RedemptionQuoteDto> {
    const m = this.ds.manager;
    const customer = await this.customers.findLive(dto.customerId);
    const settings = await this.settings.current();
    const result = redeem(dto.points, await spendablePoints(m, customer), settings);
    if (!result.ok) throw redemptionError(result.reason, settings);
    return { pointsRedeemed: result.points, monetaryValue: fromCents(result.valueCents) };
  }

  /**
   * Sales asks before committing a sale: holds the points to redeem (one hold per sale id; asking again gives the
   * same answer) and quotes the points the sale will earn. The customer row is locked, so two tills redeeming the
   * same points at once are served one after the other and the second finds them held.
   */
  async reserve(ctx: RequestContext, saleId: string, dto: ReserveDto): Promise<ReserveResponseDto> {
    if (saleId.length > 100) throw DomainError.validation({ saleId: { key: 'validation.tooLong', params: { max: 100 } } });
    if (!dto.customerId) return { redemption: null, pointsToAward: 0 };
    const customerId = dto.customerId;
    const ttl = this.config.RESERVATION_TTL_MINUTES;
    return this.ds.transaction(async (m) => {
      const customer = await lockCustomer(m, customerId);
      const settings = await this.settings.current(m);
      const requested = this.pointsRequested(dto, settings);
      // Sales gave this attempt up and released it: its reserve, arriving late, holds nothing (sales uses no answer of it).
      if (dto.attempt && (await one(m, `SELECT 1 FROM released_attempts WHERE sale_id = $1 AND attempt = $2`, [saleId, dto.attempt]))) {
        throw new DomainError('CONFLICT', 'loyalty.reservationMismatch');
      }
      const attempt = dto.attempt ?? null;
      // The sale's account tender is held in the same step, under the same lock (refused beyond the credit limit).
      if (dto.account) await this.accounts.hold(m, ctx, customerId, saleId, dto.account, attempt);
      const existing = await one<ReservationRow>(m, `SELECT * FROM reservations WHERE sale_id = $1`, [saleId]);
      if (existing) {
        if (
          existing.customer_id !== customerId ||
          existing.points_requested !== requested ||
          Number(existing.total_before_cents) !== dto.totalBeforeLoyaltyUsdCents
        ) {
          throw new DomainError('CONFLICT', 'loyalty.reservationMismatch');
        }
        const lapsed = existing.status === 'released' || (existing.status === 'active' && new Date(existing.expires_at) <= new Date());
        if (lapsed) {
          // The sale took longer than the hold: hold the same points again if they are still there.
          if (existing.points > 0 && (!customer || (await spendablePoints(m, customer, saleId)) < existing.points)) {
            throw new DomainError('INSUFFICIENT_POINTS', 'loyalty.insufficientPointsError');
          }
          await m.query(
            `UPDATE reservations SET status = 'active', expires_at = now() + ($2::float8 * interval '1 minute'), settled_at = NULL WHERE id = $1`,
            [existing.id, ttl],
          );
        }
        // The hold is now this attempt's: releasing an earlier attempt leaves it alone.
        if (existing.status !== 'consumed') await m.query(`UPDATE reservations SET attempt = $2 WHERE id = $1`, [existing.id, attempt]);
        return answer(existing);
      }
      if (!customer || customer.deleted_at) throw DomainError.notFound('entities.customer');
      let points = 0;
      let valueCents = 0;
      if (requested > 0) {
        const result = redeem(requested, await spendablePoints(m, customer), settings, dto.totalBeforeLoyaltyUsdCents);
        if (!result.ok) throw redemptionError(result.reason, settings);
        points = result.points;
        valueCents = result.valueCents;
      }
      const status = statusFor(customer.lifetime_points, settings);
      const pointsToAward = awardFor(dto.totalBeforeLoyaltyUsdCents - valueCents, status, settings).points;
      const row = await one<ReservationRow>(
        m,
        `INSERT INTO reservations (sale_id, customer_id, points_requested, total_before_cents, points, value_cents, points_to_award, status, expires_at, attempt)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'active', now() + ($8::float8 * interval '1 minute'), $9) RETURNING *`,
        [saleId, customerId, requested, dto.totalBeforeLoyaltyUsdCents, points, valueCents, pointsToAward, ttl, attempt],
      );
      return answer(row!);
    });
  }

  /**
   * The points a sale redeems: as sent, or, for a client that sends only the loyalty discount (the spec's sale payload),
   * the whole number of points worth exactly that discount at the redemption rate; refused when there is none.
   */
  private pointsRequested(dto: ReserveDto, settings: LoyaltySettings): number {
    const value = dto.loyaltyDiscountUsdCents ?? 0;
    if (dto.pointsToRedeem > 0 || value <= 0) return dto.pointsToRedeem;
    if (!settings.enabled) throw new DomainError('LOYALTY_DISABLED', 'loyalty.disabled');
    const points = pointsForValue(value, settings.redemptionRate);
    if (points === null)
      throw new DomainError('LOYALTY_DISCOUNT_NOT_POINTS', 'loyalty.discountNotPoints', { amount: formatMoney(value, 'USD', 'en') });
    return points;
  }

  /**
   * Sales' failure path: the sale `attempt` tried will not be made, so its hold goes at once. Taken under the customer's
   * lock, as a reserve is: a reserve still on its way finds the attempt released and holds nothing. A hold a later
   * attempt of the same sale took over is left alone. Answers whether a hold was released.
   */
  async release(saleId: string, customerId: string, attempt: string): Promise<boolean> {
    if (saleId.length > 100) throw DomainError.validation({ saleId: { key: 'validation.tooLong', params: { max: 100 } } });
    return this.ds.transaction(async (m) => {
      await lockCustomer(m, customerId);
      await m.query(`INSERT INTO released_attempts (sale_id, attempt) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [saleId, attempt]);
      const res: unknown = await m.query(
        `UPDATE reservations SET status = 'released', settled_at = now() WHERE sale_id = $1 AND attempt = $2 AND status = 'active'`,
        [saleId, attempt],
      );
      const held: unknown = await m.query(
        `UPDATE account_holds SET status = 'released' WHERE sale_id = $1 AND attempt = $2 AND status = 'active'`,
        [saleId, attempt],
      );
      return (Array.isArray(res) && res[1] === 1) || (Array.isArray(held) && held[1] === 1);
    });
  }

  /** Marks holds whose sale never completed as released (spendable points already ignore them once expired). */
  async releaseExpired(): Promise<number> {
    const res: unknown = await this.ds.query(
      `UPDATE reservations SET status = 'released', settled_at = now() WHERE status = 'active' AND expires_at <= now()`,
    );
    await this.ds.query(`UPDATE account_holds SET status = 'released' WHERE status = 'active' AND expires_at <= now()`);
    // A released attempt is remembered as long as its reserve could still arrive, a day at most.
    await this.ds.query(`DELETE FROM released_attempts WHERE released_at < now() - interval '1 day'`);
    return Array.isArray(res) && typeof res[1] === 'number' ? res[1] : 0;
  }
}

function answer(r: ReservationRow): ReserveResponseDto {
  return {
    redemption: r.points > 0 ? { reservationId: r.id, points: r.points, valueCents: r.value_cents } : null,
    pointsToAward: r.points_to_award,
  };
}
