import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Ctx, DomainError, errorBody, HealthRegistry, type RequestContext } from '@dukan/platform';

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
    if (report.status !== 'down') return { success: true, ...report };
    // 503 with the error body every client reads, and the report beside it: the operator sees which checks are down.
    const error = DomainError.unavailable();
    res.status(error.status);
    if (error.retryAfterSeconds) res.setHeader('Retry-After', String(error.retryAfterSeconds));
    return { ...errorBody(error, ctx.locale, ctx.correlationId), ...report };
  }
}
