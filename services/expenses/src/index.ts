export { ExpensesModule } from './expenses.module.js';
export { loadExpensesConfig, expensesConfigSchema, type ExpensesConfig } from './config.js';
export { RecurringExpenses } from './recurring/recurring-expenses.js';
export type { Clock } from './clock.js';
export { EXPENSES_CONSUMERS } from './consumers.js';
