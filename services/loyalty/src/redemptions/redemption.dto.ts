import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';

/** POST /api/transactions/redeem (spec part 1 §7). */
export class RedeemQuoteDto {
  @IsUUID('all', { message: 'validation.invalidId' })
  customerId!: string;

  /** Whole points; 0 or below is refused by the rule (MINIMUM_POINTS), not as bad input. */
  @IsInt() @Min(-1_000_000_000) @Max(1_000_000_000)
  points!: number;
}

/** POST /internal/loyalty/sales/:saleId/reserve, from sales. */
export class ReserveDto {
  /** null (or absent) for a guest. */
  @IsOptional() @IsUUID('all', { message: 'validation.invalidId' })
  customerId!: string | null;

  @IsInt() @Min(0) @Max(1_000_000_000)
  pointsToRedeem!: number;

  @IsInt() @Min(0) @Max(Number.MAX_SAFE_INTEGER)
  totalBeforeLoyaltyUsdCents!: number;

  /** The loyalty discount a sale states without its points (pointsToRedeem 0): loyalty finds the points worth it. */
  @IsOptional() @IsInt() @Min(0) @Max(Number.MAX_SAFE_INTEGER)
  loyaltyDiscountUsdCents?: number;
}
