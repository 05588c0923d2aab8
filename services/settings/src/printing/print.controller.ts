import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { translate } from '@dukan/contracts';
import { Ctx, type RequestContext } from '@dukan/platform';
import { PrintDocumentDto } from './print.dto.js';
import { PrintService } from './print.service.js';

@Controller('api/print')
export class PrintController {
  constructor(private readonly printing: PrintService) {}

  @Post()
  @HttpCode(200)
  async print(@Ctx() ctx: RequestContext, @Body() dto: PrintDocumentDto) {
    const data = await this.printing.print(ctx, dto);
    return { success: true, data, message: translate(ctx.locale, 'print.sent') };
  }

  @Post('escpos')
  @HttpCode(200)
  async escpos(@Ctx() ctx: RequestContext, @Body() dto: PrintDocumentDto, @Res() res: Response) {
    const bytes = await this.printing.escpos(ctx, dto);
    res.setHeader('Content-Type', 'application/octet-stream');
    res.send(Buffer.from(bytes));
  }
}
