// What other features use of customers: a repayment at the till and what customers owe on the dashboard.
export { TillRepayment } from './components/repayment-dialog.js';
export { OwedToShop } from './components/owed-to-shop.js';
