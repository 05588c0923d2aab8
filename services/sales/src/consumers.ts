// Sales' event consumers, declared once. A name keys the JetStream durable and the inbox: it never
// changes (these are the names the durables already carry in running shops), whatever the handler class is called.
import { declareConsumers } from '@dukan/platform';
import { BranchPriceChangedHandler } from './replicas/branch-price.handler.js';
import {
  CustomerCreatedHandler,
  CustomerDeletedHandler,
  CustomerUpdatedHandler,
  ProductCreatedHandler,
  ProductDeletedHandler,
  ProductUpdatedHandler,
  SettingsChangedHandler,
  UserCreatedHandler,
  UserUpdatedHandler,
} from './replicas/replica.handlers.js';
import { AccountRepaidHandler } from './shifts/repayment.handler.js';
import { SupplierPaymentHandler } from './shifts/supplier-payment.handler.js';

export const SALES_CONSUMERS = declareConsumers('sales', [
  { name: 'sales.ProductCreatedHandler', subject: 'dukan.catalog.product.created.v1', handler: ProductCreatedHandler },
  { name: 'sales.ProductUpdatedHandler', subject: 'dukan.catalog.product.updated.v1', handler: ProductUpdatedHandler },
  { name: 'sales.ProductDeletedHandler', subject: 'dukan.catalog.product.deleted.v1', handler: ProductDeletedHandler },
  { name: 'sales.BranchPriceChangedHandler', subject: 'dukan.catalog.branch-price.changed.v1', handler: BranchPriceChangedHandler },
  { name: 'sales.CustomerCreatedHandler', subject: 'dukan.loyalty.customer.created.v1', handler: CustomerCreatedHandler },
  { name: 'sales.CustomerUpdatedHandler', subject: 'dukan.loyalty.customer.updated.v1', handler: CustomerUpdatedHandler },
  { name: 'sales.CustomerDeletedHandler', subject: 'dukan.loyalty.customer.deleted.v1', handler: CustomerDeletedHandler },
  { name: 'sales.UserCreatedHandler', subject: 'dukan.identity.user.created.v1', handler: UserCreatedHandler },
  { name: 'sales.UserUpdatedHandler', subject: 'dukan.identity.user.updated.v1', handler: UserUpdatedHandler },
  { name: 'sales.SettingsChangedHandler', subject: 'dukan.settings.settings.changed.v1', handler: SettingsChangedHandler },
  { name: 'sales.SupplierPaymentHandler', subject: 'dukan.catalog.supplier-payment.made.v1', handler: SupplierPaymentHandler },
  { name: 'sales.AccountRepaidHandler', subject: 'dukan.loyalty.account.repaid.v1', handler: AccountRepaidHandler },
]);
