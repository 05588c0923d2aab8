import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Ctx, downAnswer, HealthRegistry, type RequestContext } from '@dukan/platform';

/**
 * GET /api/health: up when every check registered in this process (databases, services) answers; degraded
 * (still 200) when something needs attention, e.g. events a consumer refused are parked.
 */
@Controller('api/health')
export class GatewayHealthController {
  constructor(private readonly registry: HealthRegistry) {}

  @Get()
  async health(@Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response) {
    const report = await this.registry.report();
    return report.status === 'down' ? downAnswer(report, ctx, res) : { success: true, ...report };
  }
}
