// What other features may use of the till: printing on the receipt printer's page size.
export { usePageSizedTo } from './components/receipt.js';
