// Reporting's event consumers, declared once. A name keys the JetStream durable and the inbox: it never
// changes (these are the names the durables already carry in running shops), whatever the handler class is called.
import { declareConsumers } from '@dukan/platform';
import {
  ReportCategoryCreatedHandler,
  ReportCategoryDeletedHandler,
  ReportCategoryUpdatedHandler,
  ReportProductCreatedHandler,
  ReportProductDeletedHandler,
  ReportProductUpdatedHandler,
  ReportStockChangedHandler,
} from './read-models/catalog.handlers.js';
import {
  ReportExpenseCreatedHandler,
  ReportExpenseDeletedHandler,
  ReportExpenseStatusChangedHandler,
  ReportExpenseUpdatedHandler,
} from './read-models/expenses.handlers.js';
import { ReportUserCreatedHandler, ReportUserDeletedHandler, ReportUserUpdatedHandler } from './read-models/identity.handlers.js';
import {
  ReportCustomerCreatedHandler,
  ReportCustomerDeletedHandler,
  ReportCustomerUpdatedHandler,
} from './read-models/loyalty.handlers.js';
import { ReportSaleCompletedHandler, ReportSaleRefundedHandler, ReportSaleVoidedHandler } from './read-models/sales.handlers.js';
import { ReportSettingsChangedHandler } from './read-models/settings.handler.js';
import { ReportShiftClosedHandler, ReportShiftOpenedHandler } from './shifts/shift.handlers.js';

export const REPORTING_CONSUMERS = declareConsumers('reporting', [
  { name: 'reporting.ReportSaleCompletedHandler', subject: 'dukan.sales.sale.completed.v1', handler: ReportSaleCompletedHandler },
  { name: 'reporting.ReportSaleVoidedHandler', subject: 'dukan.sales.sale.voided.v1', handler: ReportSaleVoidedHandler },
  { name: 'reporting.ReportSaleRefundedHandler', subject: 'dukan.sales.sale.refunded.v1', handler: ReportSaleRefundedHandler },
  { name: 'reporting.ReportShiftOpenedHandler', subject: 'dukan.sales.shift.opened.v1', handler: ReportShiftOpenedHandler },
  { name: 'reporting.ReportShiftClosedHandler', subject: 'dukan.sales.shift.closed.v1', handler: ReportShiftClosedHandler },
  { name: 'reporting.ReportProductCreatedHandler', subject: 'dukan.catalog.product.created.v1', handler: ReportProductCreatedHandler },
  { name: 'reporting.ReportProductUpdatedHandler', subject: 'dukan.catalog.product.updated.v1', handler: ReportProductUpdatedHandler },
  { name: 'reporting.ReportProductDeletedHandler', subject: 'dukan.catalog.product.deleted.v1', handler: ReportProductDeletedHandler },
  { name: 'reporting.ReportStockChangedHandler', subject: 'dukan.catalog.stock.changed.v2', handler: ReportStockChangedHandler },
  { name: 'reporting.ReportCategoryCreatedHandler', subject: 'dukan.catalog.category.created.v1', handler: ReportCategoryCreatedHandler },
  { name: 'reporting.ReportCategoryUpdatedHandler', subject: 'dukan.catalog.category.updated.v1', handler: ReportCategoryUpdatedHandler },
  { name: 'reporting.ReportCategoryDeletedHandler', subject: 'dukan.catalog.category.deleted.v1', handler: ReportCategoryDeletedHandler },
  { name: 'reporting.ReportUserCreatedHandler', subject: 'dukan.identity.user.created.v1', handler: ReportUserCreatedHandler },
  { name: 'reporting.ReportUserUpdatedHandler', subject: 'dukan.identity.user.updated.v1', handler: ReportUserUpdatedHandler },
  { name: 'reporting.ReportUserDeletedHandler', subject: 'dukan.identity.user.deleted.v1', handler: ReportUserDeletedHandler },
  { name: 'reporting.ReportCustomerCreatedHandler', subject: 'dukan.loyalty.customer.created.v1', handler: ReportCustomerCreatedHandler },
  { name: 'reporting.ReportCustomerUpdatedHandler', subject: 'dukan.loyalty.customer.updated.v1', handler: ReportCustomerUpdatedHandler },
  { name: 'reporting.ReportCustomerDeletedHandler', subject: 'dukan.loyalty.customer.deleted.v1', handler: ReportCustomerDeletedHandler },
  { name: 'reporting.ReportExpenseCreatedHandler', subject: 'dukan.expenses.expense.created.v1', handler: ReportExpenseCreatedHandler },
  { name: 'reporting.ReportExpenseUpdatedHandler', subject: 'dukan.expenses.expense.updated.v1', handler: ReportExpenseUpdatedHandler },
  {
    name: 'reporting.ReportExpenseStatusChangedHandler',
    subject: 'dukan.expenses.expense.status-changed.v1',
    handler: ReportExpenseStatusChangedHandler,
  },
  { name: 'reporting.ReportExpenseDeletedHandler', subject: 'dukan.expenses.expense.deleted.v1', handler: ReportExpenseDeletedHandler },
  { name: 'reporting.ReportSettingsChangedHandler', subject: 'dukan.settings.settings.changed.v1', handler: ReportSettingsChangedHandler },
]);
