import { useMemo } from 'react';
import type { CartState } from '../lib/cart.js';
import { typedAmountToCents } from '../../../lib/money.js';
import { clampPercent, computeTotals, type OrderDiscount } from '../lib/totals.js';
import type { DisplayCurrency } from './use-money.js';

/** The order discount as typed (only for who may give one) and the cart's totals. */
export function useCartTotals(cart: CartState, canDiscount: boolean, currency: DisplayCurrency, rate: number) {
  const discount: OrderDiscount = useMemo(() => {
    if (!canDiscount || !cart.discountInput) return { type: 'percentage', value: 0 };
    if (cart.discountType === 'percentage') return { type: 'percentage', value: clampPercent(Number.parseFloat(cart.discountInput) || 0) };
    // A fixed amount keeps the currency it was typed in: $5 stays $5 when the till shows IQD.
    return { type: 'fixed', value: typedAmountToCents(cart.discountInput, cart.discountCurrency ?? currency, rate) };
  }, [canDiscount, cart.discountInput, cart.discountType, cart.discountCurrency, currency, rate]);

  const totals = useMemo(() => computeTotals(cart.lines, discount, cart.redemption?.cents ?? 0), [cart.lines, discount, cart.redemption]);
  return { discount, totals };
}
