import { DomainError } from '@dukan/platform';
import type { LoyaltySettings, RedemptionRefusal } from '../loyalty/loyalty.policy.js';

/** The spec's redeem errors (spec part 1 §5, §8): MINIMUM_POINTS, INSUFFICIENT_POINTS, and LOYALTY_DISABLED. */
export function redemptionError(reason: RedemptionRefusal, s: LoyaltySettings): DomainError {
  switch (reason) {
    case 'LOYALTY_DISABLED':
      return new DomainError('LOYALTY_DISABLED', 'loyalty.disabled');
    case 'MINIMUM_POINTS':
      return new DomainError('MINIMUM_POINTS', 'loyalty.minimumPointsError', { minimum: Math.max(1, s.minimumRedemption) });
    case 'BELOW_MINIMUM_BALANCE':
      return new DomainError('INSUFFICIENT_POINTS', 'loyalty.minimumBalanceError', { minimum: s.minimumPoints });
    case 'INSUFFICIENT_POINTS':
      return new DomainError('INSUFFICIENT_POINTS', 'loyalty.insufficientPointsError');
    default: {
      const never: never = reason;
      throw new Error(`unknown refusal ${String(never)}`);
    }
  }
}
