export { ExpensesModule } from './expenses.module.js';
export { loadExpensesConfig, expensesConfigSchema, type ExpensesConfig } from './config.js';
