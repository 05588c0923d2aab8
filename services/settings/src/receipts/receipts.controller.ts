import { Body, Controller, Delete, Get, Put, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { translate } from '@dukan/contracts';
import { Ctx, type RequestContext } from '@dukan/platform';
import { UpdatePaymentSettingsDto, UpdateReceiptSettingsDto, UploadLogoDto } from './receipts.dto.js';
import { ReceiptsService } from './receipts.service.js';

@Controller('api/settings')
export class ReceiptsController {
  constructor(private readonly receipts: ReceiptsService) {}

  @Get('receipts')
  async receipt() {
    return { success: true, data: await this.receipts.receipt() };
  }

  @Put('receipts')
  async updateReceipt(@Ctx() ctx: RequestContext, @Body() dto: UpdateReceiptSettingsDto) {
    const data = await this.receipts.updateReceipt(ctx, dto);
    return { success: true, data, message: translate(ctx.locale, 'receipts.saved') };
  }

  /** The logo as kept; `?v=version` names one version, so a browser may keep it for good. */
  @Get('receipts/logo')
  async logo(@Req() req: Request, @Res() res: Response) {
    const logo = await this.receipts.logo();
    const named = req.query['v'] === logo.version;
    res.setHeader('Content-Type', logo.type);
    res.setHeader('Cache-Control', named ? 'private, max-age=31536000, immutable' : 'private, no-cache');
    res.setHeader('ETag', `"${logo.version}"`);
    res.setHeader('Content-Security-Policy', "default-src 'none'");
    res.send(logo.bytes);
  }

  @Put('receipts/logo')
  async setLogo(@Ctx() ctx: RequestContext, @Body() dto: UploadLogoDto) {
    const data = await this.receipts.setLogo(ctx, dto);
    return { success: true, data, message: translate(ctx.locale, 'receipts.saved') };
  }

  @Delete('receipts/logo')
  async removeLogo(@Ctx() ctx: RequestContext) {
    const data = await this.receipts.removeLogo(ctx);
    return { success: true, data, message: translate(ctx.locale, 'receipts.saved') };
  }

  @Get('payments')
  async payments() {
    return { success: true, data: await this.receipts.payments() };
  }

  @Put('payments')
  async updatePayments(@Ctx() ctx: RequestContext, @Body() dto: UpdatePaymentSettingsDto) {
    const data = await this.receipts.updatePayments(ctx, dto);
    return { success: true, data, message: translate(ctx.locale, 'payments.saved') };
  }

  /** What an open till follows every few seconds: a 304 (no body, no work on the till) while nothing changed. */
  @Get('till')
  async till(@Req() req: Request, @Res() res: Response) {
    const body = JSON.stringify({ success: true, data: await this.receipts.till() });
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    res.type('application/json').send(body);
  }
}
