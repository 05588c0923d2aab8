import { foldSearchText, normalizeSearchText, paymentStatusLabel, type SaleDto } from '@dukan/contracts';
import { toWesternDigits } from '../../../lib/money.js';

export const STATUS_FILTERS = ['all', 'Completed', 'Pending', 'Cancelled'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export type StatusLabel = 'Completed' | 'Pending' | 'Cancelled' | 'Unknown';

/** The fields the list reads; the server sends a whole SaleDto. */
export type ListedSale = Pick<SaleDto, '_id' | 'invoiceNumber' | 'total' | 'paymentStatus' | 'status' | 'customer'> &
  Partial<Pick<SaleDto, 'paymentStatusLabel' | 'refundState'>>;

/** Spec part 2 §4 (paid → Completed, pending → Pending, failed → Cancelled, else Unknown); a voided sale is Cancelled. */
export function statusLabel(sale: Pick<SaleDto, 'paymentStatus' | 'status'>): StatusLabel {
  if (sale.status === 'voided') return 'Cancelled';
  return paymentStatusLabel(sale.paymentStatus);
}

export function customerName(sale: Pick<SaleDto, 'customer'>): string {
  return sale.customer ? `${sale.customer.firstName} ${sale.customer.lastName}`.trim() : '';
}

/** An amount as typed: '$1,250.5' or '١٢٥٠٫٥' → '1250.5'; null when it is not a number. */
export function typedAmount(query: string): string | null {
  const plain = toWesternDigits(query).replace(/[$\s,]/g, '');
  return /^\d+(\.\d*)?$|^\.\d+$/.test(plain) ? plain : null;
}

/**
 * Does the sale match the search box (spec part 2 §2, §5)? Case-insensitive, Arabic-script-folded substring of the id or invoice number,
 * of the customer's name, or of the total written with two decimals ('25' finds $25.00 and $125.00, '25.5' finds $25.50).
 */
export function matchesSearch(sale: ListedSale, query: string): boolean {
  const q = normalizeSearchText(query);
  if (!q) return true;
  if (sale._id.toLowerCase().includes(q) || sale.invoiceNumber.toLowerCase().includes(q)) return true;
  if (foldSearchText(customerName(sale)).includes(q)) return true;
  const amount = typedAmount(q);
  if (amount !== null) {
    const total = Number(sale.total).toFixed(2);
    // '25.' is '25.' of '25.00'; a whole number also matches within the digits.
    if (total.includes(amount)) return true;
  }
  return false;
}

export function matchesStatus(sale: ListedSale, filter: StatusFilter): boolean {
  return filter === 'all' || statusLabel(sale) === filter;
}

export function filterTransactions<T extends ListedSale>(sales: readonly T[], query: string, filter: StatusFilter): T[] {
  return sales.filter((s) => matchesStatus(s, filter) && matchesSearch(s, query));
}

/** The rows of one page (1-based) and the page count; at least one page. */
export function pageOf<T>(rows: readonly T[], page: number, size: number): { rows: T[]; pages: number; page: number } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { rows: rows.slice((current - 1) * size, current * size), pages, page: current };
}
