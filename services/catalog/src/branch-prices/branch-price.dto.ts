import { Transform } from 'class-transformer';
import { IsDefined } from 'class-validator';
import { IsAmount } from '@dukan/platform';

/** Numbers typed into a form may arrive as strings. */
const toNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;

/** PUT /api/products/:id/branch-prices/:branchId: the branch's price in dollars, as the product's own price is typed. */
export class SetBranchPriceDto {
  @Transform(toNumber)
  @IsDefined({ message: 'validation.invalidNumber' })
  @IsAmount('price')
  price!: number;
}
