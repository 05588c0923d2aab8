import { Body, Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { Ctx, type RequestContext } from '@dukan/platform';
import { SetBranchPriceDto } from './branch-price.dto.js';
import { BranchPrices } from './branch-prices.service.js';

/** A product's prices per branch (a chain): `{data: BranchPriceDto[]}` from each route. */
@Controller('api/products')
export class BranchPricesController {
  constructor(private readonly prices: BranchPrices) {}

  @Get(':id/branch-prices')
  async list(@Param('id') id: string) {
    return { success: true, data: await this.prices.list(id) };
  }

  @Put(':id/branch-prices/:branchId')
  async set(@Ctx() ctx: RequestContext, @Param('id') id: string, @Param('branchId') branchId: string, @Body() dto: SetBranchPriceDto) {
    return { success: true, data: await this.prices.change(ctx, id, branchId, dto.price) };
  }

  @Delete(':id/branch-prices/:branchId')
  @HttpCode(200)
  async clear(@Ctx() ctx: RequestContext, @Param('id') id: string, @Param('branchId') branchId: string) {
    return { success: true, data: await this.prices.change(ctx, id, branchId, null) };
  }
}
