import { OmitType, PartialType } from '@nestjs/mapped-types';
import { Transform, Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { STOCK_ADJUSTMENT_REASONS, type StockAdjustmentReason } from '@dukan/contracts';
import { IsAmount, PageQuery } from '@dukan/platform';
import { normalizeDigits } from './product.policy.js';

/** Paging of a product's movements; the lists' queries extend it. */
export { PageQuery };

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Numbers typed into a form may arrive as strings; '' and words stay as they are and fail as invalid numbers. */
const toNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
/** A barcode typed with Arabic-Indic or Persian digits is stored with ASCII digits. */
const barcode = ({ value }: { value: unknown }) => (typeof value === 'string' ? normalizeDigits(value.trim()) : value);
/** The form may send the category as the object it read ({_id, name}) or as its id. */
const categoryId = ({ value }: { value: unknown }) =>
  value && typeof value === 'object' && typeof (value as { _id?: unknown })._id === 'string' ? (value as { _id: string })._id : value;

/** Labels per export request. */
export const MAX_LABELS = 5000;
/** Category ids one product list filter may name. */
const MAX_FILTER_CATEGORIES = 500;
/** 'a,b' or ['a', 'b,c'] (a repeated parameter) as one list of trimmed, non-empty items. */
const commaList = ({ value }: { value: unknown }) =>
  typeof value === 'string' || Array.isArray(value)
    ? ([] as unknown[]).concat(value).flatMap((v) =>
        typeof v === 'string'
          ? v
              .split(',')
              .map((x) => x.trim())
              .filter(Boolean)
          : [v],
      )
    : value;

const MAX_UNITS = 1_000_000;
const PRINTABLE = /^[\x21-\x7e]+$/; // any common barcode symbology, no spaces

export class ProductNameDto {
  @Transform(trim)
  @IsDefined({ message: 'validation.required' })
  @IsString({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(200)
  en!: string;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(200)
  ku?: string;
}

export class ProductDescriptionDto {
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(2000)
  en?: string;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(2000)
  ku?: string;
}

/** Presence is IsNotEmpty, not IsDefined: PartialType's IsOptional (UpdateProductDto) skips the one and never the other. */
/** One pack on the product form: its barcode, how many units it takes, its price (dollars; dinars with a dinar product). */
export class ProductPackInputDto {
  @Transform(barcode)
  @IsNotEmpty({ message: 'validation.required' })
  @IsString({ message: 'validation.required' })
  @MaxLength(64)
  @Matches(PRINTABLE, { message: 'validation.invalidValue' })
  barcode!: string;

  @Transform(toNumber)
  @IsInt({ message: 'products.packUnitsInvalid' })
  @Min(2, { message: 'products.packUnitsInvalid' })
  @Max(MAX_UNITS)
  units!: number;

  @Transform(toNumber)
  @IsNotEmpty({ message: 'validation.invalidNumber' })
  @IsAmount('price')
  price!: number;

  /** Whole dinars per pack; required when the product is priced in dinars (checked with the product). */
  @IsOptional()
  @Transform(toNumber)
  @IsAmount('priceIqd')
  priceIqd?: number | null;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ProductDescriptionDto)
  name?: ProductDescriptionDto;
}

/** Packs one product may have. */
export const MAX_PACKS = 10;

export class CreateProductDto {
  @Transform(trim)
  @IsNotEmpty({ message: 'validation.required' })
  @IsString({ message: 'validation.required' })
  @MaxLength(64)
  sku!: string;

  @Transform(barcode)
  @IsNotEmpty({ message: 'validation.required' })
  @IsString({ message: 'validation.required' })
  @MaxLength(64)
  @Matches(PRINTABLE, { message: 'validation.invalidValue' })
  barcode!: string;

  @IsNotEmpty({ message: 'validation.required' })
  @IsObject({ message: 'validation.required' })
  @ValidateNested()
  @Type(() => ProductNameDto)
  name!: ProductNameDto;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ProductDescriptionDto)
  description?: ProductDescriptionDto;

  @Transform(categoryId)
  @IsNotEmpty({ message: 'validation.requiredCategory' })
  @IsUUID('all', { message: 'validation.requiredCategory' })
  category!: string;

  @Transform(toNumber)
  @IsNotEmpty({ message: 'validation.invalidNumber' })
  @IsAmount('price')
  price!: number;

  /** The currency the price is set in (default USD: a client that sends only `price` prices in dollars). */
  @IsOptional()
  @IsIn(['USD', 'IQD'], { message: 'validation.invalidValue' })
  priceCurrency?: 'USD' | 'IQD';

  /** The price in whole dinars, required with priceCurrency IQD. */
  @ValidateIf((o: CreateProductDto) => o.priceCurrency === 'IQD' || o.priceIqd !== undefined)
  @Transform(toNumber)
  @IsNotEmpty({ message: 'validation.invalidNumber' })
  @IsAmount('priceIqd')
  priceIqd?: number;

  @Transform(toNumber)
  @IsNotEmpty({ message: 'validation.invalidNumber' })
  @IsAmount('price')
  cost!: number;

  @IsOptional()
  @Transform(toNumber)
  @Min(1)
  @Max(MAX_UNITS)
  @IsInt()
  quantity?: number;

  @IsOptional()
  @Transform(toNumber)
  @Min(0)
  @Max(MAX_UNITS)
  @IsInt()
  reorderLevel?: number;

  @IsOptional()
  @IsBoolean()
  active?: boolean;

  @IsOptional()
  @Transform(toNumber)
  @Min(0)
  @Max(100)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'validation.invalidNumber' })
  discount?: number;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(2000, { each: true })
  images?: string[];

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(2000)
  imageUrl?: string | null;

  /** By the unit (default) or by weight: a weighed product's stock is in grams and its price per kilogram. */
  @IsOptional()
  @IsIn(['unit', 'weight'], { message: 'validation.invalidValue' })
  soldBy?: 'unit' | 'weight';

  /** The item code the shop's scale prints on this product's labels (digits; leading zeros are not part of it). */
  @IsOptional()
  @Transform(barcode)
  @ValidateIf((_o, v) => v !== null && v !== '')
  @Matches(/^\d{1,12}$/, { message: 'validation.invalidValue' })
  scaleCode?: string | null;

  /** The product's packs, all of them (a form that sends the list replaces what was there; absent: unchanged). */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_PACKS)
  @ValidateNested({ each: true })
  @Type(() => ProductPackInputDto)
  packs?: ProductPackInputDto[];

  /** Sent by the form when the barcode was generated there; informational. */
  @IsOptional()
  @IsBoolean()
  isNewBarcode?: boolean;
}

