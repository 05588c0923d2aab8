import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsNumber, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { CURRENCIES, REPAYMENT_METHODS, type AccountHoldRequestDto, type Currency, type RepaymentMethod } from '@dukan/contracts';
import { IsAmount, PageQuery } from '@dukan/platform';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const trimOrNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);

/** GET /api/customers/:id/account: the statement, newest page last (page 1 is the oldest entries). */
export class StatementQuery extends PageQuery {}

/** PUT /api/customers/:id/credit-limit */
export class CreditLimitDto {
  @IsIn(CURRENCIES)
  currency!: Currency;

  @IsAmount('amountOrZero')
  amountMinor!: number;
}

/** POST /api/customers/:id/repayments (Idempotency-Key header). */
export class RepaymentDto {
  /** Cash, card or transfer: never the account itself. */
  @IsIn(REPAYMENT_METHODS, { message: 'accounts.methodNotAccount' })
  method!: RepaymentMethod;

  @IsIn(CURRENCIES)
  currency!: Currency;

  @IsAmount('amount')
  amountMinor!: number;

  /** The register whose drawer takes the cash (its open shift counts it); none: taken in the back office. */
  @IsOptional()
  @Transform(trimOrNull)
  @IsString()
  @MaxLength(50)
  register?: string | null;

  @IsOptional()
  @IsUUID('all', { message: 'validation.invalidId' })
  shiftId?: string | null;

  @IsOptional()
  @Transform(trimOrNull)
  @IsString()
  @MaxLength(200)
  note?: string | null;
}

/** POST /api/customers/:id/adjustments (admins): a correction with its reason, audited. */
export class AdjustmentDto {
  @IsIn(CURRENCIES)
  currency!: Currency;

  /** + the customer owes more, - less; never 0. */
  @IsAmount('correction')
  amountMinor!: number;

  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(200)
  reason!: string;
}

/** Sales' account tender, sent with the points reserve. */
export class AccountHoldDto implements AccountHoldRequestDto {
  @IsAmount('amountOrZero')
  usdCents!: number;

  @IsAmount('amountOrZero')
  iqd!: number;

  @IsNumber()
  @Min(0.0001)
  @Max(10_000_000)
  exchangeRate!: number;

  @IsBoolean()
  override!: boolean;

  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,64}$/)
  branchId!: string;
}
