// Pure rules of purchasing: an order's state after a receipt, what a receipt against an order may hold, costs in
// USD cents for the cost batches, and what a payment may pay.
import { formatMoney, iqdToUsdCents, type Currency, type MessageKey, type PurchaseOrderState } from '@dukan/contracts';

type FieldErrors = Record<string, { key: MessageKey; params?: Record<string, string | number> }>;

/** The index of the first line naming a product an earlier line already named, as field errors. */
export function repeatedProducts(lines: readonly { product: string }[]): FieldErrors {
  const seen = new Set<string>();
  const errors: FieldErrors = {};
  lines.forEach((l, i) => {
    if (seen.has(l.product)) errors[`lines.${i}.product`] = { key: 'purchases.productTwice' };
    seen.add(l.product);
  });
  return errors;
}

/** Where an order stands once its lines hold these received counts (never called on a draft or a cancelled one). */
export function orderStateAfter(lines: readonly { ordered: number; received: number }[]): PurchaseOrderState {
  if (lines.every((l) => l.received >= l.ordered)) return 'received';
  return lines.some((l) => l.received > 0) ? 'partial' : 'sent';
}

/** Refusal of a receipt against an order in `state`, or null when it may be received. */
export function receiveRefusal(state: PurchaseOrderState): MessageKey | null {
  if (state === 'draft') return 'purchases.orderNotSent';
  if (state === 'received' || state === 'cancelled') return 'purchases.orderClosed';
  return null;
}

/** Refusal to cancel an order in `state`; 'replay' when it is already cancelled. */
export function cancelOutcome(state: PurchaseOrderState): 'cancel' | 'replay' | { refuse: MessageKey } {
  if (state === 'cancelled') return 'replay';
  if (state === 'received') return { refuse: 'purchases.orderClosed' };
  return 'cancel';
}

/**
 * Lines of a receipt against an order: each product on the order, not more than still expected. Answers the errors
 * by field, or each line's unit cost (the order's expected cost where the line gives none).
 */
export function receiptAgainstOrder(
  order: readonly { productId: string; ordered: number; received: number; unitCostMinor: number }[],
  lines: readonly { product: string; quantity: number; unitCostMinor?: number }[],
): { errors: FieldErrors } | { costs: number[] } {
  const byProduct = new Map(order.map((l) => [l.productId, l]));
  const errors: FieldErrors = repeatedProducts(lines);
  const costs: number[] = [];
  lines.forEach((l, i) => {
    const on = byProduct.get(l.product);
    if (!on) {
      errors[`lines.${i}.product`] ??= { key: 'purchases.notOnOrder' };
      return;
    }
    const remaining = Math.max(0, on.ordered - on.received);
    if (l.quantity > remaining) errors[`lines.${i}.quantity`] = { key: 'purchases.receivedTooMany', params: { remaining } };
    costs.push(l.unitCostMinor ?? on.unitCostMinor);
  });
  return Object.keys(errors).length > 0 ? { errors } : { costs };
}

/** A unit cost in the receipt's currency as USD cents for its cost batch; dinars at the receipt's rate. */
export function batchCostCents(unitCostMinor: number, currency: Currency, rate: number | null): number {
  if (currency === 'USD') return unitCostMinor;
  if (rate === null) throw new RangeError('A receipt in IQD needs its exchange rate');
  return iqdToUsdCents(unitCostMinor, rate);
}

/**
 * Refusal of a payment of `amountMinor` against an invoice with `dueMinor` still owed, in the invoice's currency;
 * a drawer payment names its register, a bank payment none. Errors by field, or null.
 */
export function paymentRefusals(
  p: { amountMinor: number; source: 'bank' | 'drawer'; register?: string },
  invoice: { currency: Currency; dueMinor: number },
): FieldErrors | null {
  const errors: FieldErrors = {};
  if (p.amountMinor > invoice.dueMinor)
    errors.amountMinor = { key: 'purchases.overpaid', params: { due: formatMoney(invoice.dueMinor, invoice.currency) } };
  if (p.source === 'drawer' && !p.register) errors.register = { key: 'purchases.registerRequired' };
  if (p.source === 'bank' && p.register) errors.register = { key: 'purchases.registerOnlyForDrawer' };
  return Object.keys(errors).length > 0 ? errors : null;
}

/** What a repeated request must match to be the same one: its body, with lines in the order given. */
export function fingerprint(branchId: string, body: unknown): string {
  return JSON.stringify([branchId, body]);
}

/** An Idempotency-Key as clients make them: a uuid or a similar token, never a long text. */
export function isValidKey(key: string): boolean {
  return /^[A-Za-z0-9._:-]{8,100}$/.test(key);
}
