import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { Ctx, type RequestContext } from '@dukan/platform';
import { AdjustStockDto } from '../stocktakes/stocktake.dto.js';
import { StockAdjustments } from './stock-adjustments.js';

/** Manual stock changes and the negative-stock list; registered before the products' `:id` routes. */
@Controller('api/products')
export class StockController {
  constructor(private readonly adjustments: StockAdjustments) {}

  @Get('negative-stock')
  async negative(@Ctx() ctx: RequestContext) {
    return { success: true, data: await this.adjustments.negative(ctx) };
  }

  @Post(':id/adjust-stock')
  @HttpCode(200)
  async adjust(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() dto: AdjustStockDto) {
    return { success: true, data: await this.adjustments.adjust(ctx, id, dto) };
  }
}
