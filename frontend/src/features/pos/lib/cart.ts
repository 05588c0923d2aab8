import type { TillProductDto } from '@dukan/contracts';
import type { CartLine, DiscountType } from './totals.js';

/** What the cart reads of a till product. */
export type CartProduct = Pick<TillProductDto, '_id' | 'sku' | 'barcode' | 'name' | 'price' | 'discount' | 'quantity'> &
  Partial<Pick<TillProductDto, 'priceCurrency' | 'priceIqd'>>;

export interface CartCustomer {
  _id: string;
  name: string;
  /** As the cashier reads it ('0750 123 4567'), formatted when the customer was picked. */
  phone?: string;
  loyaltyPoints: number;
}

export interface Redemption {
  points: number;
  cents: number;
}

/** What a clear or the removal of a line of several units took away, until the cashier undoes it or moves on. */
export interface CartUndo {
  kind: 'clear' | 'remove';
  lines: CartLine[];
  /** The removed line's name (for 'remove'). */
  name?: CartLine['name'];
}

export interface CartState {
  lines: CartLine[];
  discountType: DiscountType;
  /** What the cashier typed in the discount box (digits and one point). */
  discountInput: string;
  /** The currency a fixed discount was typed in: $5 stays $5 when the till switches to IQD (null: none typed). */
  discountCurrency: 'USD' | 'IQD' | null;
  customer: CartCustomer | null;
  redemption: Redemption | null;
  /** A redemption a change of the cart took away: the till says so and offers to apply it again. */
  droppedRedemption: Redemption | null;
  undo: CartUndo | null;
}

export const emptyCart: CartState = {
  lines: [],
  discountType: 'percentage',
  discountInput: '',
  discountCurrency: null,
  customer: null,
  redemption: null,
  droppedRedemption: null,
  undo: null,
};

export type CartAction =
  | { type: 'add'; product: CartProduct; priceCents: number }
  | { type: 'setQuantity'; productId: string; quantity: number }
  | { type: 'increment'; productId: string; by: number }
  | { type: 'remove'; productId: string }
  | { type: 'clear' }
  | { type: 'discountType'; value: DiscountType }
  | { type: 'discountInput'; value: string; currency?: 'USD' | 'IQD' }
  | { type: 'customer'; customer: CartCustomer | null }
  | { type: 'redeemed'; redemption: Redemption | null }
  | { type: 'dismissDropped' }
  | { type: 'undo' }
  | { type: 'reset' };

export const MAX_LINE_QUANTITY = 9999;

function clampQuantity(q: number): number {
  if (!Number.isFinite(q)) return 1;
  return Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(q)));
}

/** The lines changed: a redemption was priced for the old total, so it goes, and the till remembers it was there. */
function linesChanged(state: CartState, lines: CartLine[], undo: CartUndo | null = null): CartState {
  return {
    ...state,
    lines,
    undo,
    redemption: null,
    droppedRedemption: state.redemption ?? state.droppedRedemption,
  };
}

/**
 * Cart rules: one line per product (adding again increments it), quantities whole and at least 1. A change to the
 * lines drops a redemption (remembered, to be applied again); a clear or the removal of a line of several units can
 * be undone until the lines change again.
 */
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
      return linesChanged(state, [...state.lines, line]);
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
      return linesChanged(
        state,
        state.lines.map((l) => (l.productId === action.productId ? { ...l, quantity } : l)),
      );
    }
    case 'remove': {
      const gone = state.lines.find((l) => l.productId === action.productId);
      if (!gone) return state;
      const undo: CartUndo | null = gone.quantity > 1 ? { kind: 'remove', lines: state.lines, name: gone.name } : null;
      return linesChanged(
        state,
        state.lines.filter((l) => l.productId !== action.productId),
        undo,
      );
    }
    case 'clear':
      if (state.lines.length === 0) return state;
      return linesChanged(state, [], { kind: 'clear', lines: state.lines });
    case 'undo':
      return state.undo ? { ...state, lines: state.undo.lines, undo: null } : state;
    case 'discountType':
      return { ...state, discountType: action.value, discountInput: '', discountCurrency: null };
    case 'discountInput':
      return { ...state, discountInput: action.value, discountCurrency: action.value ? (action.currency ?? state.discountCurrency) : null };
    case 'customer':
      if (state.customer?._id === action.customer?._id) return { ...state, customer: action.customer };
      // Another customer: the points were the other one's, nothing to apply again.
      return { ...state, customer: action.customer, redemption: null, droppedRedemption: null };
    case 'redeemed':
      return { ...state, redemption: action.redemption, droppedRedemption: null };
    case 'dismissDropped':
      return { ...state, droppedRedemption: null };
    case 'reset':
      return emptyCart;
  }
}
