import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { HealthRegistry } from '@dukan/platform';

/**
 * GET /api/health: up when every check registered in this process (databases, services) answers; degraded
 * (still 200) when something needs attention, e.g. events a consumer refused are parked.
 */
@Controller('api/health')
export class GatewayHealthController {
  constructor(private readonly registry: HealthRegistry) {}

  @Get()
  async health() {
    const report = await this.registry.report();
    if (report.status === 'down') throw new ServiceUnavailableException();
    return { success: true, ...report };
  }
}
