import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  LOGO_TYPES,
  PAPER_WIDTHS,
  RECEIPT_TEXT_MAX,
  TILL_TENDERS,
  type LogoType,
  type PaperWidth,
  type TillTender,
} from '@dukan/contracts';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const SLUG = /^[\p{L}\p{N}._-]{1,40}$/u;
/** A host name or an IPv4/IPv6 address, nothing else (no scheme, no path, no port). */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[?[0-9A-Fa-f:.]{2,45}\]?)$/;

export class BilingualTextDto {
  @Transform(trim)
  @IsString()
  @MaxLength(RECEIPT_TEXT_MAX)
  en!: string;

  @Transform(trim)
  @IsString()
  @MaxLength(RECEIPT_TEXT_MAX)
  ku!: string;
}

export class ReceiptFieldsDto {
  @IsBoolean() customer!: boolean;
  @IsBoolean() cashier!: boolean;
  @IsBoolean() points!: boolean;
  @IsBoolean() rate!: boolean;
  @IsBoolean() invoiceBarcode!: boolean;
}

export class RegisterPrinterInputDto {
  @Transform(trim)
  @IsString()
  @Matches(SLUG, { message: 'validation.invalidValue' })
  branchId!: string;

  @Transform(trim)
  @IsString()
  @Matches(SLUG, { message: 'validation.invalidValue' })
  registerId!: string;

  @Transform(trim)
  @IsString()
  @MaxLength(253)
  @Matches(HOST, { message: 'receipts.printerHost' })
  host!: string;

  @IsInt({ message: 'validation.integer' })
  @Min(1)
  @Max(65535)
  port!: number;
}

/** PUT /api/settings/receipts: any part may be sent; what is left out stays. */
export class UpdateReceiptSettingsDto {
  @IsOptional()
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  storeName?: string;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(RECEIPT_TEXT_MAX)
  address?: string;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(40)
  phone?: string;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(60)
  taxNumber?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => BilingualTextDto)
  header?: BilingualTextDto;

  @IsOptional()
  @ValidateNested()
  @Type(() => BilingualTextDto)
  footer?: BilingualTextDto;

  @IsOptional()
  @ValidateNested()
  @Type(() => ReceiptFieldsDto)
  fields?: ReceiptFieldsDto;

  @IsOptional()
  @IsIn(PAPER_WIDTHS)
  paperWidth?: PaperWidth;

  /** Every register's printer: a register left out prints through the browser only. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => RegisterPrinterInputDto)
  printers?: RegisterPrinterInputDto[];
}

/** PUT /api/settings/receipts/logo: the file's bytes in base64 (at most LOGO_MAX_BYTES once decoded). */
export class UploadLogoDto {
  @IsIn(LOGO_TYPES, { message: 'receipts.logoType' })
  type!: LogoType;

  @IsString()
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(300_000)
  data!: string;
}

export class UpdatePaymentSettingsDto {
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1, { message: 'payments.noTender' })
  @ArrayMaxSize(TILL_TENDERS.length)
  @IsIn(TILL_TENDERS, { each: true })
  tenders?: TillTender[];

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(60)
  cardTerminalName?: string;
}
