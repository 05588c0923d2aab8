import { Controller, Get, HttpCode, Param, Post, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import type { Response } from 'express';
import { FileInterceptor } from '@nestjs/platform-express';
import { Ctx, type RequestContext } from '@dukan/platform';
import { ProductImportService } from './product-import.service.js';

/** Upload limit, the production ingress's body limit too: 100,000 rows of the template's columns are about 10 MB as CSV. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

@Controller('api/products/import')
export class ProductImportController {
  constructor(private readonly imports: ProductImportService) {}

  /** 202 with the job: the refused rows (and why) at once; the valid ones import in the background. */
  @Post()
  @HttpCode(202)
  // Browsers send a file's name as UTF-8 (a Kurdish name stays readable).
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10 }, defParamCharset: 'utf8' }))
  start(
    @Ctx() ctx: RequestContext,
    @UploadedFile() file: { buffer: Buffer; originalname: string } | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    // The client gone before its answer: reading the file stops at once.
    const gone = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) gone.abort();
    });
    return this.imports.start(ctx, file, gone.signal);
  }

  /** Only its own user reads an import (its rows name products it may not have meant to show); an admin reads any. */
  @Get(':id')
  get(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.imports.get(ctx, id);
  }
}
