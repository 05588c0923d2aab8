import { Controller, Get } from '@nestjs/common';
import { translate } from '@dukan/contracts';
import { Ctx, type RequestContext } from '@dukan/platform';
import { DashboardService } from './dashboard.service.js';

@Controller('api/dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  async get(@Ctx() ctx: RequestContext) {
    return { success: true, data: await this.dashboard.get(ctx.branchScope ?? null), message: translate(ctx.locale, 'dashboard.title') };
  }
}
