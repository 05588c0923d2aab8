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
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { MAX_TRANSFER_LINES, TRANSFER_STATES, type TransferState } from '@dukan/contracts';
import { PageQuery } from '@dukan/platform';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const MAX_UNITS = 1_000_000;

export class TransferLineInput {
  @IsDefined({ message: 'validation.required' })
  @IsUUID('all', { message: 'validation.invalidId' })
  product!: string;

  @IsDefined({ message: 'validation.required' })
  @IsInt({ message: 'validation.integer' })
  @Min(1, { message: 'validation.min' })
  @Max(MAX_UNITS)
  quantity!: number;
}

/** A count of what arrived: zero allowed (none of it came). */
export class ReceivedLineInput {
  @IsDefined({ message: 'validation.required' })
  @IsUUID('all', { message: 'validation.invalidId' })
  product!: string;

  @IsDefined({ message: 'validation.required' })
  @IsInt({ message: 'validation.integer' })
  @Min(0, { message: 'validation.min' })
  @Max(MAX_UNITS)
  quantity!: number;
}

/** POST /api/products/transfers: from the branch the request acts in. */
export class SendTransferDto {
  @Transform(trim)
  @IsDefined({ message: 'validation.required' })
  @IsString({ message: 'validation.required' })
  @Matches(/^[\p{L}\p{N}._-]{1,40}$/u, { message: 'branches.unknown' })
  toBranch!: string;

  @IsDefined({ message: 'validation.required' })
  @IsArray()
  @ArrayNotEmpty({ message: 'validation.required' })
  @ArrayMaxSize(MAX_TRANSFER_LINES)
  @ValidateNested({ each: true })
  @Type(() => TransferLineInput)
  lines!: TransferLineInput[];

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(500)
  note?: string;
}

/** POST /api/products/transfers/:id/receive: without lines, everything sent arrived. */
export class ReceiveTransferDto {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_TRANSFER_LINES)
  @ValidateNested({ each: true })
  @Type(() => ReceivedLineInput)
  lines?: ReceivedLineInput[];

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(500)
  note?: string;
}

export class TransferListQuery extends PageQuery {
  @IsOptional()
  @IsIn([...TRANSFER_STATES, ''])
  state?: TransferState | '';
}
