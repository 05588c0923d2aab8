import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Ctx, type RequestContext } from '@dukan/platform';
import { LabelSheetDto } from './label-sheets.dto.js';
import { LabelSheetsService } from './label-sheets.service.js';

@Controller('api/products/label-sheets')
export class LabelSheetsController {
  constructor(private readonly sheets: LabelSheetsService) {}

  @Post()
  @HttpCode(200)
  async create(@Ctx() ctx: RequestContext, @Body() dto: LabelSheetDto, @Res() res: Response) {
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abort.abort(new Error('label PDF cancelled'));
    });
    const pdf = await this.sheets.pdf(ctx, dto, abort.signal);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="labels-${dto.layout}.pdf"`);
    res.send(pdf);
  }

  @Get(':exportId')
  progress(@Ctx() ctx: RequestContext, @Param('exportId') id: string) {
    return { success: true, data: this.sheets.progress(ctx, id) };
  }
}