/**
 * Every field of the create form optional; a field that is sent is validated as on create. quantity sets the
 * branch's count (an adjustment), so 0 is allowed here where a new product starts with at least 1.
 */
export class UpdateProductDto extends PartialType(OmitType(CreateProductDto, ['quantity'] as const)) {
  /** The form may send back the id it read; it is ignored (the path decides). */
  @IsOptional()
  @Allow()
  _id?: unknown;

  @IsOptional()
  @Transform(toNumber)
  @Min(0)
  @Max(MAX_UNITS)
  @IsInt()
  quantity?: number;

  /** Why the quantity changes, when it does (the form asks); a client that does not say records a correction. */
  @IsOptional()
  @IsIn(STOCK_ADJUSTMENT_REASONS as readonly string[], { message: 'validation.stockReason' })
  stockReason?: StockAdjustmentReason;
}

/** PATCH /api/products/:id/quantity: receive a batch. Without cost the batch is valued at the current average. */
export class ReceiveStockDto {
  @Transform(toNumber)
  @IsDefined({ message: 'validation.required' })
  @Min(1)
  @Max(MAX_UNITS)
  @IsInt()
  quantity!: number;

  @IsOptional()
  @Transform(toNumber)
  @IsAmount('price')
  cost?: number;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(500)
  note?: string;
}

export class ListProductsQuery extends PageQuery {
  @IsOptional()
  @IsIn(['true', 'false', 'all', ''])
  active?: 'true' | 'false' | 'all' | '';

  @IsOptional()
  @IsIn(['till', 'full'])
  view?: 'till' | 'full';

  /** The till's catalogue revision: answer what changed since (TillDeltaDto) instead of a list. */
  @IsOptional()
  @Matches(/^\d{1,18}$/, { message: 'validation.invalidNumber' })
  since?: string;

  @IsOptional()
  @IsUUID('all', { message: 'validation.invalidId' })
  category?: string;

  /** Several categories, each with its descendants: `categories=a,b` (or the parameter repeated). */
  @IsOptional()
  @Transform(commaList)
  @IsArray()
  @ArrayMaxSize(MAX_FILTER_CATEGORIES)
  @IsUUID('all', { each: true, message: 'validation.invalidId' })
  categories?: string[];

  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;
}

export class SearchProductsQuery {
  @IsOptional()
  @IsIn(['true', 'false', 'all', ''])
  active?: 'true' | 'false' | 'all' | '';

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit?: number;
}

/** POST /api/products/export-barcodes: the ids in the body, so a long list does not overflow a URL. */
export class ExportLabelsDto {
  @IsDefined({ message: 'validation.required' })
  @IsArray()
  @ArrayNotEmpty({ message: 'validation.required' })
  @ArrayMaxSize(MAX_LABELS)
  @IsUUID('all', { each: true, message: 'validation.invalidId' })
  ids!: string[];
}

export class ExportLabelsQuery {
  @IsDefined({ message: 'validation.required' })
  @IsString()
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(200_000)
  ids!: string;
}
