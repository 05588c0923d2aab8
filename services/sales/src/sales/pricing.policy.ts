// The server's side of pricing: the rules themselves are the shared module in @dukan/contracts (pricing.ts); here
// is how a client's figures are checked against them, and how refunds share out a priced sale.
import {
  agreesWithin,
  applyTax,
  formatMoney,
  lineDiscountValue,
  refundShareMinor,
  toMinor,
  type CartDiscount,
  type Currency,
  type LineInput,
  type PricedSale,
  type SaleRequest,
} from '@dukan/contracts';
import type { FieldMessage } from '@dukan/platform';
import type { MessageKey } from '@dukan/contracts';

export type FieldErrors = Record<string, FieldMessage>;

// The money figures of a sale are the request's (the contracts' SaleRequest, spec part 1 §3): in dollars, or, from a
// client that sends tenders, in the sale's own currency (dollars, or whole dinars). `cur` below is the currency they
// are stated in.

/** The cart discount a client asks for: a percent, or a fixed amount (turned into minor units of `cur`). */
export function requestedDiscount(client: Pick<SaleRequest, 'discountType' | 'discountValue'>, cur: Currency = 'USD'): CartDiscount | null {
  if (!client.discountType || client.discountValue === undefined) return null;
  return { type: client.discountType, value: client.discountType === 'fixed' ? toMinor(client.discountValue, cur) : client.discountValue };
}

/** Compares one client figure (major units of `cur`) with ours (minor units), recording a mismatch under `field`. */
function comparer(cur: Currency) {
  return (errors: FieldErrors, field: string, key: MessageKey, expectedMinor: number, given: number | undefined): void => {
    if (given !== undefined && !agreesWithin(expectedMinor, given, cur))
      errors[field] = {
        key,
        params: { expected: formatMoney(expectedMinor, cur, 'en'), given: formatMoney(toMinor(given, cur), cur, 'en') },
      };
  };
}

/**
 * The figures a client can state before loyalty is asked: each line, the subtotal, the cart discount, and the total
 * as it would be if its loyalty discount is right (so a wrong total never holds anyone's points).
 */
export function checkBeforeLoyalty(
  client: SaleRequest,
  lines: readonly LineInput[],
  before: PricedSale,
  cur: Currency = 'USD',
): FieldErrors {
  const errors: FieldErrors = {};
  const compare = comparer(cur);
  client.items.forEach((item, i) => {
    const line = lines[i]!;
    compare(errors, `items.${i}.unitPrice`, 'sales.unitPriceMismatch', line.priceCents, item.unitPrice);
    if (item.discount !== undefined && item.discountType === 'fixed') {
      // An amount: the line's discount as we price it (gross less the line's amount).
      compare(errors, `items.${i}.discount`, 'sales.lineDiscountAmountMismatch', lineDiscountValue(line, 'fixed'), item.discount);
    } else if (item.discount !== undefined) {
      const pct = lineDiscountValue(line, 'percentage');
      if (Math.abs(pct - item.discount) > 1e-9)
        errors[`items.${i}.discount`] = { key: 'sales.lineDiscountMismatch', params: { expected: pct, given: item.discount } };
    }
    compare(errors, `items.${i}.subtotal`, 'sales.lineSubtotalMismatch', before.lines[i]!.subtotalCents, item.subtotal);
  });
  compare(errors, 'subtotal', 'sales.subtotalMismatch', before.subtotalCents, client.subtotal);
  compare(errors, 'discountAmount', 'sales.discountMismatch', before.discountCents, client.discountAmount);
  // Without a customer there is nothing to redeem; with one, loyalty's answer decides (checkAfterLoyalty).
  if (!client.customer) compare(errors, 'loyaltyDiscount', 'sales.loyaltyDiscountMismatch', 0, client.loyaltyDiscount ?? 0);
  compare(errors, 'total', 'sales.totalFieldMismatch', expectedTotalIfLoyaltyRight(client, before, cur), client.total);
  return errors;
}

/** The total (with its tax, when added) if the client's loyalty discount is what loyalty will grant. */
export function expectedTotalIfLoyaltyRight(client: SaleRequest, before: PricedSale, cur: Currency = 'USD'): number {
  const loyalty = Math.min(Math.max(0, toMinor(client.loyaltyDiscount ?? 0, cur)), before.totalBeforeLoyaltyCents);
  return applyTax(Math.max(0, before.totalBeforeLoyaltyCents - loyalty), before.taxRateBasisPoints, before.taxMode).totalCents;
}

/** The figures that depend on loyalty's answer: the loyalty discount, the tax and the total. */
export function checkAfterLoyalty(client: SaleRequest, priced: PricedSale, cur: Currency = 'USD'): FieldErrors {
  const errors: FieldErrors = {};
  const compare = comparer(cur);
  compare(errors, 'loyaltyDiscount', 'sales.loyaltyDiscountMismatch', priced.loyaltyDiscountCents, client.loyaltyDiscount ?? 0);
  compare(errors, 'taxAmount', 'sales.taxMismatch', priced.taxCents, client.taxAmount);
  compare(errors, 'total', 'sales.totalFieldMismatch', priced.totalCents, client.total);
  return errors;
}

/** The change the client states, once the tender is known to cover the total. */
export function checkChange(client: SaleRequest, changeCents: number): FieldErrors {
  const errors: FieldErrors = {};
  const compare = comparer('USD');
  compare(errors, 'paymentDetails.change', 'sales.changeMismatch', changeCents, client.paymentDetails?.change);
  return errors;
}

/** Part of a line refunded (the shared rule, which the till uses for an exchange's preview too). */
export const refundShareCents = refundShareMinor;

/** Points given back by a refund, proportional to the share of the sale refunded so far; all of them at the end. */
export function refundPoints(points: number, weightRefundedBefore: number, weightRefundedAfter: number, weightTotal: number): number {
  if (points <= 0) return 0;
  if (weightTotal <= 0 || weightRefundedAfter >= weightTotal)
    return points - Math.floor((points * weightRefundedBefore) / Math.max(1, weightTotal));
  const before = Math.floor((points * weightRefundedBefore) / weightTotal);
  const after = Math.floor((points * weightRefundedAfter) / weightTotal);
  return after - before;
}
