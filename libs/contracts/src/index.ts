// @dukan/contracts: pure TypeScript shared by the services, the gateway and the frontend.
// No Node or browser API and no dependency may enter this package (index.spec.ts checks), except libphonenumber-js,
// plain JavaScript that reads phone numbers the same way in every service and in the browser.
export * from './permissions.js';
export * from './routes.js';
export * from './errors.js';
export * from './messages.js';
export * from './events.js';
export * from './event-subjects.js';
export * from './money.js';
export * from './constants.js';
export * from './dto.js';
export * from './catalog-dto.js';
export * from './transfer-dto.js';
export * from './purchase-dto.js';
export * from './sales-dto.js';
export * from './invoice-numbers.js';
export * from './expenses.js';
export { EXPENSE_MESSAGES_EN, EXPENSE_MESSAGES_KU } from './expense-messages.js';
export * from './csv.js';
export * from './reports.js';
export * from './request-path.js';
export * from './pricing.js';
export * from './dates.js';
export * from './tenders.js';
export * from './search-text.js';
export * from './phone.js';
export * from './shop-settings.js';
export * from './shifts.js';
export * from './scale-labels.js';
export * from './accounts.js';
export * from './validation.js';
