import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  CURRENCIES,
  EXPENSE_CATEGORIES,
  EXPENSE_PAYMENT_METHODS,
  EXPENSE_STATUSES,
  RECURRING_FREQUENCIES,
  type Currency,
  type ExpenseCategory,
  type ExpensePaymentMethod,
  type ExpenseStatus,
  type RecurringFrequency,
} from '@dukan/contracts';
import { IsAmount, IsDayOrDateTime, IsEmailAddress, IsPhone, PageQuery, toPhoneOrNull } from '@dukan/platform';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** An empty optional text is stored as "none". */
const trimOrNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);
/** An empty query parameter (`?category=`) means the filter is not set. */
const emptyIsUnset = ({ value }: { value: unknown }) => (value === '' ? undefined : typeof value === 'string' ? value.trim() : value);
/** Numbers typed into a form may arrive as strings; '' and words stay as they are and fail as invalid numbers. */
const toNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
/** Trimmed, non-empty, each once, in the order given. */
const tagList = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? [...new Set(value.map((t) => (typeof t === 'string' ? t.trim() : t)).filter((t) => t !== ''))] : value;

const TEXT = 200;
const LONG_TEXT = 2000;

const WEB_ADDRESS = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

export class PaymentDetailsDto {
  @IsOptional()
  @Transform(trimOrNull)
  @MaxLength(100)
  @IsString()
  bankName?: string | null;

  @IsOptional()
  @Transform(trimOrNull)
  @MaxLength(100)
  @IsString()
  accountNumber?: string | null;

  @IsOptional()
  @Transform(trimOrNull)
  @MaxLength(50)
  @IsString()
  checkNumber?: string | null;

  @IsOptional()
  @Transform(trimOrNull)
  @MaxLength(4, { message: 'validation.cardLast4' })
  @IsString()
  cardLast4?: string | null;

  @IsOptional()
  @Transform(trimOrNull)
  @MaxLength(100)
  @IsString()
  reference?: string | null;
}

export class VendorContactDto {
  /** As people write it ('0750 123 4567', '+964 750-123-4567', Eastern digits); kept as E.164, as a customer's phone. */
  @IsOptional()
  @Transform(toPhoneOrNull)
  @IsString()
  @IsPhone()
  phone?: string | null;

  @IsOptional()
  @Transform(trimOrNull)
  @IsString()
  @IsEmailAddress()
  email?: string | null;

  @IsOptional()
  @Transform(trimOrNull)
  @MaxLength(500)
  @IsString()
  address?: string | null;
}

export class VendorDto {
  @Transform(trim)
  @IsDefined({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(TEXT)
  @IsString()
  name!: string;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => VendorContactDto)
  contact?: VendorContactDto;
}

export class RecurringDto {
  @IsDefined({ message: 'validation.required' })
  @IsBoolean()
  isRecurring!: boolean;

  @ValidateIf((o: RecurringDto) => o.isRecurring === true)
  @IsDefined({ message: 'validation.required' })
  @IsIn(RECURRING_FREQUENCIES, { message: 'validation.required' })
  frequency?: RecurringFrequency;

  /** The first due day; one period after the expense's day when left out. */
  @IsOptional()
  @Transform(emptyIsUnset)
  @IsDayOrDateTime()
  nextDueDate?: string;

  @IsOptional()
  @Transform(emptyIsUnset)
  @IsDayOrDateTime()
  endDate?: string;
}

/** POST /api/expenses and PUT /api/expenses/:id: the whole expense (spec part 2 §7); PUT clears what it leaves out. */
export class ExpenseBodyDto {
  @Transform(trim)
  @IsDefined({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(TEXT)
  @IsString({ message: 'validation.required' })
  title!: string;

  @IsOptional()
  @Transform(trimOrNull)
  @MaxLength(LONG_TEXT)
  @IsString()
  description?: string | null;

  @IsDefined({ message: 'validation.required' })
  @IsIn(EXPENSE_CATEGORIES, { message: 'validation.required' })
  category!: ExpenseCategory;

  /** In the currency's major unit; its cents or whole dinars are checked with the currency (expenseAmountInMinor). */
  @Transform(toNumber)
  @IsDefined({ message: 'validation.required' })
  @IsAmount('expense')
  amount!: number;

  @IsOptional()
  @IsIn(CURRENCIES)
  currency?: Currency;

  @IsOptional()
  @Transform(toNumber)
  @Min(1)
  @Max(1_000_000)
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 4 }, { message: 'validation.invalidNumber' })
  exchangeRate?: number;

  /** Optional: checked against the server's own figure, never stored as sent. */
  @IsOptional()
  @Transform(toNumber)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'validation.invalidNumber' })
  amountInBaseCurrency?: number;

  @IsDefined({ message: 'validation.required' })
  @IsIn(EXPENSE_PAYMENT_METHODS, { message: 'validation.required' })
  paymentMethod!: ExpensePaymentMethod;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => PaymentDetailsDto)
  paymentDetails?: PaymentDetailsDto;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => VendorDto)
  vendor?: VendorDto;

  @IsOptional()
  @Transform(trimOrNull)
  @IsString()
  @MaxLength(LONG_TEXT)
  @Matches(WEB_ADDRESS, { message: 'validation.invalidUrl' })
  receipt?: string | null;

  @Transform(trim)
  @IsDefined({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @IsDayOrDateTime()
  expenseDate!: string;

  @IsOptional()
  @Transform(trimOrNull)
  @MaxLength(100)
  @IsString()
  department?: string | null;

  @IsOptional()
  @Transform(tagList)
  @ArrayMaxSize(30)
  @IsString({ each: true })
  @MaxLength(50, { each: true })
  @IsArray()
  tags?: string[];

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => RecurringDto)
  recurring?: RecurringDto;

  @IsOptional()
  @Transform(trimOrNull)
  @MaxLength(LONG_TEXT)
  @IsString()
  notes?: string | null;
}

export class RejectExpenseDto {
  @Transform(trim)
  @IsDefined({ message: 'validation.rejectReason' })
  @IsNotEmpty({ message: 'validation.rejectReason' })
  @MaxLength(500)
  @IsString({ message: 'validation.rejectReason' })
  reason!: string;
}

export class ListExpensesQuery extends PageQuery {
  @IsOptional()
  @Transform(emptyIsUnset)
  @MaxLength(100)
  @IsString()
  search?: string;

  @IsOptional()
  @Transform(emptyIsUnset)
  @IsIn(EXPENSE_CATEGORIES)
  category?: ExpenseCategory;

  @IsOptional()
  @Transform(emptyIsUnset)
  @IsIn(EXPENSE_STATUSES)
  status?: ExpenseStatus;

  @IsOptional()
  @Transform(emptyIsUnset)
  @IsDayOrDateTime()
  startDate?: string;

  @IsOptional()
  @Transform(emptyIsUnset)
  @IsDayOrDateTime()
  endDate?: string;
}

export class SummaryQuery {
  @IsOptional()
  @Transform(emptyIsUnset)
  @IsDayOrDateTime()
  startDate?: string;

  @IsOptional()
  @Transform(emptyIsUnset)
  @IsDayOrDateTime()
  endDate?: string;
}
