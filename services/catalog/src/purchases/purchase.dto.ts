import { PartialType } from '@nestjs/mapped-types';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  CURRENCIES,
  MAX_PURCHASE_LINES,
  MAX_RECEIPT_LINES,
  PURCHASE_ORDER_STATES,
  SUPPLIER_PAYMENT_SOURCES,
  type Currency,
  type PurchaseOrderState,
  type SupplierPaymentSource,
} from '@dukan/contracts';
import { IsAmount, IsPhone, PageQuery, toPhoneOrNull } from '@dukan/platform';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** An empty optional text is stored as "none". */
const trimOrNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);
const MAX_UNITS = 1_000_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export class SupplierName {
  @Transform(trim)
  @IsDefined({ message: 'validation.required' })
  @IsString({ message: 'validation.required' })
  @Matches(/\S/, { message: 'validation.required' })
  @MaxLength(200)
  en!: string;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(200)
  ku?: string;
}

/** POST /api/purchases/suppliers; PUT takes any of its fields. Phone read and kept as the customers' phones are. */
export class CreateSupplierDto {
  /** IsNotEmpty, not IsDefined: PartialType's IsOptional (UpdateSupplierDto) skips the one and never the other. */
  @IsNotEmpty({ message: 'validation.required' })
  @ValidateNested()
  @Type(() => SupplierName)
  name!: SupplierName;

  /** As people write it ('0750 123 4567', '+964 750-123-4567', Eastern digits); kept as E.164. */
  @IsOptional()
  @Transform(toPhoneOrNull)
  @IsString()
  @IsPhone()
  phone?: string | null;

  @IsOptional()
  @Transform(trimOrNull)
  @IsString()
  @MaxLength(500)
  address?: string | null;

  @IsOptional()
  @Transform(trimOrNull)
  @IsString()
  @MaxLength(2000)
  notes?: string | null;
}

export class UpdateSupplierDto extends PartialType(CreateSupplierDto) {
  @IsOptional()
  @IsBoolean({ message: 'validation.invalidType' })
  active?: boolean;
}

export class SupplierListQuery extends PageQuery {
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100)
  search?: string;

  @IsOptional()
  @IsIn(['true', 'false', 'all'])
  active?: 'true' | 'false' | 'all';
}

export class OrderLineInput {
  @IsDefined({ message: 'validation.required' })
  @IsUUID('all', { message: 'validation.invalidId' })
  product!: string;

  @IsDefined({ message: 'validation.required' })
  @IsInt({ message: 'validation.integer' })
  @Min(1)
  @Max(MAX_UNITS)
  quantity!: number;

  /** Expected cost of one unit in the order's currency's minor unit (cents or dinars). */
  @IsDefined({ message: 'validation.required' })
  @IsAmount('amountOrZero')
  unitCostMinor!: number;
}

/** POST /api/purchases/orders (a draft, in the request's branch); PUT /api/purchases/orders/:id replaces a draft. */
export class SaveOrderDto {
  @IsDefined({ message: 'validation.required' })
  @IsUUID('all', { message: 'validation.invalidId' })
  supplier!: string;

  @IsDefined({ message: 'validation.required' })
  @IsIn(CURRENCIES as readonly string[], { message: 'validation.invalidValue' })
  currency!: Currency;

  @IsDefined({ message: 'validation.required' })
  @IsArray()
  @ArrayNotEmpty({ message: 'validation.required' })
  @ArrayMaxSize(MAX_PURCHASE_LINES)
  @ValidateNested({ each: true })
  @Type(() => OrderLineInput)
  lines!: OrderLineInput[];

  @IsOptional()
  @Transform(trimOrNull)
  @IsString()
  @MaxLength(1000)
  note?: string | null;

  @IsOptional()
  @Transform(trimOrNull)
  @IsString()
  @Matches(DATE, { message: 'validation.invalidDate' })
  expectedOn?: string | null;
}

export class OrderListQuery extends PageQuery {
  @IsOptional()
  @IsIn(PURCHASE_ORDER_STATES as readonly string[])
  state?: PurchaseOrderState;

  @IsOptional()
  @IsUUID('all', { message: 'validation.invalidId' })
  supplier?: string;

  /** Orders that can still be received (sent or partly received). */
  @IsOptional()
  @IsIn(['true', 'false'])
  open?: 'true' | 'false';
}

