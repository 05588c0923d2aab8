import { Module, type DynamicModule, type INestApplication } from '@nestjs/common';
import type { ServiceName } from '@dukan/contracts';
import { ConfigError, type PlatformConfig } from '../config/config.js';
import type { EventBus } from '../events/event-bus.js';
import { configureLogger, logger } from '../logging/logger.js';
import { PlatformCoreModule } from '../module/platform-core.module.js';
import { createDukanApp, startDukanApp } from './create-app.js';

export interface ServiceProcessOptions {
  service: ServiceName;
  config: PlatformConfig;
  port: number;
  module: DynamicModule;
  ownsSigningKey?: boolean;
  /** A bus shared with other apps of the same process (tests); otherwise built from config. */
  bus?: EventBus;
}

/**
 * A service as the cluster runs it: its module alone with the platform around it, answering /api only to
 * calls the gateway forwarded (they carry INTERNAL_TOKEN) and asking identity whether tokens are current.
 */
export async function createServiceProcessApp(o: ServiceProcessOptions): Promise<INestApplication> {
  if (!o.config.INTERNAL_TOKEN) {
    throw new ConfigError(
      `Invalid configuration:\n  INTERNAL_TOKEN: required by the ${o.service} service (the same secret as the gateway's)`,
    );
  }
  @Module({
    imports: [
      PlatformCoreModule.forRoot({
        config: o.config,
        processName: o.service,
        ownsSigningKey: o.ownsSigningKey ?? false,
        ...(o.service === 'identity' ? { branches: 'remote' as const } : { sessions: 'remote' as const }),
        ...(o.bus ? { bus: o.bus } : {}),
      }),
      o.module,
    ],
  })
  class ServiceProcessModule {}
  return createDukanApp(ServiceProcessModule, { branchId: o.config.BRANCH_ID, role: 'service' });
}

/** main.ts of every service in the cluster shape. */
export async function runServiceProcess(o: ServiceProcessOptions): Promise<void> {
  configureLogger({ level: o.config.LOG_LEVEL, service: o.service });
  const app = await createServiceProcessApp(o);
  const url = await startDukanApp(app, o.port, o.config.HOST);
  logger().info({ url }, `${o.service} listening`);
}
