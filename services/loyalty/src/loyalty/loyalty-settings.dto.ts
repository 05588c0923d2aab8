import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsNumber, IsObject, Max, Min, ValidateNested } from 'class-validator';
import { LOYALTY_MULTIPLIER_MIN } from '@dukan/contracts';
import { BONUS_TYPES, type BonusType } from './loyalty.policy.js';

// Minimums of spec part 2 §5 (0 everywhere, multipliers at least 1); decimals as fine as the form's steps allow.
const BIG = 1_000_000_000;

export class StatusTiersDto {
  @Min(0)
  @Max(BIG)
  @IsInt()
  silver!: number;

  @Min(0)
  @Max(BIG)
  @IsInt()
  gold!: number;

  @Min(0)
  @Max(BIG)
  @IsInt()
  platinum!: number;
}

export class StatusMultipliersDto {
  @Min(LOYALTY_MULTIPLIER_MIN)
  @Max(100)
  @IsNumber({ maxDecimalPlaces: 2 })
  standard!: number;

  @Min(LOYALTY_MULTIPLIER_MIN)
  @Max(100)
  @IsNumber({ maxDecimalPlaces: 2 })
  silver!: number;

  @Min(LOYALTY_MULTIPLIER_MIN)
  @Max(100)
  @IsNumber({ maxDecimalPlaces: 2 })
  gold!: number;

  @Min(LOYALTY_MULTIPLIER_MIN)
  @Max(100)
  @IsNumber({ maxDecimalPlaces: 2 })
  platinum!: number;
}

export class PurchaseTierDto {
  /** Sale total in dollars that reaches the tier. */
  @Min(0)
  @Max(BIG)
  @IsNumber({ maxDecimalPlaces: 2 })
  threshold!: number;

  @IsIn(BONUS_TYPES)
  bonusType!: BonusType;

  /** Points (fixed: whole points) or percent of the base points (percentage). */
  @Min(0)
  @Max(BIG)
  @IsNumber({ maxDecimalPlaces: 2 })
  bonusValue!: number;
}

/** PUT /api/loyalty/settings: the whole settings object (spec part 2 §7). */
export class LoyaltySettingsBody {
  @IsBoolean()
  enabled!: boolean;

  @Min(0)
  @Max(10_000)
  @IsNumber({ maxDecimalPlaces: 2 })
  pointsPerDollar!: number;

  /** Dollars per point (form step 0.001). */
  @Min(0)
  @Max(10_000)
  @IsNumber({ maxDecimalPlaces: 4 })
  redemptionRate!: number;

  @Min(0)
  @Max(BIG)
  @IsInt()
  minimumPoints!: number;

  @Min(0)
  @Max(BIG)
  @IsInt()
  minimumRedemption!: number;

  /** Dollars; 0 means no cap. */
  @Min(0)
  @Max(BIG)
  @IsNumber({ maxDecimalPlaces: 2 })
  maximumRedemptionValue!: number;

  @IsObject()
  @ValidateNested()
  @Type(() => StatusTiersDto)
  statusTiers!: StatusTiersDto;

  @IsObject()
  @ValidateNested()
  @Type(() => StatusMultipliersDto)
  statusMultipliers!: StatusMultipliersDto;

  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => PurchaseTierDto)
  tiers!: PurchaseTierDto[];
}
