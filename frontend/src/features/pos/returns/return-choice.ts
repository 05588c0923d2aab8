import { INVOICE_PREFIX, refundShareMinor, type Currency, type SaleDto, type SaleLineDto } from '@dukan/contracts';
import { toWesternDigits } from '../../../lib/money.js';

/** A receipt's invoice number as the scanner or the cashier gives it ('INV-' and digits, any case); null for anything else. */
export function invoiceOfCode(code: string): string | null {
  const c = code.trim().toUpperCase();
  return c.startsWith(INVOICE_PREFIX) && /^\d{1,30}$/.test(c.slice(INVOICE_PREFIX.length)) ? c : null;
}

/** Units of a line still returnable: sold less already returned. */
export function returnable(line: Pick<SaleLineDto, 'quantity' | 'refundedQuantity'>): number {
  return Math.max(0, line.quantity - (line.refundedQuantity ?? 0));
}

export type QuantityProblem = { kind: 'tooMany'; max: number } | { kind: 'notWhole' };

export interface ReturnChoice {
  /** The units chosen, lines with none left out. */
  lines: { lineId: string; quantity: number }[];
  /** Lines whose typed quantity cannot be returned, by line id. */
  problems: Record<string, QuantityProblem>;
}

/** What the cashier typed per line (Eastern digits too) as the lines to return: never more than each line has left. */
export function returnChoice(lines: readonly SaleLineDto[], typed: Readonly<Record<string, string>>): ReturnChoice {
  const chosen: ReturnChoice['lines'] = [];
  const problems: ReturnChoice['problems'] = {};
  for (const line of lines) {
    const text = toWesternDigits(typed[line._id] ?? '').trim();
    if (text === '') continue;
    const n = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(n)) problems[line._id] = { kind: 'notWhole' };
    else if (n > returnable(line)) problems[line._id] = { kind: 'tooMany', max: returnable(line) };
    else if (n > 0) chosen.push({ lineId: line._id, quantity: n });
  }
  return { lines: chosen, problems };
}

/** Units of an earlier sale coming back as part of the sale being made (an exchange), and what they are worth. */
export interface PendingExchange {
  saleId: string;
  invoiceNumber: string;
  /** The earlier sale's currency: the exchange is made in it. */
  currency: Currency;
  lines: { lineId: string; quantity: number }[];
  /** Whether the units go back on the shelf (the dialog's "put back in stock"). */
  restock: boolean;
  /** The units' value, exact in that currency's minor unit (as the server works it out). */
  returnMinor: number;
}

/** What the chosen units are worth: each line's share of its net amount (the shared rule of refunds), in the sale's minor unit. */
export function returnValueMinor(items: readonly SaleLineDto[], chosen: ReturnChoice['lines']): number {
  return chosen.reduce((sum, c) => {
    const line = items.find((l) => l._id === c.lineId);
    if (!line) return sum;
    return sum + refundShareMinor(line.netMinor ?? 0, line.quantity, line.refundedQuantity, c.quantity, line.refundedMinor ?? 0);
  }, 0);
}

/** The exchange the chosen units make of a sale. */
export function exchangeOf(
  sale: Pick<SaleDto, '_id' | 'invoiceNumber' | 'currency' | 'items'>,
  chosen: ReturnChoice['lines'],
  restock = true,
): PendingExchange {
  return {
    saleId: sale._id,
    invoiceNumber: sale.invoiceNumber,
    currency: sale.currency,
    lines: chosen,
    restock,
    returnMinor: returnValueMinor(sale.items, chosen),
  };
}
