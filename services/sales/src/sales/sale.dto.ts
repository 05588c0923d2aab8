import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDateString,
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
  ValidateBy,
  ValidateIf,
  ValidateNested,
  type ValidationOptions,
} from 'class-validator';
import {
  CURRENCIES,
  MAX_SALE_FIGURE,
  TENDER_METHODS,
  type Currency,
  type SaleRequest,
  type SaleRequestExchange,
  type SaleRequestExchangeLine,
  type SaleRequestLine,
  type SaleRequestPaymentDetails,
  type SaleRequestSnapshot,
  type SaleTender,
  type SameKeys,
  type TenderMethod,
} from '@dukan/contracts';
import { IsAmount, PageQuery } from '@dukan/platform';

// Money figures are contracts' saleFigure amounts: dollars (or whole dinars) with any number of decimals, as a
// client computing in floating point sends 6.525 or 0.30000000000000004. The server is the authority on money: a
// figure within half a cent of its own is accepted, and its own is stored.
export const MAX_LINES = 200;
export const MAX_QUANTITY = 10_000;
/** A weighed line's most grams (1,000 kg); a line of units or packs is still at most MAX_QUANTITY (checked with its product). */
export const MAX_GRAMS = 1_000_000;

/** A product name as the till sends it in a snapshot: a string, or `{en, ku}`. The server keeps its own copy. */
function IsSnapshotName(options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isSnapshotName',
      validator: {
        validate: (v: unknown) =>
          (typeof v === 'string' && v.length <= 500) ||
          (typeof v === 'object' &&
            v !== null &&
            !Array.isArray(v) &&
            Object.entries(v).every(([k, s]) => (k === 'en' || k === 'ku') && typeof s === 'string' && s.length <= 500)),
      },
    },
    { message: 'validation.invalidType', ...options },
  );
}

/** A line's discount given as a percent is at most 100 (an amount, type fixed, only at most MAX_SALE_FIGURE). */
function PercentAtMost100(options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'max',
      validator: {
        validate: (v: unknown, args) =>
          (args?.object as { discountType?: string }).discountType === 'fixed' || typeof v !== 'number' || v <= 100,
        defaultMessage: () => 'discount must not be greater than 100',
      },
    },
    options,
  );
}

export class ProductSnapshotDto implements SaleRequestSnapshot {
  @IsOptional()
  @IsSnapshotName()
  name?: string | { en?: string; ku?: string };

  @IsOptional()
  @IsString()
  @MaxLength(100)
  sku?: string;

  @IsOptional()
  @IsAmount('saleFigure')
  price?: number;
}

export class SaleItemDto implements SaleRequestLine {
  @IsUUID('all', { message: 'validation.invalidId' })
  product!: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => ProductSnapshotDto)
  productSnapshot?: ProductSnapshotDto;

  /** Units, packs (with `pack`), or grams (a product sold by weight). */
  @IsInt({ message: 'validation.integer' })
  @Min(1)
  @Max(MAX_GRAMS)
  quantity!: number;

  /** The pack sold: the quantity is packs, each at the pack's price, taking its units from stock. */
  @IsOptional()
  @IsUUID('all', { message: 'validation.invalidId' })
  pack?: string;

  /** The scale label scanned for this line (13 digits): the server reads its weight or price by the shop's rule. */
  @IsOptional()
  @IsString()
  @Matches(/^\d{13}$/, { message: 'sales.scaleLabelInvalid' })
  scaleLabel?: string;

  @IsAmount('saleFigure')
  unitPrice!: number;

  @IsAmount('saleFigure')
  subtotal!: number;

  /** The product's own discount as the client saw it: a percent (type percentage, the default) or the line's amount in dollars (type fixed). */
  @IsOptional()
  @IsAmount('saleFigure')
  @PercentAtMost100()
  discount?: number;

  @IsOptional()
  @IsIn(['percentage', 'fixed'])
  discountType?: 'percentage' | 'fixed';
}

