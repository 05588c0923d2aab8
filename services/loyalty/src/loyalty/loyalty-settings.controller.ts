import { Body, Controller, Get, Put } from '@nestjs/common';
import { translate } from '@dukan/contracts';
import { Ctx, type RequestContext } from '@dukan/platform';
import { LoyaltySettingsBody } from './loyalty-settings.dto.js';
import { LoyaltySettingsService, toDto } from './loyalty-settings.service.js';

@Controller('api/loyalty/settings')
export class LoyaltySettingsController {
  constructor(private readonly settings: LoyaltySettingsService) {}

  @Get()
  async get() {
    return { success: true, data: toDto(await this.settings.current()) };
  }

  @Put()
  async put(@Ctx() ctx: RequestContext, @Body() body: LoyaltySettingsBody) {
    return { success: true, data: await this.settings.replace(ctx, body), message: translate(ctx.locale, 'loyalty.settingsSaved') };
  }
}
