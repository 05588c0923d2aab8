// What other features may use of the sales records: one sale (by id or invoice number) and refunding it.
export { useTransactionsOneQuery, useTransactionsRefundMutation } from './api/transactions-api.js';
export { lineName, ltr } from './lib/sale-text.js';
