// What other features may use of the till: printing on the receipt printer's page size, and a sale's receipt again.
export { ReprintReceipt } from './components/receipt.js';
export { usePageSizedTo } from './printing/page-size.js';
export { PaperPrintButton } from './printing/paper-print-button.js';
