import type { TillProductDto } from '@dukan/contracts';
import type { CartLine, DiscountType } from './totals.js';

/** What the cart reads of a till product. */
export type CartProduct = Pick<TillProductDto, '_id' | 'sku' | 'barcode' | 'name' | 'price' | 'discount' | 'quantity'> &
  Partial<Pick<TillProductDto, 'priceCurrency' | 'priceIqd'>>;

export interface CartCustomer {
  _id: string;
  name: string;
  phone?: string;
  loyaltyPoints: number;
}

export interface Redemption {
  points: number;
  cents: number;
}

export interface CartState {
  lines: CartLine[];
  discountType: DiscountType;
  /** What the cashier typed in the discount box (digits and one point). */
  discountInput: string;
  customer: CartCustomer | null;
  redemption: Redemption | null;
}

export const emptyCart: CartState = { lines: [], discountType: 'percentage', discountInput: '', customer: null, redemption: null };

export type CartAction =
  | { type: 'add'; product: CartProduct; priceCents: number }
  | { type: 'setQuantity'; productId: string; quantity: number }
  | { type: 'increment'; productId: string; by: number }
  | { type: 'remove'; productId: string }
  | { type: 'clear' }
  | { type: 'discountType'; value: DiscountType }
  | { type: 'discountInput'; value: string }
  | { type: 'customer'; customer: CartCustomer | null }
  | { type: 'redeemed'; redemption: Redemption | null }
  | { type: 'reset' };

export const MAX_LINE_QUANTITY = 9999;

function clampQuantity(q: number): number {
  if (!Number.isFinite(q)) return 1;
  return Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(q)));
}

/** Cart rules: one line per product (adding again increments it), quantities whole and at least 1. */
export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'add': {
      const existing = state.lines.find((l) => l.productId === action.product._id);
      if (existing) return cartReducer(state, { type: 'increment', productId: existing.productId, by: 1 });
      const p = action.product;
      const line: CartLine = {
        productId: p._id,
        sku: p.sku,
        barcode: p.barcode,
        name: p.name,
        unitCents: action.priceCents,
        ...(p.priceCurrency === 'IQD' && typeof p.priceIqd === 'number' ? { priceCurrency: 'IQD' as const, priceMinor: p.priceIqd } : {}),
        discountPercent: p.discount ?? 0,
        quantity: 1,
        stock: p.quantity,
      };
      return { ...state, lines: [...state.lines, line], redemption: null };
    }
    case 'increment':
      return cartReducer(state, {
        type: 'setQuantity',
        productId: action.productId,
        quantity: (state.lines.find((l) => l.productId === action.productId)?.quantity ?? 0) + action.by,
      });
    case 'setQuantity': {
      if (action.quantity < 1) return cartReducer(state, { type: 'remove', productId: action.productId });
      const quantity = clampQuantity(action.quantity);
      return {
        ...state,
        lines: state.lines.map((l) => (l.productId === action.productId ? { ...l, quantity } : l)),
        // A redemption was priced for the old total; the cashier redeems again.
        redemption: null,
      };
    }
    case 'remove':
      return { ...state, lines: state.lines.filter((l) => l.productId !== action.productId), redemption: null };
    case 'clear':
      return { ...state, lines: [], redemption: null };
    case 'discountType':
      return { ...state, discountType: action.value, discountInput: '' };
    case 'discountInput':
      return { ...state, discountInput: action.value };
    case 'customer':
      if (state.customer?._id === action.customer?._id) return { ...state, customer: action.customer };
      return { ...state, customer: action.customer, redemption: null };
    case 'redeemed':
      return { ...state, redemption: action.redemption };
    case 'reset':
      return emptyCart;
  }
}
