import { Module, type DynamicModule } from '@nestjs/common';
import { ServicePlatformModule } from '@dukan/platform';
import { REPORTING_CONFIG, type ReportingConfig } from './config.js';

/** Read models built from events, the dashboard and the reports: /api/dashboard, /api/reports/*. */
@Module({})
export class ReportingModule {
  static register(config: ReportingConfig): DynamicModule {
    return {
      module: ReportingModule,
      imports: [ServicePlatformModule.forService({ service: 'reporting', entities: [], migrations: [] })],
      controllers: [],
      providers: [{ provide: REPORTING_CONFIG, useValue: config }],
    };
  }
}
