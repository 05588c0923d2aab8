import { runServiceProcess } from '@dukan/platform';
import { loadExpensesConfig } from './config.js';
import { ExpensesModule } from './expenses.module.js';

const config = loadExpensesConfig();
await runServiceProcess({ service: 'expenses', config, port: config.PORT, module: ExpensesModule.register(config) });
