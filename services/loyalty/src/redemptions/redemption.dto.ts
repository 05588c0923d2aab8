import { Type } from 'class-transformer';
import { IsInt, IsObject, IsOptional, IsString, IsUUID, Matches, Max, Min, ValidateNested } from 'class-validator';
import type { ReleaseRequestDto, ReserveRequestDto } from '@dukan/contracts';
import { IsAmount } from '@dukan/platform';
import { AccountHoldDto } from '../accounts/account.dto.js';

const ATTEMPT = /^[A-Za-z0-9-]{8,64}$/;

/** POST /api/transactions/redeem (spec part 1 §7). */
export class RedeemQuoteDto {
  @IsUUID('all', { message: 'validation.invalidId' })
  customerId!: string;

  /** Whole points; 0 or below is refused by the rule (MINIMUM_POINTS), not as bad input. */
  @IsInt()
  @Min(-1_000_000_000)
  @Max(1_000_000_000)
  points!: number;
}

/** POST /internal/loyalty/sales/:saleId/reserve, from sales. */
export class ReserveDto implements ReserveRequestDto {
  /** null (or absent) for a guest. */
  @IsOptional()
  @IsUUID('all', { message: 'validation.invalidId' })
  customerId!: string | null;

  @IsInt()
  @Min(0)
  @Max(1_000_000_000)
  pointsToRedeem!: number;

  @IsAmount('saleTotal')
  totalBeforeLoyaltyUsdCents!: number;

  /** The loyalty discount a sale states without its points (pointsToRedeem 0): loyalty finds the points worth it. */
  @IsOptional()
  @IsAmount('saleTotal')
  loyaltyDiscountUsdCents?: number;

  /** Sales' attempt at the sale: a release names it, and a reserve of a released attempt holds nothing. */
  @IsOptional()
  @IsString()
  @Matches(ATTEMPT)
  attempt?: string;

  /** The sale's account tender (issue 31): held on the customer's account within their credit limit. */
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => AccountHoldDto)
  account?: AccountHoldDto;
}

/** POST /internal/loyalty/sales/:saleId/release, from sales when a sale failed after asking for its hold. */
export class ReleaseDto implements ReleaseRequestDto {
  @IsUUID('all', { message: 'validation.invalidId' })
  customerId!: string;

  @IsString()
  @Matches(ATTEMPT)
  attempt!: string;
}