export class PaymentDetailsDto implements SaleRequestPaymentDetails {
  @IsAmount('saleFigure')
  amountTendered!: number;

  @IsOptional()
  @IsAmount('saleFigure')
  change?: number;
}

/** One tender as handed over: its method, currency and amount in that currency's minor unit (cents, whole dinars). */
export class TenderDto implements SaleTender {
  @IsIn(TENDER_METHODS)
  method!: TenderMethod;

  @IsIn(CURRENCIES)
  currency!: Currency;

  @IsAmount('tender')
  amountMinor!: number;
}

export const MAX_TENDERS = 10;

/** A line of the earlier sale and how many of its units come back (as a refund's). */
export class ExchangeLineDto implements SaleRequestExchangeLine {
  @IsUUID('all', { message: 'validation.invalidId' })
  lineId!: string;

  @IsInt({ message: 'validation.integer' })
  @Min(1)
  @Max(MAX_GRAMS)
  quantity!: number;
}

/** An exchange: units of an earlier sale coming back, their value paying for this sale. */
export class ExchangeForDto implements SaleRequestExchange {
  @IsUUID('all', { message: 'validation.invalidId' })
  saleId!: string;

  @IsArray()
  @ArrayMinSize(1, { message: 'validation.required' })
  @ArrayMaxSize(MAX_LINES)
  @ValidateNested({ each: true })
  @Type(() => ExchangeLineDto)
  lines!: ExchangeLineDto[];

  @IsOptional()
  @IsBoolean({ message: 'validation.invalidValue' })
  restock?: boolean;
}

/** POST /api/transactions (the contracts' SaleRequest, spec part 1 §3); the server prices everything again. */
export class CreateSaleDto implements SaleRequest {
  /** Makes the sale an exchange: these units of that sale come back in the same transaction. */
  @IsOptional()
  @ValidateNested()
  @Type(() => ExchangeForDto)
  exchangeFor?: ExchangeForDto;

  @IsOptional()
  @IsUUID('all', { message: 'validation.invalidId' })
  customer?: string | null;

  @IsArray()
  @ArrayMinSize(1, { message: 'validation.required' })
  @ArrayMaxSize(MAX_LINES)
  @ValidateNested({ each: true })
  @Type(() => SaleItemDto)
  items!: SaleItemDto[];

  @IsAmount('saleFigure')
  subtotal!: number;

  @IsOptional()
  @IsIn(['percentage', 'fixed'])
  discountType?: 'percentage' | 'fixed';

