import { PartialType } from '@nestjs/mapped-types';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { LOCALES, type Locale } from '@dukan/contracts';
import { IsEmailAddress, IsPhone, PageQuery, toPhone } from '@dukan/platform';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** An empty optional text is stored as "none". */
const trimOrNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);

export class AddressDto {
  @IsOptional()
  @Transform(trimOrNull)
  @IsString()
  @MaxLength(200)
  street?: string | null;

  @IsOptional()
  @Transform(trimOrNull)
  @IsString()
  @MaxLength(100)
  city?: string | null;

  @IsOptional()
  @Transform(trimOrNull)
  @IsString()
  @MaxLength(100)
  state?: string | null;

  @IsOptional()
  @Transform(trimOrNull)
  @IsString()
  @MaxLength(20)
  zipCode?: string | null;

  @IsOptional()
  @Transform(trimOrNull)
  @IsString()
  @MaxLength(100)
  country?: string | null;
}

export class CreateCustomerDto {
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(100)
  firstName!: string;

  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(100)
  lastName!: string;

  /** As people write it ('0750 123 4567', '+964 750 123 4567', Eastern digits); kept as E.164 ('+9647501234567'). */
  @Transform(toPhone)
  @IsString()
  @IsNotEmpty({ message: 'validation.required' })
  @IsPhone()
  phone!: string;

  /** Optional; an empty string means none. */
  @IsOptional()
  @Transform(trimOrNull)
  @IsString()
  @IsEmailAddress()
  email?: string | null;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => AddressDto)
  address?: AddressDto;

  @IsOptional()
  @IsIn(LOCALES)
  languagePreference?: Locale;
}

/** PUT sends the form: every field optional, required ones may not be blanked. */
export class UpdateCustomerDto extends PartialType(CreateCustomerDto) {}

export class ListCustomersQuery extends PageQuery {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;
}
