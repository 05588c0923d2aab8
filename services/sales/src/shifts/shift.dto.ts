import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, MaxLength, ValidateNested } from 'class-validator';
import { CURRENCIES, MAX_DRAWER_MINOR, type Currency } from '@dukan/contracts';
import { IsAmount, PageQuery } from '@dukan/platform';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const REGISTER = /^[\p{L}\p{N} ._-]{1,40}$/u;

/** An amount of each currency, each in its own minor unit (US cents, whole dinars): a float or a count. */
export class DrawerAmountsDto {
  @IsAmount('amountOrZero', { max: MAX_DRAWER_MINOR.USD })
  USD!: number;

  @IsAmount('amountOrZero', { max: MAX_DRAWER_MINOR.IQD })
  IQD!: number;
}

/** POST /api/shifts */
export class OpenShiftDto {
  @Transform(trim)
  @IsString()
  @Matches(REGISTER, { message: 'validation.invalidValue' })
  register!: string;

  @ValidateNested()
  @Type(() => DrawerAmountsDto)
  float!: DrawerAmountsDto;
}

/** POST /api/shifts/:id/cash */
export class CashMovementBodyDto {
  @IsIn(['cash_in', 'cash_out'])
  kind!: 'cash_in' | 'cash_out';

  @IsIn(CURRENCIES)
  currency!: Currency;

  @IsAmount('amount', { max: MAX_DRAWER_MINOR.IQD })
  amountMinor!: number;

  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(200)
  reason!: string;

  /** A cash-out recorded once in expenses as an expense paid in cash from the drawer. */
  @IsOptional()
  @IsBoolean()
  asExpense?: boolean;
}

/** POST /api/shifts/:id/close */
export class CloseShiftDto {
  @ValidateNested()
  @Type(() => DrawerAmountsDto)
  counted!: DrawerAmountsDto;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(500)
  note?: string;
}

/** GET /api/shifts/current */
export class CurrentShiftQuery {
  @Transform(trim)
  @IsString()
  @Matches(REGISTER, { message: 'validation.invalidValue' })
  register!: string;
}

/** GET /api/shifts */
export class ListShiftsQuery extends PageQuery {
  @IsOptional()
  @Transform(trim)
  @IsString()
  @Matches(REGISTER, { message: 'validation.invalidValue' })
  register?: string;

  @IsOptional()
  @IsUUID('all', { message: 'validation.invalidId' })
  cashier?: string;

  @IsOptional()
  @IsIn(['open', 'closed'])
  status?: 'open' | 'closed';
}
