// How a sale is paid: its tenders, each in the currency it was handed over in, and the change given back.
// Amounts are minor units of their own currency (US cents, whole dinars) and are never converted to be kept.
import type { Currency } from './money.js';

export const TENDER_METHODS = ['cash', 'card', 'transfer', 'account'] as const;
/** cash: notes in the drawer; card: the card terminal; transfer: a bank or wallet transfer; account: the customer's account (owed). */
export type TenderMethod = (typeof TENDER_METHODS)[number];

export function isTenderMethod(value: unknown): value is TenderMethod {
  return typeof value === 'string' && (TENDER_METHODS as readonly string[]).includes(value);
}

/** One payment handed over: cash in dollars, cash in dinars, a card payment, … */
export interface SaleTender {
  method: TenderMethod;
  currency: Currency;
  /** In the tender's own currency: cents for USD, whole dinars for IQD; > 0. */
  amountMinor: number;
}

/** The change given back, always cash, in the currency the cashier chose. */
export interface SaleChange {
  currency: Currency;
  /** >= 0, in the change's own currency. */
  amountMinor: number;
}

/** An amount per currency, each in its own minor unit. */
export type CurrencyAmounts = Record<Currency, number>;

export function noCurrencyAmounts(): CurrencyAmounts {
  return { USD: 0, IQD: 0 };
}

/** What a sale put into the drawer, per currency: its cash tenders less the change taken out. */
export function drawerEffect(tenders: readonly SaleTender[], change: SaleChange | null): CurrencyAmounts {
  const out = noCurrencyAmounts();
  for (const t of tenders) if (t.method === 'cash') out[t.currency] += t.amountMinor;
  if (change) out[change.currency] -= change.amountMinor;
  return out;
}

/** A tender's value in the sale's currency: its amount converted once (half up) at the sale's rate. */
export interface ValuedTender extends SaleTender {
  valueMinor: number;
}

/** A sale's payment method as one word: its tenders' one method, or 'mixed' (cash when it has none: a free sale). */
export type SalePaymentMethod = TenderMethod | 'mixed';

export function paymentMethodOf(tenders: readonly SaleTender[]): SalePaymentMethod {
  const methods = new Set(tenders.map((t) => t.method));
  if (methods.size === 0) return 'cash';
  return methods.size === 1 ? [...methods][0]! : 'mixed';
}

/** What one payment method took in one currency: in that currency's minor unit, and how many payments made it up. */
export interface TenderTaking {
  method: TenderMethod;
  currency: Currency;
  amountMinor: number;
  count: number;
}

/**
 * What a sale actually took, per method and currency: its tenders, the change taken off the cash of the currency it
 * was given in (so dollars in with dinars back is + dollars and - dinars). Each amount in its own currency, never
 * converted; `count` is the tenders handed over (0 for a currency only the change was given in).
 */
export function takingsOf(tenders: readonly SaleTender[], change: SaleChange | null): TenderTaking[] {
  const out = new Map<string, TenderTaking>();
  const at = (method: TenderMethod, currency: Currency) => {
    const key = `${method}|${currency}`;
    let row = out.get(key);
    if (!row) out.set(key, (row = { method, currency, amountMinor: 0, count: 0 }));
    return row;
  };
  for (const t of tenders) {
    if (t.amountMinor === 0) continue;
    const row = at(t.method, t.currency);
    row.amountMinor += t.amountMinor;
    row.count += 1;
  }
  if (change && change.amountMinor !== 0) at('cash', change.currency).amountMinor -= change.amountMinor;
  return [...out.values()];
}
