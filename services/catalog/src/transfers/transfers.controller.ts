import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Ctx, type RequestContext } from '@dukan/platform';
import { ReceiveTransferDto, SendTransferDto, TransferListQuery } from './transfer.dto.js';
import { TransferCommands } from './transfer-commands.js';
import { TransferQueries } from './transfer-queries.js';

/** Stock transfers between branches; registered before the products' `:id` routes. */
@Controller('api/products/transfers')
export class TransfersController {
  constructor(
    private readonly commands: TransferCommands,
    private readonly queries: TransferQueries,
  ) {}

  @Get()
  async list(@Ctx() ctx: RequestContext, @Query() q: TransferListQuery) {
    return { success: true, ...(await this.queries.list(ctx, q)) };
  }

  /** 201 with the transfer; a repeat with the same Idempotency-Key answers the same transfer (Idempotent-Replayed). */
  @Post()
  async send(@Ctx() ctx: RequestContext, @Body() dto: SendTransferDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const key = req.headers['idempotency-key'];
    const { transfer, replayed } = await this.commands.send(ctx, dto, typeof key === 'string' ? key : undefined);
    if (replayed) res.setHeader('Idempotent-Replayed', 'true');
    return { success: true, data: transfer };
  }

  @Post(':id/receive')
  @HttpCode(200)
  async receive(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() dto: ReceiveTransferDto) {
    return { success: true, data: await this.commands.receive(ctx, id, dto) };
  }

  /** 200 with the cancelled transfer; a repeat answers it again and moves nothing. */
  @Post(':id/cancel')
  @HttpCode(200)
  async cancel(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return { success: true, data: await this.commands.cancel(ctx, id) };
  }
}
