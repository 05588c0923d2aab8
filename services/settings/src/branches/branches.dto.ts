import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Branch and register codes: letters, digits, '.', '_' and '-', up to 40. */
export const CODE = /^[\p{L}\p{N}._-]{1,40}$/u;

/** POST /api/settings/branches */
export class CreateBranchDto {
  @Transform(trim)
  @IsString()
  @Matches(CODE, { message: 'validation.invalidValue' })
  _id!: string;

  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;

  /** Defaults to one register, 'main'. */
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1, { message: 'validation.required' })
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @Matches(CODE, { each: true, message: 'validation.invalidValue' })
  registers?: string[];
}

/** PUT /api/settings/branches/:id: rename, deactivate or reactivate. */
export class UpdateBranchDto {
  @IsOptional()
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name?: string;

  @IsOptional()
  @IsBoolean()
  active?: boolean;
}

/** PUT /api/settings/branches/:id/registers */
export class BranchRegistersDto {
  @IsArray()
  @ArrayMinSize(1, { message: 'validation.required' })
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @Matches(CODE, { each: true, message: 'validation.invalidValue' })
  registers!: string[];
}
