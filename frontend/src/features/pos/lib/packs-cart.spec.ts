import { describe, expect, it } from 'vitest';
import { cartReducer, emptyCart, lineKey, packLine, weighedLine, type CartProduct, type CartState } from './cart.js';
import { buildSalePayload, computeTotals } from './totals.js';

const carton = { _id: 'k1', barcode: 'C12', units: 12, price: 8, priceIqd: null, name: { en: 'Carton', ku: 'کارتۆن' } };
const cola: CartProduct = {
  _id: 'c',
  sku: 'COLA',
  barcode: '1',
  name: { en: 'Cola', ku: 'کۆلا' },
  price: 0.75,
  discount: 0,
  quantity: 48,
  packs: [carton],
};
const meat: CartProduct = {
  _id: 'm',
  sku: 'MEAT',
  barcode: '2',
  name: { en: 'Meat', ku: 'گۆشت' },
  price: 8.28,
  priceCurrency: 'IQD',
  priceIqd: 12_000,
  discount: 0,
  quantity: 20_000,
  soldBy: 'weight',
  scaleCode: '4242',
};
const run = (...actions: Parameters<typeof cartReducer>[1][]): CartState => actions.reduce(cartReducer, emptyCart);

describe('packs and weighed lines in the cart', () => {
  it('keeps a carton beside the single can, a second scan adding a carton', () => {
    const s = run(
      { type: 'add', product: cola, priceCents: 75 },
      { type: 'addLine', line: packLine(cola, carton) },
      { type: 'addLine', line: packLine(cola, carton) },
    );
    expect(s.lines.map((l) => [lineKey(l), l.quantity, l.unitCents, l.unitsPerQuantity ?? 1])).toEqual([
      ['c', 1, 75, 1],
      ['c:pack:k1', 2, 800, 12],
    ]);
    expect(computeTotals(s.lines, { type: 'percentage', value: 0 }, 0).totalMinor).toBe(75 + 1600);
  });

  it('prices a weighed line per kg from grams, keeps its weight, and sends it with its label', () => {
    let s = run({ type: 'addLine', line: weighedLine(meat, 1255, { code: '2104242012553' }) });
    s = cartReducer(s, { type: 'increment', productId: lineKey(s.lines[0]!), by: 1 });
    expect(s.lines[0]).toMatchObject({ quantity: 1255, weighed: true });
    const totals = computeTotals(s.lines, { type: 'percentage', value: 0 }, 0, { currency: 'IQD', rate: 1450 });
    expect(totals.totalMinor).toBe(15_060);
    const body = buildSalePayload({
      lines: s.lines,
      discount: { type: 'percentage', value: 0 },
      totals,
      customerId: null,
      exchangeRate: 1450,
      tenders: [],
      changeCurrency: 'IQD',
      register: 'main',
      loyaltyPointsRedeemed: 0,
      now: new Date(0),
    });
    expect(body.items[0]).toMatchObject({ product: 'm', quantity: 1255, scaleLabel: '2104242012553', unitPrice: 12_000, subtotal: 15_060 });
  });

  it('sells a price label as one at the printed price', () => {
    const s = run({ type: 'addLine', line: weighedLine(meat, 0, { code: 'x', price: { minor: 6000, currency: 'IQD' } }) });
    expect(computeTotals(s.lines, { type: 'percentage', value: 0 }, 0, { currency: 'IQD', rate: 1450 }).totalMinor).toBe(6000);
  });
});
