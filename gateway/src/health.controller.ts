import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { HealthRegistry } from '@dukan/platform';

/** GET /api/health: up when every check registered in this process (databases, services) answers. */
@Controller('api/health')
export class GatewayHealthController {
  constructor(private readonly registry: HealthRegistry) {}

  @Get()
  async health() {
    const checks = await this.registry.run();
    const ok = Object.values(checks).every((s) => s === 'up');
    if (!ok) throw new ServiceUnavailableException();
    return { success: true, status: 'up', checks };
  }
}
