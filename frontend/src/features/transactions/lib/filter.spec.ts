import { describe, expect, it } from 'vitest';
import { filterTransactions, matchesSearch, pageOf, statusLabel, typedAmount, type ListedSale } from './filter.js';

function sale(over: Partial<ListedSale> & { _id: string }): ListedSale {
  return {
    invoiceNumber: 'INV-001000001',
    total: 10,
    paymentStatus: 'paid',
    status: 'completed',
    customer: null,
    refundState: 'none',
    ...over,
  };
}

const sales: ListedSale[] = [
  sale({
    _id: 'aaaa1111-0000-4000-8000-000000000001',
    invoiceNumber: 'INV-001000001',
    total: 25,
    customer: { _id: 'c1', firstName: 'Shilan', lastName: 'Aziz', phone: '07501234567' },
  }),
  sale({ _id: 'bbbb2222-0000-4000-8000-000000000002', invoiceNumber: 'INV-001000002', total: 125.5, paymentStatus: 'pending' }),
  sale({
    _id: 'cccc3333-0000-4000-8000-000000000003',
    invoiceNumber: 'INV-001000003',
    total: 7.25,
    paymentStatus: 'failed',
    customer: { _id: 'c2', firstName: 'Karwan', lastName: 'Kamal', phone: '07700000000' },
  }),
  sale({ _id: 'dddd4444-0000-4000-8000-000000000004', invoiceNumber: 'INV-001000004', total: 60, status: 'voided' }),
];
const ids = (list: ListedSale[]) => list.map((s) => s._id.slice(0, 4));

describe('transactions list search', () => {
  it('finds a sale by part of its id or invoice number, in any case', () => {
    expect(ids(filterTransactions(sales, 'BBBB2222', 'all'))).toEqual(['bbbb']);
    expect(ids(filterTransactions(sales, 'inv-001000003', 'all'))).toEqual(['cccc']);
  });

  it("finds a sale by its customer's name, first, last or both, case-insensitively", () => {
    expect(ids(filterTransactions(sales, 'shilan', 'all'))).toEqual(['aaaa']);
    expect(ids(filterTransactions(sales, 'KAMAL', 'all'))).toEqual(['cccc']);
    expect(ids(filterTransactions(sales, 'karwan kamal', 'all'))).toEqual(['cccc']);
    expect(filterTransactions(sales, 'nobody', 'all')).toEqual([]);
  });

  it('finds a Kurdish name typed on an Arabic keyboard', () => {
    const kurdish = { ...sales[0]!, _id: 'kkkk', customer: { _id: 'c3', firstName: 'ڕێبین', lastName: 'کەریم', phone: '07500000000' } };
    expect(ids(filterTransactions([...sales, kurdish], 'ريبين كهريم', 'all'))).toEqual(['kkkk']);
  });

  it('finds a sale by its amount as written with two decimals, with or without $ and in Kurdish digits', () => {
    expect(ids(filterTransactions(sales, '125.50', 'all'))).toEqual(['bbbb']);
    expect(ids(filterTransactions(sales, '$7.25', 'all'))).toEqual(['cccc']);
    expect(ids(filterTransactions(sales, '٧٫٢٥', 'all'))).toEqual(['cccc']);
    // '25' is in 25.00, 125.50 and 7.25: a substring, like the other fields.
    expect(ids(filterTransactions(sales, '25', 'all'))).toEqual(['aaaa', 'bbbb', 'cccc']);
    expect(ids(filterTransactions(sales, '60.00', 'all'))).toEqual(['dddd']);
  });

  it('an empty or blank search keeps every sale', () => {
    expect(filterTransactions(sales, '   ', 'all')).toHaveLength(4);
    expect(matchesSearch(sales[0]!, '')).toBe(true);
  });

  it('reads typed amounts and refuses what is not one', () => {
    expect(typedAmount('$1,250.5')).toBe('1250.5');
    expect(typedAmount('١٢٥')).toBe('125');
    expect(typedAmount('12a')).toBeNull();
  });
});

describe('transactions status filter', () => {
  it('maps paid, pending and failed to Completed, Pending and Cancelled; a voided sale is Cancelled', () => {
    expect(statusLabel({ paymentStatus: 'paid', status: 'completed' })).toBe('Completed');
    expect(statusLabel({ paymentStatus: 'pending', status: 'completed' })).toBe('Pending');
    expect(statusLabel({ paymentStatus: 'failed', status: 'completed' })).toBe('Cancelled');
    expect(statusLabel({ paymentStatus: 'paid', status: 'voided' })).toBe('Cancelled');
    expect(statusLabel({ paymentStatus: 'odd' as 'paid', status: 'completed' })).toBe('Unknown');
  });

  it('keeps only the chosen status, and combines with the search', () => {
    expect(ids(filterTransactions(sales, '', 'Completed'))).toEqual(['aaaa']);
    expect(ids(filterTransactions(sales, '', 'Pending'))).toEqual(['bbbb']);
    expect(ids(filterTransactions(sales, '', 'Cancelled'))).toEqual(['cccc', 'dddd']);
    expect(ids(filterTransactions(sales, '25', 'Pending'))).toEqual(['bbbb']);
    expect(filterTransactions(sales, 'shilan', 'Cancelled')).toEqual([]);
  });
});

describe('client-side pages', () => {
  it('cuts 10 per page and keeps the page in range', () => {
    const rows = Array.from({ length: 23 }, (_, i) => i);
    expect(pageOf(rows, 1, 10)).toEqual({ rows: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], pages: 3, page: 1 });
    expect(pageOf(rows, 3, 10).rows).toEqual([20, 21, 22]);
    expect(pageOf(rows, 9, 10).page).toBe(3);
    expect(pageOf([], 1, 10)).toEqual({ rows: [], pages: 1, page: 1 });
  });
});