export class ReceiptLineInput {
  @IsDefined({ message: 'validation.required' })
  @IsUUID('all', { message: 'validation.invalidId' })
  product!: string;

  @IsDefined({ message: 'validation.required' })
  @IsInt({ message: 'validation.integer' })
  @Min(1)
  @Max(MAX_UNITS)
  quantity!: number;

  /** The received cost of one unit in the receipt's currency; against an order it defaults to the order's expected cost. */
  @IsOptional()
  @IsAmount('amountOrZero')
  unitCostMinor?: number;
}

/** POST /api/purchases/receipts: goods arriving in the request's branch, against an order or without one. */
export class ReceiveGoodsDto {
  @IsOptional()
  @IsUUID('all', { message: 'validation.invalidId' })
  order?: string;

  @IsOptional()
  @IsUUID('all', { message: 'validation.invalidId' })
  supplier?: string;

  /** Without an order: the currency of the costs (USD by default). Against an order: the order's, or left out. */
  @IsOptional()
  @IsIn(CURRENCIES as readonly string[], { message: 'validation.invalidValue' })
  currency?: Currency;

  /** IQD per USD, for costs in dinars: the cost batches are kept in USD cents. */
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'validation.invalidNumber' })
  @Min(1)
  @Max(1_000_000)
  exchangeRate?: number;

  @IsDefined({ message: 'validation.required' })
  @IsArray()
  @ArrayNotEmpty({ message: 'validation.required' })
  @ArrayMaxSize(MAX_RECEIPT_LINES)
  @ValidateNested({ each: true })
  @Type(() => ReceiptLineInput)
  lines!: ReceiptLineInput[];

  @IsOptional()
  @Transform(trimOrNull)
  @IsString()
  @MaxLength(1000)
  note?: string | null;
}

export class ReceiptListQuery extends PageQuery {
  @IsOptional()
  @IsUUID('all', { message: 'validation.invalidId' })
  order?: string;
}

/** POST /api/purchases/invoices: what a supplier's invoice says the shop owes, in its own currency. */
export class CreateInvoiceDto {
  @IsDefined({ message: 'validation.required' })
  @IsUUID('all', { message: 'validation.invalidId' })
  supplier!: string;

  @Transform(trim)
  @IsDefined({ message: 'validation.required' })
  @IsString({ message: 'validation.required' })
  @Matches(/\S/, { message: 'validation.required' })
  @MaxLength(60)
  number!: string;

  @IsOptional()
  @IsUUID('all', { message: 'validation.invalidId' })
  order?: string;

  @IsDefined({ message: 'validation.required' })
  @IsIn(CURRENCIES as readonly string[], { message: 'validation.invalidValue' })
  currency!: Currency;

  @IsDefined({ message: 'validation.required' })
  @IsAmount('amount')
  amountMinor!: number;

  @IsDefined({ message: 'validation.required' })
  @Matches(DATE, { message: 'validation.invalidDate' })
  issuedOn!: string;

  @IsDefined({ message: 'validation.required' })
  @Matches(DATE, { message: 'validation.invalidDate' })
  dueOn!: string;

  @IsOptional()
  @Transform(trimOrNull)
  @IsString()
  @MaxLength(1000)
  note?: string | null;
}

export class InvoiceListQuery extends PageQuery {
  @IsOptional()
  @IsUUID('all', { message: 'validation.invalidId' })
  supplier?: string;

  @IsOptional()
  @IsIn(['true', 'false'])
  open?: 'true' | 'false';
}

/** POST /api/purchases/invoices/:id/payments: in the invoice's currency, from the bank or a register's drawer. */
export class PayInvoiceDto {
  @IsDefined({ message: 'validation.required' })
  @IsAmount('amount')
  amountMinor!: number;

  @IsDefined({ message: 'validation.required' })
  @IsIn(SUPPLIER_PAYMENT_SOURCES as readonly string[], { message: 'validation.invalidValue' })
  source!: SupplierPaymentSource;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @Matches(/^[\p{L}\p{N}._-]{1,40}$/u, { message: 'registers.unknown' })
  register?: string;

  @IsOptional()
  @Transform(trimOrNull)
  @IsString()
  @MaxLength(500)
  note?: string | null;
}

export class PayablesQuery {
  /** The day the ages are counted from (YYYY-MM-DD); today by default. */
  @IsOptional()
  @Matches(DATE, { message: 'validation.invalidDate' })
  asOf?: string;
}
