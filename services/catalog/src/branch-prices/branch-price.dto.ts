import { Transform } from 'class-transformer';
import { IsDefined, IsNumber, Max, Min } from 'class-validator';

/** Numbers typed into a form may arrive as strings. */
const toNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;

/** PUT /api/products/:id/branch-prices/:branchId */
export class SetBranchPriceDto {
  @Transform(toNumber)
  @IsDefined({ message: 'validation.invalidNumber' })
  @Min(0, { message: 'validation.invalidNumber' })
  @Max(1_000_000)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'validation.invalidNumber' })
  price!: number;
}
