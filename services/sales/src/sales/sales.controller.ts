import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { translate } from '@dukan/contracts';
import { Ctx, type RequestContext } from '@dukan/platform';
import { CreateSaleDto, ListSalesQuery, RefundDto, VoidQuery } from './sale.dto.js';
import { SaleRecordsService } from './sale-records.service.js';
import { ReversalsService } from './reversals.service.js';
import { SalesService } from './sales.service.js';

@Controller('api/transactions')
export class SalesController {
  constructor(
    private readonly sales: SalesService,
    private readonly records: SaleRecordsService,
    private readonly reversals: ReversalsService,
  ) {}

  @Post()
  async create(@Ctx() ctx: RequestContext, @Body() dto: CreateSaleDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const key = req.headers['idempotency-key'];
    const answer = await this.sales.create(ctx, dto, req.body, typeof key === 'string' ? key : undefined);
    res.status(answer.status);
    if (answer.replayed) res.setHeader('Idempotent-Replayed', 'true');
    return answer.body;
  }

  @Get()
  async list(@Ctx() ctx: RequestContext, @Query() q: ListSalesQuery) {
    return { success: true, ...(await this.records.list(ctx.branchId, q)), message: translate(ctx.locale, 'sales.listed') };
  }

  @Get(':id')
  async get(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return { success: true, data: await this.records.get(id, ctx) };
  }

  @Delete(':id')
  @HttpCode(200)
  async void(@Ctx() ctx: RequestContext, @Param('id') id: string, @Query() q: VoidQuery) {
    return { success: true, data: await this.reversals.void(ctx, id, q.reason?.trim() || null) };
  }

  @Post(':id/refund')
  async refund(
    @Ctx() ctx: RequestContext,
    @Param('id') id: string,
    @Body() dto: RefundDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const key = req.headers['idempotency-key'];
    const answer = await this.reversals.refund(ctx, id, dto, typeof key === 'string' ? { key, rawBody: req.body } : undefined);
    if (answer.replayed) res.setHeader('Idempotent-Replayed', 'true');
    return { success: true, data: answer.result };
  }
}
