import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  MAX_COUNT_LINES,
  STOCK_ADJUSTMENT_REASONS,
  STOCKTAKE_STATES,
  type StockAdjustmentReason,
  type StocktakeState,
} from '@dukan/contracts';
import { PageQuery } from '@dukan/platform';
import { normalizeDigits } from '../products/product.policy.js';

const trimOrNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);
const code = ({ value }: { value: unknown }) => (typeof value === 'string' ? normalizeDigits(value.trim()) : value);
const MAX_UNITS = 1_000_000;

/** POST /api/stocktakes: the request's branch, all of it (no categories) or some categories and their subcategories. */
export class StartStocktakeDto {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @IsUUID('all', { each: true, message: 'validation.invalidId' })
  categories?: string[];

  @IsOptional()
  @Transform(trimOrNull)
  @IsString()
  @MaxLength(1000)
  note?: string | null;
}

/** One count: a product by id or by its barcode (or SKU) as scanned, and how many were counted (negative corrects). */
export class CountLineInput {
  @IsOptional()
  @IsUUID('all', { message: 'validation.invalidId' })
  product?: string;

  @IsOptional()
  @Transform(code)
  @IsString()
  @MaxLength(64)
  barcode?: string;

  @IsDefined({ message: 'validation.required' })
  @IsInt({ message: 'validation.integer' })
  @Min(-MAX_UNITS)
  @Max(MAX_UNITS)
  quantity!: number;
}

export class AddCountsDto {
  @IsDefined({ message: 'validation.required' })
  @IsArray()
  @ArrayNotEmpty({ message: 'validation.required' })
  @ArrayMaxSize(MAX_COUNT_LINES)
  @ValidateNested({ each: true })
  @Type(() => CountLineInput)
  lines!: CountLineInput[];
}

export class ApproveStocktakeDto {
  /** Products in scope that nobody counted: left as they are ('keep', the default) or counted as none ('zero'). */
  @IsOptional()
  @IsIn(['keep', 'zero'], { message: 'validation.invalidValue' })
  uncounted?: 'keep' | 'zero';
}

export class StocktakeListQuery extends PageQuery {
  @IsOptional()
  @IsIn(STOCKTAKE_STATES as readonly string[])
  state?: StocktakeState;
}

/** POST /api/products/:id/adjust-stock: the quantity now on hand, and why it differs. */
export class AdjustStockDto {
  @IsDefined({ message: 'validation.required' })
  @IsInt({ message: 'validation.integer' })
  @Min(-MAX_UNITS)
  @Max(MAX_UNITS)
  quantity!: number;

  @IsDefined({ message: 'validation.stockReason' })
  @IsIn(STOCK_ADJUSTMENT_REASONS as readonly string[], { message: 'validation.stockReason' })
  reason!: StockAdjustmentReason;

  @IsOptional()
  @Transform(trimOrNull)
  @IsString()
  @MaxLength(500)
  note?: string | null;
}
