import { runServiceProcess } from '@dukan/platform';
import { loadReportingConfig } from './config.js';
import { ReportingModule } from './reporting.module.js';

const config = loadReportingConfig();
await runServiceProcess({ service: 'reporting', config, port: config.PORT, module: ReportingModule.register(config) });
