// What other features may use of the till: printing on the receipt printer's page size, and a sale's receipt again.
export { ReprintReceipt, usePageSizedTo } from './components/receipt.js';
export { PaperPrintButton } from './printing/paper-print-button.js';
