import { describe, expect, it } from 'vitest';
import { cartReducer, emptyCart, type CartProduct, type CartState } from './cart.js';

const tea: CartProduct = { _id: 't', sku: 'TEA', barcode: '1', name: { en: 'Tea', ku: 'چا' }, price: 2.5, discount: 10, quantity: 8 };
const rice: CartProduct = { _id: 'r', sku: 'RICE', barcode: '2', name: { en: 'Rice', ku: 'برنج' }, price: 9, discount: 0, quantity: 50 };

const run = (...actions: Parameters<typeof cartReducer>[1][]): CartState => actions.reduce(cartReducer, emptyCart);

describe('cart', () => {
  it('adds a product once and increments its line on the next add', () => {
    const s = run(
      { type: 'add', product: tea, priceCents: 250 },
      { type: 'add', product: rice, priceCents: 900 },
      { type: 'add', product: tea, priceCents: 250 },
    );
    expect(s.lines.map((l) => [l.productId, l.quantity])).toEqual([
      ['t', 2],
      ['r', 1],
    ]);
    expect(s.lines[0]).toMatchObject({ unitCents: 250, discountPercent: 10, stock: 8 });
  });

  it('keeps quantities whole and removes a line set below 1', () => {
    let s = run({ type: 'add', product: tea, priceCents: 250 }, { type: 'setQuantity', productId: 't', quantity: 3.7 });
    expect(s.lines[0]!.quantity).toBe(3);
    s = cartReducer(s, { type: 'increment', productId: 't', by: -3 });
    expect(s.lines).toEqual([]);
  });

  it('drops a loyalty redemption when the cart or the customer changes', () => {
    const withRedemption = run(
      { type: 'add', product: tea, priceCents: 250 },
      { type: 'customer', customer: { _id: 'c1', name: 'Aso', loyaltyPoints: 100 } },
      { type: 'redeemed', redemption: { points: 50, cents: 50 }, customerId: 'c1' },
    );
    expect(withRedemption.redemption).not.toBeNull();
    expect(cartReducer(withRedemption, { type: 'add', product: rice, priceCents: 900 }).redemption).toBeNull();
    expect(cartReducer(withRedemption, { type: 'customer', customer: null }).redemption).toBeNull();
    expect(
      cartReducer(withRedemption, { type: 'customer', customer: { _id: 'c1', name: 'Aso', loyaltyPoints: 50 } }).redemption,
    ).not.toBeNull();
    // An answer to a redemption asked for a customer since replaced on the sale is not applied to the new one.
    const replaced = cartReducer(withRedemption, { type: 'customer', customer: { _id: 'c2', name: 'Shno', loyaltyPoints: 500 } });
    expect(cartReducer(replaced, { type: 'redeemed', redemption: { points: 50, cents: 50 }, customerId: 'c1' }).redemption).toBeNull();
  });

  it('remembers a redemption a change took away, until it is redeemed again, dismissed or the customer changes', () => {
    const withRedemption = run(
      { type: 'add', product: tea, priceCents: 250 },
      { type: 'customer', customer: { _id: 'c1', name: 'Aso', loyaltyPoints: 100 } },
      { type: 'redeemed', redemption: { points: 50, cents: 50 }, customerId: 'c1' },
    );
    const scanned = cartReducer(withRedemption, { type: 'add', product: rice, priceCents: 900 });
    expect(scanned.droppedRedemption).toEqual({ points: 50, cents: 50 });
    expect(cartReducer(scanned, { type: 'increment', productId: 'r', by: 1 }).droppedRedemption).toEqual({ points: 50, cents: 50 });
    expect(cartReducer(scanned, { type: 'redeemed', redemption: { points: 50, cents: 50 }, customerId: 'c1' })).toMatchObject({
      redemption: { points: 50 },
      droppedRedemption: null,
    });
    expect(cartReducer(scanned, { type: 'dismissDropped' }).droppedRedemption).toBeNull();
    expect(
      cartReducer(scanned, { type: 'customer', customer: { _id: 'c2', name: 'Shno', loyaltyPoints: 10 } }).droppedRedemption,
    ).toBeNull();
    // Removing the redemption on purpose is not a slip.
    expect(cartReducer(withRedemption, { type: 'redeemed', redemption: null, customerId: 'c1' }).droppedRedemption).toBeNull();
  });

  it('undoes a clear, and the removal of a line of several units', () => {
    const two = run(
      { type: 'add', product: tea, priceCents: 250 },
      { type: 'add', product: tea, priceCents: 250 },
      { type: 'add', product: rice, priceCents: 900 },
    );
    const cleared = cartReducer(two, { type: 'clear' });
    expect(cleared.lines).toEqual([]);
    expect(cleared.undo?.kind).toBe('clear');
    expect(cartReducer(cleared, { type: 'undo' }).lines).toEqual(two.lines);
    const removed = cartReducer(two, { type: 'remove', productId: 't' });
    expect(removed.undo).toMatchObject({ kind: 'remove', name: { en: 'Tea' } });
    expect(cartReducer(removed, { type: 'undo' }).lines).toEqual(two.lines);
    // One unit goes without ceremony; the next change of the lines ends the undo.
    expect(cartReducer(two, { type: 'remove', productId: 'r' }).undo).toBeNull();
    expect(cartReducer(cleared, { type: 'add', product: rice, priceCents: 900 }).undo).toBeNull();
  });

  it('keeps the currency a fixed discount was typed in', () => {
    const s = run({ type: 'discountType', value: 'fixed' }, { type: 'discountInput', value: '5', currency: 'USD' });
    expect(s.discountCurrency).toBe('USD');
    expect(cartReducer(s, { type: 'discountInput', value: '' }).discountCurrency).toBeNull();
    expect(cartReducer(s, { type: 'discountType', value: 'percentage' }).discountCurrency).toBeNull();
  });

  it('starts over on reset', () => {
    const s = run({ type: 'add', product: tea, priceCents: 250 }, { type: 'discountInput', value: '5' }, { type: 'reset' });
    expect(s).toEqual(emptyCart);
  });
});
