import { useMemo } from 'react';
import { convertMinor } from '@dukan/contracts';
import type { CartState } from '../lib/cart.js';
import { typedAmountToMinor } from '../../../lib/money.js';
import { clampPercent, computeTotals, loyaltyInSale, NO_TAX, type OrderDiscount, type ShopTax } from '../lib/totals.js';
import type { DisplayCurrency } from './use-money.js';

/** The order discount as typed (only for who may give one) and the cart's totals with the shop's tax, exact in the sale's currency. */
export function useCartTotals(cart: CartState, canDiscount: boolean, currency: DisplayCurrency, rate: number, tax: ShopTax = NO_TAX) {
  const discount: OrderDiscount = useMemo(() => {
    if (!canDiscount || !cart.discountInput) return { type: 'percentage', value: 0 };
    if (cart.discountType === 'percentage') return { type: 'percentage', value: clampPercent(Number.parseFloat(cart.discountInput) || 0) };
    // A fixed amount keeps the currency it was typed in: $5 stays $5 when the till shows IQD (converted once, at the rate).
    const typedIn = cart.discountCurrency ?? currency;
    return { type: 'fixed', value: convertMinor(typedAmountToMinor(cart.discountInput, typedIn), typedIn, currency, rate) };
  }, [canDiscount, cart.discountInput, cart.discountType, cart.discountCurrency, currency, rate]);

  const totals = useMemo(() => {
    const m = { currency, rate };
    return computeTotals(cart.lines, discount, loyaltyInSale(cart.redemption?.cents ?? 0, m), m, tax);
  }, [cart.lines, discount, cart.redemption, currency, rate, tax]);
  return { discount, totals };
}
