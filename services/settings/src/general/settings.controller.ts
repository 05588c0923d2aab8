import { Body, Controller, Get, Param, ParseUUIDPipe, Put } from '@nestjs/common';
import { translate, type ShopFactsDto } from '@dukan/contracts';
import { Ctx, type RequestContext } from '@dukan/platform';
import { UpdateGeneralSettingsDto } from './settings.dto.js';
import { SettingsService } from './settings.service.js';

@Controller('api/settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get('exchange-rate')
  async exchangeRate(@Ctx() ctx: RequestContext) {
    return { success: true, data: await this.settings.exchangeRate(ctx) };
  }

  @Get('general')
  async general(@Ctx() ctx: RequestContext) {
    return { success: true, data: await this.settings.general(ctx) };
  }

  @Put('general')
  async update(@Ctx() ctx: RequestContext, @Body() dto: UpdateGeneralSettingsDto) {
    const data = await this.settings.update(ctx, dto);
    return { success: true, data, message: translate(ctx.locale, 'settings.saved') };
  }
}

/**
 * Service-to-service (x-dukan-internal): sales records the rate settings gives the cashier at the moment of the sale;
 * the gateway names the installed app after the shop.
 */
@Controller('internal/settings')
export class InternalSettingsController {
  constructor(private readonly settings: SettingsService) {}

  /** The shop's name, and its rate and IQD cash rounding (catalog prices labels in dinars with them). */
  @Get('shop')
  async shop(): Promise<ShopFactsDto> {
    return this.settings.shop();
  }

  @Get('exchange-rate/:userId')
  async exchangeRate(@Param('userId', new ParseUUIDPipe()) userId: string) {
    return this.settings.exchangeRateFor(userId);
  }
}
