import { PartialType } from '@nestjs/mapped-types';
import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
  ValidateIf,
} from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** '' and null both mean "top level"; the form may also send the parent object it read. */
const parentId = ({ value }: { value: unknown }) => {
  if (value === '' || value === null) return null;
  if (value && typeof value === 'object' && typeof (value as { _id?: unknown })._id === 'string') return (value as { _id: string })._id;
  return value;
};

export class CategoryNameDto {
  @Transform(trim)
  @IsDefined({ message: 'validation.required' })
  @IsString({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(100)
  en!: string;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100)
  ku?: string;
}

/** Presence is IsNotEmpty, not IsDefined: PartialType's IsOptional skips the one and never the other. */
export class CreateCategoryDto {
  @IsNotEmpty({ message: 'validation.required' })
  @IsObject({ message: 'validation.required' })
  @ValidateNested()
  @Type(() => CategoryNameDto)
  name!: CategoryNameDto;

  @IsOptional()
  @Transform(parentId)
  @ValidateIf((_o, v) => v !== null)
  @IsUUID('all', { message: 'validation.invalidId' })
  parent?: string | null;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(2000)
  image?: string | null;

  @IsOptional()
  @IsBoolean()
  active?: boolean;
}

/** Every field optional; a field that is sent is validated as on create. */
export class UpdateCategoryDto extends PartialType(CreateCategoryDto) {}

/** Without `active`, only categories a form or the till may offer (active, under active parents); `all` for the admin. */
export class ListCategoriesQuery {
  @IsOptional()
  @IsIn(['true', 'false', 'all', ''])
  active?: 'true' | 'false' | 'all' | '';
}
