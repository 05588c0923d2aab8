import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsDefined, IsIn, IsOptional, IsString, IsUUID, Matches } from 'class-validator';
import { CURRENCIES, LABEL_LAYOUT_IDS, type Currency, type LabelLayout } from '@dukan/contracts';
import { MAX_LABELS } from '../products/product.dto.js';

/** POST /api/products/label-sheets */
export class LabelSheetDto {
  @IsDefined({ message: 'validation.required' })
  @IsArray()
  @ArrayNotEmpty({ message: 'validation.required' })
  @ArrayMaxSize(MAX_LABELS)
  @IsUUID('all', { each: true, message: 'validation.invalidId' })
  ids!: string[];

  @IsIn(LABEL_LAYOUT_IDS)
  layout!: LabelLayout;

  @IsArray()
  @ArrayNotEmpty({ message: 'validation.required' })
  @ArrayMaxSize(2)
  @IsIn(['en', 'ku'], { each: true })
  names!: ('en' | 'ku')[];

  @IsArray()
  @ArrayNotEmpty({ message: 'validation.required' })
  @ArrayMaxSize(2)
  @IsIn(CURRENCIES, { each: true })
  currencies!: Currency[];

  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{8,64}$/, { message: 'validation.invalidId' })
  exportId?: string;
}
