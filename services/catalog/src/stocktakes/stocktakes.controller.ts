import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { Ctx, PageQuery, type RequestContext } from '@dukan/platform';
import { AddCountsDto, ApproveStocktakeDto, StartStocktakeDto, StocktakeListQuery } from './stocktake.dto.js';
import { Stocktakes } from './stocktakes.service.js';

@Controller('api/stocktakes')
export class StocktakesController {
  constructor(private readonly stocktakes: Stocktakes) {}

  @Get()
  async list(@Ctx() ctx: RequestContext, @Query() q: StocktakeListQuery) {
    return { success: true, ...(await this.stocktakes.list(ctx, q)) };
  }

  @Post()
  async start(@Ctx() ctx: RequestContext, @Body() dto: StartStocktakeDto) {
    return { success: true, data: await this.stocktakes.start(ctx, dto) };
  }

  @Get(':id')
  async get(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return { success: true, data: await this.stocktakes.get(ctx, id) };
  }

  @Get(':id/counts')
  async counts(@Ctx() ctx: RequestContext, @Param('id') id: string, @Query() q: PageQuery) {
    return { success: true, ...(await this.stocktakes.counts(ctx, id, q)) };
  }

  /** 200 with the counted totals of the products just counted. */
  @Post(':id/counts')
  @HttpCode(200)
  async addCounts(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() dto: AddCountsDto) {
    return { success: true, data: await this.stocktakes.addCounts(ctx, id, dto) };
  }

  @Get(':id/variance')
  async variance(@Ctx() ctx: RequestContext, @Param('id') id: string, @Query() q: PageQuery) {
    return { success: true, data: await this.stocktakes.variance(ctx, id, q) };
  }

  @Post(':id/approve')
  @HttpCode(200)
  async approve(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() dto: ApproveStocktakeDto) {
    return { success: true, data: await this.stocktakes.approve(ctx, id, dto) };
  }

  @Post(':id/cancel')
  @HttpCode(200)
  async cancel(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return { success: true, data: await this.stocktakes.cancel(ctx, id) };
  }
}
