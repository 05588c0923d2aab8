import type { TillProductDto } from '@dukan/contracts';
import type { CartLine, DiscountType } from './totals.js';

/** What the cart reads of a till product. */
export type CartProduct = Pick<TillProductDto, '_id' | 'sku' | 'barcode' | 'name' | 'price' | 'discount' | 'quantity'> &
  Partial<Pick<TillProductDto, 'priceCurrency' | 'priceIqd' | 'soldBy' | 'scaleCode' | 'packs'>>;

/** A line's identity in the cart: its key (packs, weighed lines), else its product. */
export function lineKey(line: Pick<CartLine, 'key' | 'productId'>): string {
  return line.key ?? line.productId;
}

/** A line of fixed quantity: weighed, or read from a scale label (its weight or price is the label's). */
export function fixedQuantity(line: Pick<CartLine, 'weighed' | 'scaleLabel'>): boolean {
  return Boolean(line.weighed || line.scaleLabel);
}

/** A cart line for one of a product's packs: the pack's price, each taking its units. */
export function packLine(p: CartProduct, pack: NonNullable<CartProduct['packs']>[number]): CartLine {
  return {
    productId: p._id,
    key: `${p._id}:pack:${pack._id}`,
    sku: p.sku,
    barcode: pack.barcode,
    name: p.name,
    unitCents: Math.round(pack.price * 100),
    ...(pack.priceIqd !== null && pack.priceIqd !== undefined ? { priceCurrency: 'IQD' as const, priceMinor: pack.priceIqd } : {}),
    discountPercent: p.discount ?? 0,
    quantity: 1,
    stock: Math.floor(p.quantity / pack.units),
    packId: pack._id,
    unitsPerQuantity: pack.units,
    packName: pack.name,
  };
}

let weighedSeq = 0;

/** A weighed line of `grams` (typed, or from a weight label); or, from a price label, one at the label's price. */
export function weighedLine(
  p: CartProduct,
  grams: number,
  label?: { code: string; price?: { minor: number; currency: 'USD' | 'IQD' } },
): CartLine {
  weighedSeq += 1;
  const base = {
    productId: p._id,
    key: `${p._id}:w:${weighedSeq}`,
    sku: p.sku,
    barcode: p.barcode,
    name: p.name,
    discountPercent: p.discount ?? 0,
    stock: p.quantity,
    ...(label ? { scaleLabel: label.code } : {}),
  };
  if (label?.price) {
    const { minor, currency } = label.price;
    return { ...base, unitCents: currency === 'USD' ? minor : 0, priceCurrency: currency, priceMinor: minor, quantity: 1 };
  }
  return {
    ...base,
    unitCents: Math.round(p.price * 100),
    ...(p.priceCurrency === 'IQD' && typeof p.priceIqd === 'number' ? { priceCurrency: 'IQD' as const, priceMinor: p.priceIqd } : {}),
    quantity: grams,
    weighed: true,
  };
}

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
  | { type: 'addLine'; line: CartLine }
  | { type: 'setQuantity'; productId: string; quantity: number }
  | { type: 'increment'; productId: string; by: number }
  | { type: 'remove'; productId: string }
  | { type: 'clear' }
  | { type: 'discountType'; value: DiscountType }
  | { type: 'discountInput'; value: string; currency?: 'USD' | 'IQD' }
  | { type: 'customer'; customer: CartCustomer | null }
  /** `customerId`: whose points were redeemed; an answer for a customer no longer on the sale is dropped. */
  | { type: 'redeemed'; redemption: Redemption | null; customerId: string }
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
      const existing = state.lines.find((l) => lineKey(l) === action.product._id);
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
    case 'addLine': {
      // A pack scanned again is one more pack; a weighed line is always a line of its own.
      const existing = state.lines.find((l) => lineKey(l) === lineKey(action.line));
      if (existing && !fixedQuantity(existing)) return cartReducer(state, { type: 'increment', productId: lineKey(existing), by: 1 });
      return linesChanged(state, [...state.lines, action.line]);
    }
    case 'increment': {
      const line = state.lines.find((l) => lineKey(l) === action.productId);
      if (line && fixedQuantity(line)) return action.by < 0 ? cartReducer(state, { type: 'remove', productId: action.productId }) : state;
      return cartReducer(state, {
        type: 'setQuantity',
        productId: action.productId,
        quantity: (line?.quantity ?? 0) + action.by,
      });
    }
    case 'setQuantity': {
      if (action.quantity < 1) return cartReducer(state, { type: 'remove', productId: action.productId });
      const quantity = clampQuantity(action.quantity);
      return linesChanged(
        state,
        // A weighed line keeps its weight (typed again as a new line).
        state.lines.map((l) => (lineKey(l) === action.productId && !fixedQuantity(l) ? { ...l, quantity } : l)),
      );
    }
    case 'remove': {
      const gone = state.lines.find((l) => lineKey(l) === action.productId);
      if (!gone) return state;
      const undo: CartUndo | null =
        gone.quantity > 1 || fixedQuantity(gone) ? { kind: 'remove', lines: state.lines, name: gone.name } : null;
      return linesChanged(
        state,
        state.lines.filter((l) => lineKey(l) !== action.productId),
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
      if (action.redemption && action.customerId !== state.customer?._id) return state;
      return { ...state, redemption: action.redemption, droppedRedemption: null };
    case 'dismissDropped':
      return { ...state, droppedRedemption: null };
    case 'reset':
      return emptyCart;
  }
}
