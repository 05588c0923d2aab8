import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsAmount } from '@dukan/platform';
import { CURRENCIES, LOCALES, MAX_DRAWER_MINOR, TAX_MODES, type Currency, type Locale, type TaxMode } from '@dukan/contracts';

/** The shop's scale-label rule (see ScaleLabelRule); checked as a whole by scaleRuleProblem. */
export class ScaleLabelRuleDto {
  @IsBoolean()
  enabled!: boolean;

  @IsString()
  @Matches(/^\d{1,3}(-\d{1,3})?$/, { message: 'settings.scalePrefixInvalid' })
  prefix!: string;

  @IsInt({ message: 'validation.integer' })
  @Min(1, { message: 'settings.scaleLayoutInvalid' })
  @Max(10, { message: 'settings.scaleLayoutInvalid' })
  codeDigits!: number;

  @IsIn(['weight', 'price'])
  value!: 'weight' | 'price';

  @IsBoolean()
  valueCheckDigit!: boolean;

  @IsIn(CURRENCIES)
  currency!: Currency;
}

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const SLUG = /^[\p{L}\p{N}._-]{1,40}$/u;

export class BranchInputDto {
  @Transform(trim)
  @IsString()
  @Matches(SLUG, { message: 'validation.invalidValue' })
  _id!: string;

  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;

  @IsArray()
  @ArrayMinSize(1, { message: 'validation.required' })
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @Matches(SLUG, { each: true, message: 'validation.invalidValue' })
  registers!: string[];
}

/** The difference a shift's close may show without a user with pos → close, per currency in its own minor unit. */
export class ShiftDifferenceLimitDto {
  @IsAmount('amountOrZero', { max: MAX_DRAWER_MINOR.USD })
  USD!: number;

  @IsAmount('amountOrZero', { max: MAX_DRAWER_MINOR.IQD })
  IQD!: number;
}

/**
 * PUT /api/settings/general. Anyone signed in may send `exchangeRate` (a manager's or cashier's own rate);
 * everything else, and `applyToAllUsers`, is for admins.
 */
export class UpdateGeneralSettingsDto {
  /** Values below 1 become 1 (spec part 2 §5). */
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 4, allowNaN: false, allowInfinity: false }, { message: 'validation.invalidNumber' })
  @Max(1_000_000)
  exchangeRate?: number;

  @IsOptional()
  @IsBoolean()
  applyToAllUsers?: boolean;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  storeName?: string;

  @IsOptional()
  @IsIn(LOCALES)
  defaultLanguage?: Locale;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  timeZone?: string;

  /** Percent, e.g. 7.5 (0: no tax). */
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, { message: 'validation.taxRate' })
  @Min(0, { message: 'validation.taxRate' })
  @Max(100, { message: 'validation.taxRate' })
  taxRate?: number;

  /** Whether the rate is included in prices or added to them. */
  @IsOptional()
  @IsIn(TAX_MODES, { message: 'validation.taxMode' })
  taxMode?: TaxMode;

  @IsOptional()
  @IsInt({ message: 'validation.integer' })
  @Min(1)
  @Max(100_000)
  iqdCashRounding?: number;

  /** The currency the till starts the change in (the cashier may pick the other). */
  @IsOptional()
  @IsIn(CURRENCIES)
  changeCurrency?: Currency;

  /** Whether a till may sell with no shift open on its register. */
  @IsOptional()
  @IsBoolean()
  sellWithoutShift?: boolean;

  @IsOptional()
  @ValidateNested()
  @Type(() => ShiftDifferenceLimitDto)
  shiftDifferenceLimit?: ShiftDifferenceLimitDto;

  /** How the till reads the shop's scale labels. */
  @IsOptional()
  @ValidateNested()
  @Type(() => ScaleLabelRuleDto)
  scaleLabel?: ScaleLabelRuleDto;

  @IsOptional()
  @IsArray()
  @ArrayMinSize(1, { message: 'validation.required' })
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => BranchInputDto)
  branches?: BranchInputDto[];
}