  /** Percent for 'percentage' (clamped to 0-100), dollars for 'fixed' (at most the subtotal). */
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-MAX_SALE_FIGURE)
  @Max(MAX_SALE_FIGURE)
  discountValue?: number;

  @IsOptional()
  @IsAmount('saleFigure')
  discountAmount?: number;

  @IsOptional()
  @IsAmount('saleFigure')
  loyaltyDiscount?: number;

  @IsOptional()
  @IsInt({ message: 'validation.integer' })
  @Min(0)
  @Max(1_000_000_000)
  loyaltyPointsRedeemed?: number;

  /** The tax in the total, included or added (optional: the server prices it with the shop's rate either way). */
  @IsOptional()
  @IsAmount('saleFigure')
  taxAmount?: number;

  @IsAmount('saleFigure')
  total!: number;

  @IsIn(CURRENCIES)
  currency!: Currency;

  @IsNumber({ maxDecimalPlaces: 4, allowNaN: false, allowInfinity: false })
  @Min(1)
  @Max(1_000_000)
  exchangeRate!: number;

  /** The specification's one payment: cash, its amount in paymentDetails (dollars). Not needed with `tenders`. */
  @ValidateIf((o: CreateSaleDto) => o.tenders === undefined)
  @IsIn(['cash'])
  paymentMethod?: 'cash';

  @ValidateIf((o: CreateSaleDto) => o.tenders === undefined)
  @ValidateNested()
  @Type(() => PaymentDetailsDto)
  paymentDetails?: PaymentDetailsDto;

  /**
   * Several tenders, each in its own currency. A request with tenders states its money figures (unit prices,
   * subtotals, discounts, total) in the sale's currency: dollars for USD, whole dinars for IQD.
   */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_TENDERS)
  @ValidateNested({ each: true })
  @Type(() => TenderDto)
  tenders?: TenderDto[];

  /** The currency change is given in (default: the sale's currency). */
  @IsOptional()
  @IsIn(CURRENCIES)
  changeCurrency?: Currency;

  @IsOptional()
  @IsIn(['paid'])
  paymentStatus?: 'paid';

  @IsOptional()
  @IsString()
  @Matches(/^[\p{L}\p{N} ._-]{1,40}$/u, { message: 'validation.invalidValue' })
  register?: string;

  /** A number from a block reserved for this register (a sale the till made offline); the sale keeps it. */
  @IsOptional()
  @IsString()
  @Matches(/^INV-\d{10,20}$/, { message: 'validation.invalidValue' })
  reservedInvoiceNumber?: string;

  /** When a sale the till kept while offline was made (with a reserved number): it is recorded then, not on arrival. */
  @IsOptional()
  @IsDateString()
  madeOfflineAt?: string;

  /** The shift open on the till when the sale was made (a sale kept offline carries it): the sale goes into its book. */
  @IsOptional()
  @IsUUID('all', { message: 'validation.invalidId' })
  shiftId?: string;

  /** The till's own provisional number; the server assigns the real one. */
  @IsOptional()
  @IsString()
  @MaxLength(100)
  invoiceNumber?: string;

  @IsOptional()
  @IsDateString()
  createdAt?: string;
}

// Each class has every field of its request type, optional ones included (`implements` alone lets an optional one be missed).
const sameShape: [
  SameKeys<CreateSaleDto, SaleRequest>,
  SameKeys<SaleItemDto, SaleRequestLine>,
  SameKeys<ProductSnapshotDto, SaleRequestSnapshot>,
  SameKeys<PaymentDetailsDto, SaleRequestPaymentDetails>,
  SameKeys<TenderDto, SaleTender>,
  SameKeys<ExchangeForDto, SaleRequestExchange>,
  SameKeys<ExchangeLineDto, SaleRequestExchangeLine>,
] = [true, true, true, true, true, true, true];
void sameShape;

export class RefundLineDto {
  @IsUUID('all', { message: 'validation.invalidId' })
  lineId!: string;

  @IsInt({ message: 'validation.integer' })
  @Min(1)
  @Max(MAX_GRAMS)
  quantity!: number;
}

/** POST /api/transactions/:id/refund: no lines means everything not yet refunded. */
export class RefundDto {
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_LINES)
  @ValidateNested({ each: true })
  @Type(() => RefundLineDto)
  lines?: RefundLineDto[];

  @IsOptional()
  @IsString()
  @MaxLength(500)
  reason?: string;

  /** Whether the units go back on the shelf (default true). */
  @IsOptional()
  @IsBoolean()
  restock?: boolean;
}

export class VoidQuery {
  @IsOptional()
  @IsString()
  @MaxLength(500)
  reason?: string;
}

const STATUS_FILTERS = ['paid', 'pending', 'failed', 'voided', 'refunded', 'Completed', 'Pending', 'Cancelled', 'all', ''] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export class ListSalesQuery extends PageQuery {
  @IsOptional()
  @IsIn(STATUS_FILTERS)
  status?: StatusFilter;

  /** yyyy-MM-dd (a day in the shop's time zone) or an ISO timestamp. */
  @IsOptional()
  @IsDateString({}, { message: 'validation.invalidDate' })
  from?: string;

  @IsOptional()
  @IsDateString({}, { message: 'validation.invalidDate' })
  to?: string;

  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MaxLength(100)
  search?: string;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  register?: string;

  @IsOptional()
  @IsUUID('all', { message: 'validation.invalidId' })
  customer?: string;

  /** `pagination.nextCursor` of the previous page: keyset paging, fast at any depth. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;
}
