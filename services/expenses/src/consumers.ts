// Expenses' event consumers, declared once. A name keys the JetStream durable and the inbox: it never
// changes (these are the names the durables already carry in running shops), whatever the handler class is called.
import { declareConsumers } from '@dukan/platform';
import { ExpenseSettingsChangedHandler } from './replicas/settings.handler.js';
import { DrawerCashOutHandler } from './drawer/cash-out.handler.js';
import { ExpenseUserCreatedHandler, ExpenseUserDeletedHandler, ExpenseUserUpdatedHandler } from './replicas/users.handlers.js';

export const EXPENSES_CONSUMERS = declareConsumers('expenses', [
  { name: 'expenses.ExpenseUserCreatedHandler', subject: 'dukan.identity.user.created.v1', handler: ExpenseUserCreatedHandler },
  { name: 'expenses.ExpenseUserUpdatedHandler', subject: 'dukan.identity.user.updated.v1', handler: ExpenseUserUpdatedHandler },
  { name: 'expenses.ExpenseUserDeletedHandler', subject: 'dukan.identity.user.deleted.v1', handler: ExpenseUserDeletedHandler },
  { name: 'expenses.ExpenseSettingsChangedHandler', subject: 'dukan.settings.settings.changed.v1', handler: ExpenseSettingsChangedHandler },
  { name: 'expenses.DrawerCashOutHandler', subject: 'dukan.sales.shift.cash-moved.v1', handler: DrawerCashOutHandler },
]);
