// Loyalty's event consumers, declared once. A name keys the JetStream durable and the inbox: it never
// changes (these are the names the durables already carry in running shops), whatever the handler class is called.
import { declareConsumers } from '@dukan/platform';
import { RatesChangedHandler } from './accounts/exchange-rates.js';
import { SaleCompletedHandler, SaleRefundedHandler, SaleVoidedHandler } from './points/sale-events.handlers.js';

export const LOYALTY_CONSUMERS = declareConsumers('loyalty', [
  { name: 'loyalty.SaleCompletedHandler', subject: 'dukan.sales.sale.completed.v1', handler: SaleCompletedHandler },
  { name: 'loyalty.SaleVoidedHandler', subject: 'dukan.sales.sale.voided.v1', handler: SaleVoidedHandler },
  { name: 'loyalty.SaleRefundedHandler', subject: 'dukan.sales.sale.refunded.v1', handler: SaleRefundedHandler },
  { name: 'loyalty.RatesChangedHandler', subject: 'dukan.settings.settings.changed.v1', handler: RatesChangedHandler },
]);
