import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

export const DEFAULT_BLOCK_SIZE = 100;

/** POST /api/transactions/invoice-blocks: a block of numbers for the register, used by its till while offline. */
export class ReserveInvoiceBlockDto {
  @IsString()
  @Matches(/^[\p{L}\p{N} ._-]{1,40}$/u, { message: 'validation.invalidValue' })
  register!: string;

  @IsOptional()
  @IsInt({ message: 'validation.integer' })
  @Min(10)
  @Max(1000)
  size?: number;

  /** The device asking (a till's own random id, kept in its browser): another device on the register is reported. */
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9-]{8,64}$/, { message: 'validation.invalidValue' })
  device?: string;
}
