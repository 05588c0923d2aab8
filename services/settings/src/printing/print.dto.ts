import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { PRINT_HTML_MAX } from '@dukan/contracts';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** POST /api/print and /api/print/escpos. */
export class PrintDocumentDto {
  @Transform(trim)
  @IsString()
  @Matches(/^[\p{L}\p{N}._-]{1,40}$/u, { message: 'validation.invalidValue' })
  register!: string;

  @IsString()
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(PRINT_HTML_MAX)
  html!: string;

  @IsBoolean()
  openDrawer!: boolean;
}
