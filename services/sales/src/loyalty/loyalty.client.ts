import { Inject, Injectable } from '@nestjs/common';
import {
  formatMoney,
  isErrorCode,
  type ReleaseRequestDto,
  type ReservedRedemptionDto,
  type ReserveRequestDto,
  type ReserveResponseDto,
} from '@dukan/contracts';
import { DomainError, logger, Replicas } from '@dukan/platform';
import { SALES_CONFIG, type SalesConfig } from '../config.js';

/** The points held for a sale (loyalty's answer, contracts' ReservedRedemptionDto). */
export type Redemption = ReservedRedemptionDto;

export type ReserveResult =
  | { kind: 'answered'; redemption: Redemption | null; pointsToAward: number }
  /** Loyalty did not answer (down, timed out, misconfigured): the caller decides whether the sale can go on. */
  | { kind: 'unavailable' };

/** A reserve: the body loyalty takes (contracts' ReserveRequestDto) for this sale of this customer, in the caller's language. */
export interface ReserveRequest {
  saleId: string;
  customerId: string;
  body: Omit<ReserveRequestDto, 'customerId'>;
  /** The caller's language, for a refusal loyalty words (the credit limit). */
  locale?: string;
}

const PASSED_ON = new Set(['MINIMUM_POINTS', 'INSUFFICIENT_POINTS', 'LOYALTY_DISABLED', 'LOYALTY_DISCOUNT_NOT_POINTS']);

/**
 * The one call sales makes to loyalty (agreed protocol): reserve the points a sale redeems and quote the points
 * it awards, idempotent by sale id. Compensation: a sale that fails releases its attempt's hold at once (release);
 * loyalty's sweep releases any hold whose sale.completed never comes, should that call be lost too.
 */
@Injectable()
export class LoyaltyClient {
  /** Loyalty's processes: calls take turns and skip one that is down. */
  private readonly loyalty: Replicas;

  constructor(@Inject(SALES_CONFIG) private readonly config: SalesConfig) {
    this.loyalty = new Replicas(config.LOYALTY_URL);
  }

  async reserve(req: ReserveRequest): Promise<ReserveResult> {
    let res: Response;
    try {
      // Idempotent by sale id: a call whose connection broke may go to the next process.
      res = await this.loyalty.fetch(
        `/internal/loyalty/sales/${encodeURIComponent(req.saleId)}/reserve`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-dukan-internal': this.config.INTERNAL_TOKEN ?? '',
            ...(req.locale ? { 'accept-language': req.locale } : {}),
          },
          body: JSON.stringify({ ...req.body, customerId: req.customerId } satisfies ReserveRequestDto),
          signal: AbortSignal.timeout(this.config.LOYALTY_TIMEOUT_MS),
        },
        true,
      );
    } catch (err) {
      logger().warn({ err, saleId: req.saleId }, 'loyalty did not answer');
      return { kind: 'unavailable' };
    }
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (res.status === 200 && body && isReserveBody(body)) {
      return { kind: 'answered', redemption: body.redemption, pointsToAward: body.pointsToAward };
    }
    if (res.status === 404) {
      throw new DomainError('VALIDATION_FAILED', 'validation.failed', {}, { customer: { key: 'sales.customerUnknown' } });
    }
    const code = body?.code;
    if (res.status === 422 && code === 'CREDIT_LIMIT' && typeof body?.message === 'string') {
      // Loyalty worded it (the amounts owed and the limit) in the caller's language.
      const params = { message: body.message };
      throw new DomainError('CREDIT_LIMIT', 'accounts.passedOn', params, { tenders: { key: 'accounts.passedOn', params } });
    }
    if (res.status === 422 && code === 'LOYALTY_DISCOUNT_NOT_POINTS') {
      const params = { amount: formatMoney(req.body.loyaltyDiscountUsdCents ?? 0, 'USD', 'en') };
      throw new DomainError(code, 'loyalty.discountNotPoints', params, { loyaltyDiscount: { key: 'loyalty.discountNotPoints', params } });
    }
    if (res.status === 422 && isErrorCode(code) && PASSED_ON.has(code)) {
      const key =
        code === 'MINIMUM_POINTS'
          ? 'loyalty.minimumPointsError'
          : code === 'INSUFFICIENT_POINTS'
            ? 'loyalty.insufficientPointsError'
            : 'loyalty.disabled';
      throw new DomainError(code, key, {}, { loyaltyPointsRedeemed: { key } });
    }
    logger().warn({ status: res.status, code, saleId: req.saleId }, 'loyalty answered unexpectedly');
    return { kind: 'unavailable' };
  }

  /**
   * The sale `attempt` tried failed: whatever it holds goes back to the customer now, even when its reserve has not
   * reached loyalty yet. Never throws: when loyalty cannot be told, its sweep releases the hold when it expires.
   */
  async release(saleId: string, customerId: string, attempt: string): Promise<void> {
    try {
      const res = await this.loyalty.fetch(
        `/internal/loyalty/sales/${encodeURIComponent(saleId)}/release`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-dukan-internal': this.config.INTERNAL_TOKEN ?? '' },
          body: JSON.stringify({ customerId, attempt } satisfies ReleaseRequestDto),
          signal: AbortSignal.timeout(RELEASE_TIMEOUT_MS),
        },
        true,
      );
      if (!res.ok) logger().warn({ status: res.status, saleId }, "loyalty did not release a failed sale's hold");
    } catch (err) {
      logger().warn({ err, saleId }, "loyalty did not release a failed sale's hold");
    }
  }
}

/** A release waits behind the reserve it follows (the customer's lock), so it is given longer than a reserve. */
const RELEASE_TIMEOUT_MS = 30_000;

function isReserveBody(b: Record<string, unknown>): b is ReserveResponseDto & Record<string, unknown> {
  const r = b.redemption as Record<string, unknown> | null | undefined;
  const redemptionOk =
    r === null ||
    (typeof r === 'object' &&
      r !== undefined &&
      typeof r.reservationId === 'string' &&
      Number.isInteger(r.points) &&
      Number.isInteger(r.valueCents));
  return redemptionOk && Number.isInteger(b.pointsToAward) && (b.pointsToAward as number) >= 0;
}
