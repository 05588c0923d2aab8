import { Module, type DynamicModule } from '@nestjs/common';
import type { ServiceName } from '@dukan/contracts';
import type { PlatformConfig } from '../config/config.js';
import { configureLogger, logger } from '../logging/logger.js';
import { PlatformCoreModule } from '../module/platform-core.module.js';
import { createDukanApp, startDukanApp } from './create-app.js';

export interface ServiceProcessOptions {
  service: ServiceName;
  config: PlatformConfig;
  port: number;
  module: DynamicModule;
  ownsSigningKey?: boolean;
}

/** main.ts of every service in the cluster shape: the service module alone, with the platform around it. */
export async function runServiceProcess(o: ServiceProcessOptions): Promise<void> {
  configureLogger({ level: o.config.LOG_LEVEL, service: o.service });
  @Module({
    imports: [
      PlatformCoreModule.forRoot({ config: o.config, processName: o.service, ownsSigningKey: o.ownsSigningKey ?? false }),
      o.module,
    ],
  })
  class ServiceProcessModule {}
  const app = await createDukanApp(ServiceProcessModule, { branchId: o.config.BRANCH_ID });
  const url = await startDukanApp(app, o.port);
  logger().info({ url }, `${o.service} listening`);
}
