import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { IsDayOrDateTime } from '@dukan/platform';
import { CURRENCIES, INVENTORY_SORT_FIELDS, type Currency, type InventorySortField } from '@dukan/contracts';

/** '' and 'null' (what a client sends for an open end) mean no date. */
const openDate = ({ value }: { value: unknown }) => (value === '' || value === 'null' || value === 'undefined' ? undefined : value);

export class ReportQuery {
  @IsOptional()
  @Transform(openDate)
  @IsString({ message: 'validation.invalidDate' })
  @IsDayOrDateTime()
  startDate?: string;

  @IsOptional()
  @Transform(openDate)
  @IsString({ message: 'validation.invalidDate' })
  @IsDayOrDateTime()
  endDate?: string;

  /** The currency amounts are shown in; USD unless asked. */
  @IsOptional()
  @IsIn(CURRENCIES, { message: 'validation.invalidValue' })
  currency?: Currency;

  /** The branch the report reads, or 'all'; the gate checks it (ctx.branchScope is what it allowed). */
  @IsOptional()
  @IsString({ message: 'validation.invalidValue' })
  @MaxLength(40, { message: 'validation.invalidValue' })
  branch?: string;

  /** Chosen by the client for an export, so it can follow the export's progress at GET /api/reports/exports/:id. */
  @IsOptional()
  @IsUUID('4', { message: 'validation.invalidId' })
  exportId?: string;
}

export class InventoryPageQuery extends ReportQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'validation.integer' })
  @Min(1, { message: 'validation.min' })
  page?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'validation.integer' })
  @Min(1, { message: 'validation.min' })
  @Max(100, { message: 'validation.max' })
  limit?: number;

  @IsOptional()
  @IsIn(INVENTORY_SORT_FIELDS, { message: 'validation.invalidValue' })
  sort?: InventorySortField;

  @IsOptional()
  @IsIn(['asc', 'desc'], { message: 'validation.invalidValue' })
  order?: 'asc' | 'desc';

  @IsOptional()
  @IsIn(['true', 'false'], { message: 'validation.invalidValue' })
  lowStock?: 'true' | 'false';
}
