import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { Ctx, type RequestContext } from '@dukan/platform';
import { RedeemQuoteDto, ReleaseDto, ReserveDto } from './redemption.dto.js';
import { RedemptionsService } from './redemptions.service.js';

@Controller('api/transactions/redeem')
export class RedeemController {
  constructor(private readonly redemptions: RedemptionsService) {}

  @Post()
  @HttpCode(200)
  async quote(@Ctx() ctx: RequestContext, @Body() dto: RedeemQuoteDto) {
    return { success: true, data: await this.redemptions.quote(ctx, dto) };
  }
}

/** Service-to-service (x-dukan-internal): sales holds points and gets the award quote before it commits a sale. */
@Controller('internal/loyalty/sales')
export class InternalReservationsController {
  constructor(private readonly redemptions: RedemptionsService) {}

  @Post(':saleId/reserve')
  @HttpCode(200)
  reserve(@Ctx() ctx: RequestContext, @Param('saleId') saleId: string, @Body() dto: ReserveDto) {
    return this.redemptions.reserve(ctx, saleId, dto);
  }

  @Post(':saleId/release')
  @HttpCode(200)
  async release(@Param('saleId') saleId: string, @Body() dto: ReleaseDto) {
    return { released: await this.redemptions.release(saleId, dto.customerId, dto.attempt) };
  }
}
