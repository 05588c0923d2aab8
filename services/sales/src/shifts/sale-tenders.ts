// What a sale, a refund or a void brings into a shift's book: the sale's own tenders, change and cash rounding, each
// amount in its own currency's minor unit, as sales recorded them (nothing converted here).
import type { Currency, SaleChange, SaleTender } from '@dukan/contracts';
import type { SaleRow } from '../sales/sale.rows.js';

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
  /** Cash rounding of the total, in the sale's currency (+ added, - taken off). */
  roundingMinor: number;
}

/** A sale as stored: its tenders (read with the sale), its change in the currency it was given in. */
export function saleForShift(sale: SaleRow, shiftId: string | null | undefined, madeOffline: boolean): SaleForShift {
  return {
    saleId: sale.id,
    branchId: sale.branch_id,
    register: sale.register,
    madeAt: madeOffline ? sale.created_at : null,
    shiftId: shiftId ?? null,
    currency: sale.currency,
    tenders: (sale.tenders ?? []).map((t) => ({ method: t.method, currency: t.currency, amountMinor: Number(t.amountMinor) })),
    change: { currency: sale.change_currency ?? sale.currency, amountMinor: Number(sale.change_minor ?? 0) },
    discountMinor: Number(sale.discount_minor) + Number(sale.loyalty_discount_minor),
    roundingMinor: Number(sale.cash_rounding_minor),
  };
}
