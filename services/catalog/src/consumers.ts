// Catalog's event consumers, declared once. A name keys the JetStream durable and the inbox: it never
// changes (these are the names the durables already carry in running shops), whatever the handler class is called.
import { declareConsumers } from '@dukan/platform';
import { SaleCompletedHandler, SaleRefundedHandler, SaleVoidedHandler } from './stock/sale.handlers.js';

export const CATALOG_CONSUMERS = declareConsumers('catalog', [
  { name: 'catalog.SaleCompletedHandler', subject: 'dukan.sales.sale.completed.v1', handler: SaleCompletedHandler },
  { name: 'catalog.SaleVoidedHandler', subject: 'dukan.sales.sale.voided.v1', handler: SaleVoidedHandler },
  { name: 'catalog.SaleRefundedHandler', subject: 'dukan.sales.sale.refunded.v1', handler: SaleRefundedHandler },
]);
