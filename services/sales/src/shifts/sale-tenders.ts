// THE ADAPTER between a sale as sales records it today (one cash payment, kept in USD cents with the sale's currency
// and rate) and a shift's book (tenders and change, each in its own currency). When sales records real tenders
// (issue 27, part 1), these two functions are replaced by reading the sale's own tenders, change and rounding.
import { inSaleCurrency, type Currency, type SaleChange, type SaleTender } from '@dukan/contracts';
import type { SaleRow } from '../sales/sale.mapper.js';

/** What a sale brings into a shift's book. */
export interface SaleForShift {
  saleId: string;
  branchId: string;
  register: string;
  /** When a sale the till kept offline was made; null: made now. */
  madeAt: Date | null;
  /** The shift the till said it belonged to (a sale kept offline carries it), if any. */
  shiftId: string | null;
  currency: Currency;
  tenders: SaleTender[];
  change: SaleChange;
  /** Discounts given (sale-level and loyalty), in the sale's currency. */
  discountMinor: number;
  /** Cash rounding of the total, in the sale's currency (none until sales rounds cash). */
  roundingMinor: number;
}

const minorOf = (sale: SaleRow, cents: string | number) =>
  sale.currency === 'IQD' ? inSaleCurrency(Number(cents), 'IQD', Number(sale.exchange_rate)) : Number(cents);

/** A sale as one cash tender of the amount tendered in its currency, with change in the same currency. */
export function saleForShift(sale: SaleRow, shiftId: string | null | undefined, madeOffline: boolean): SaleForShift {
  const tendered = minorOf(sale, sale.tendered_cents);
  // The drawer keeps what the sale comes to; the change is what was handed back of the tender (as the event says).
  const change = sale.currency === 'IQD' ? tendered - minorOf(sale, sale.total_cents) : Number(sale.change_cents);
  return {
    saleId: sale.id,
    branchId: sale.branch_id,
    register: sale.register,
    madeAt: madeOffline ? sale.created_at : null,
    shiftId: shiftId ?? null,
    currency: sale.currency,
    tenders: tendered > 0 ? [{ method: 'cash', currency: sale.currency, amountMinor: tendered }] : [],
    change: { currency: sale.currency, amountMinor: Math.max(0, change) },
    discountMinor: minorOf(sale, Number(sale.discount_cents) + Number(sale.loyalty_discount_cents)),
    roundingMinor: 0,
  };
}

/** Money a refund hands back over the counter: cash, in the sale's currency. */
export function refundForShift(sale: SaleRow, amountCents: number): { currency: Currency; amountMinor: number } {
  return { currency: sale.currency, amountMinor: minorOf(sale, amountCents) };
}
