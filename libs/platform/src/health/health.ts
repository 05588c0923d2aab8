import { Controller, Get, Injectable, ServiceUnavailableException } from '@nestjs/common';

export type HealthCheck = () => Promise<void>;

@Injectable()
export class HealthRegistry {
  private readonly checks = new Map<string, HealthCheck>();

  register(name: string, check: HealthCheck): void {
    this.checks.set(name, check);
  }

  async run(): Promise<Record<string, 'up' | 'down'>> {
    const entries = await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        try {
          await check();
          return [name, 'up'] as const;
        } catch {
          return [name, 'down'] as const;
        }
      }),
    );
    return Object.fromEntries(entries);
  }
}

/** Liveness and readiness of one process; outside /api, so the gateway's route table does not apply. */
@Controller('health')
export class HealthController {
  constructor(private readonly registry: HealthRegistry) {}

  @Get()
  live() {
    return { status: 'up' };
  }

  @Get('ready')
  async ready() {
    const checks = await this.registry.run();
    const ok = Object.values(checks).every((s) => s === 'up');
    if (!ok) throw new ServiceUnavailableException({ status: 'down', checks });
    return { status: 'up', checks };
  }
}
