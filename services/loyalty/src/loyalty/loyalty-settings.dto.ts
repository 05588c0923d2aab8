import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsNumber, IsObject, Max, Min, ValidateNested } from 'class-validator';
import { LOYALTY_FIELDS, type LoyaltyField } from '@dukan/contracts';
import { BONUS_TYPES, type BonusType } from './loyalty.policy.js';

/**
 * A figure of the settings by contracts' LOYALTY_FIELDS, as the settings form checks it (spec part 2 §5: 0 or more,
 * multipliers at least 1; decimals as fine as the form's steps allow): at least its min, at most its max, a whole
 * number or a number of at most its decimals.
 */
function LoyaltyFigure(field: LoyaltyField): PropertyDecorator {
  const { min, max, decimals } = LOYALTY_FIELDS[field];
  const number = decimals === 0 ? IsInt() : IsNumber({ maxDecimalPlaces: decimals });
  // Applied in the order written as decorators (the last first), so a refusal names the same constraint as before.
  return (target, key) => [number, Max(max), Min(min)].forEach((decorate) => decorate(target, key));
}

export class StatusTiersDto {
  @LoyaltyFigure('statusTier')
  silver!: number;

  @LoyaltyFigure('statusTier')
  gold!: number;

  @LoyaltyFigure('statusTier')
  platinum!: number;
}

export class StatusMultipliersDto {
  @LoyaltyFigure('statusMultiplier')
  standard!: number;

  @LoyaltyFigure('statusMultiplier')
  silver!: number;

  @LoyaltyFigure('statusMultiplier')
  gold!: number;

  @LoyaltyFigure('statusMultiplier')
  platinum!: number;
}

export class PurchaseTierDto {
  /** Sale total in dollars that reaches the tier. */
  @LoyaltyFigure('tierThreshold')
  threshold!: number;

  @IsIn(BONUS_TYPES)
  bonusType!: BonusType;

  /** Points (fixed: whole points) or percent of the base points (percentage). */
  @LoyaltyFigure('tierBonusValue')
  bonusValue!: number;
}

/** PUT /api/loyalty/settings: the whole settings object (spec part 2 §7). */
export class LoyaltySettingsBody {
  @IsBoolean()
  enabled!: boolean;

  @LoyaltyFigure('pointsPerDollar')
  pointsPerDollar!: number;

  /** Dollars per point (form step 0.001). */
  @LoyaltyFigure('redemptionRate')
  redemptionRate!: number;

  @LoyaltyFigure('minimumPoints')
  minimumPoints!: number;

  @LoyaltyFigure('minimumRedemption')
  minimumRedemption!: number;

  /** Dollars; 0 means no cap. */
  @LoyaltyFigure('maximumRedemptionValue')
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
