import { OmitType, PartialType } from '@nestjs/mapped-types';
import { Transform } from 'class-transformer';
import {
  Allow,
  IsArray,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ArrayMaxSize,
} from 'class-validator';
import { LOCALES, ROLES, type CreateUserRequest, type Locale, type Permissions, type Role, type UpdateUserRequest } from '@dukan/contracts';
import { IsEmailAddress, IsPassword, IsPhone, IsUsername, PageQuery, toPhone } from '@dukan/platform';

const BRANCH_CODE = /^[\p{L}\p{N}._-]{1,40}$/u;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class LoginDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  username!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  password!: string;

  @IsOptional()
  @IsBoolean()
  rememberMe?: boolean;

  /** The token this device was given at its last sign-in to this account (login throttling). */
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  deviceToken?: string;
}

export class PreferencesDto {
  @IsIn(LOCALES)
  languagePreference!: Locale;
}

export class CreateUserDto implements CreateUserRequest {
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @IsUsername()
  username!: string;

  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  firstName!: string;

  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  lastName!: string;

  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @IsEmailAddress()
  email!: string;

  /** As people write it ('0750 123 4567', '+964 750-123-4567', Eastern digits); kept as E.164. */
  @IsOptional()
  @Transform(toPhone)
  @IsString()
  @IsPhone()
  phone?: string;

  @IsString()
  @IsPassword()
  password!: string;

  @IsOptional()
  @IsIn(ROLES)
  role?: Role;

  @IsOptional()
  @IsBoolean()
  active?: boolean;

  @IsOptional()
  @IsIn(LOCALES)
  languagePreference?: Locale;

  @IsOptional()
  @IsObject()
  permissions?: Permissions;

  /** Admin only. null: the installation's default branch. */
  @IsOptional()
  @IsString()
  @Matches(BRANCH_CODE, { message: 'validation.invalidValue' })
  homeBranch?: string | null;

  /** Admin only: the branches the user may work in (null: the home branch only). */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @IsString({ each: true })
  @Matches(BRANCH_CODE, { each: true, message: 'validation.invalidValue' })
  branches?: string[] | null;
}

/**
 * The create form's fields, every one optional (a blank password is simply not sent: spec part 2 section 5);
 * a phone may be sent blank to remove it, and permissions null to go back to the role's defaults.
 */
export class UpdateUserDto extends PartialType(OmitType(CreateUserDto, ['phone', 'permissions'] as const)) implements UpdateUserRequest {
  @IsOptional()
  @Transform(toPhone)
  @IsString()
  @IsPhone({ blank: true })
  phone?: string;

  /** Admin only, as on PUT /api/auth/users/:id/permissions. */
  @IsOptional()
  @IsObject()
  permissions?: Permissions | null;

  // What GET serves and nobody sets: a client may send the user object back with its change; these are ignored.
  @IsOptional()
  @Allow()
  _id?: unknown;

  @IsOptional()
  @Allow()
  name?: unknown;

  @IsOptional()
  @Allow()
  lastLogin?: unknown;

  @IsOptional()
  @Allow()
  effectivePermissions?: unknown;

  @IsOptional()
  @Allow()
  createdAt?: unknown;
}

export class ResetPasswordDto {
  @IsString()
  @IsPassword()
  newPassword!: string;
}

export class ListUsersQuery extends PageQuery {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;

  @IsOptional()
  @IsIn([...ROLES, 'all', ''])
  role?: Role | 'all' | '';

  @IsOptional()
  @IsIn(['true', 'false', 'all', ''])
  active?: 'true' | 'false' | 'all' | '';
}

export class PermissionsListQuery {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;

  @IsOptional()
  @IsIn(['manager', 'cashier', 'all', ''])
  role?: 'manager' | 'cashier' | 'all' | '';

  @IsOptional()
  @IsIn(['true', 'false', 'all', ''])
  active?: 'true' | 'false' | 'all' | '';
}

export class UpdatePermissionsDto {
  /** null: back to the role's defaults. */
  @IsOptional()
  @IsObject()
  permissions!: Permissions | null;
}

export class ApplyRoleDto {
  @IsIn(['manager', 'cashier'])
  role!: 'manager' | 'cashier';

  @IsArray()
  @ArrayMaxSize(1000)
  @IsUUID('all', { each: true })
  userIds!: string[];
}
