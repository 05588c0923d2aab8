import { describe, expect, it } from 'vitest';
import { buildSalePayload, checkRedeem, clampRedeemPoints, computeTotals, lineSubtotal, type CartLine } from './totals.js';

const line = (over: Partial<CartLine> = {}): CartLine => ({
  productId: 'p1',
  sku: 'SKU-1',
  barcode: '111',
  name: { en: 'Tea', ku: 'چا' },
  unitCents: 1250,
  discountPercent: 0,
  quantity: 1,
  stock: 20,
  ...over,
});

describe('totals', () => {
  it('rounds the line amount half up at the cent, as the server does (shared pricing rules)', () => {
    // 12.25 less 10% is 11.025, so the line is 11.03.
    expect(lineSubtotal({ unitCents: 1225, quantity: 1, discountPercent: 10 })).toBe(1103);
    expect(lineSubtotal({ unitCents: 1000, quantity: 1, discountPercent: 33.335 })).toBe(667);
  });

  it('applies the product discount per line, rounding once per line', () => {
    expect(lineSubtotal({ unitCents: 333, quantity: 3, discountPercent: 10 })).toBe(899);
    expect(lineSubtotal({ unitCents: 1000, quantity: 2, discountPercent: 150 })).toBe(0);
    expect(lineSubtotal({ unitCents: 1000, quantity: 2, discountPercent: -5 })).toBe(2000);
  });

  it.each([
    [{ type: 'percentage' as const, value: 10 }, 1000],
    [{ type: 'percentage' as const, value: 250 }, 10000],
    [{ type: 'percentage' as const, value: -20 }, 0],
    [{ type: 'fixed' as const, value: 1500 }, 1500],
    [{ type: 'fixed' as const, value: 50000 }, 10000],
    [{ type: 'fixed' as const, value: -100 }, 0],
  ])('order discount %j on $100 is %s cents', (discount, expected) => {
    expect(computeTotals([line({ unitCents: 10000 })], discount, 0).discountMinor).toBe(expected);
  });

  it('adds lines, takes the discount then the loyalty discount, never below zero', () => {
    const lines = [line({ quantity: 2 }), line({ productId: 'p2', unitCents: 999, discountPercent: 50 })];
    const t = computeTotals(lines, { type: 'percentage', value: 10 }, 300);
    expect(t.subtotalMinor).toBe(2500 + 500); // 9.99 less 50% is 4.995: the line rounds half up
    expect(t.discountMinor).toBe(300);
    expect(t.loyaltyMinor).toBe(300);
    expect(t.totalMinor).toBe(2400);

    const free = computeTotals([line()], { type: 'fixed', value: 1000 }, 5000);
    expect(free.loyaltyMinor).toBe(250);
    expect(free.totalMinor).toBe(0);
  });

  it('clamps and checks loyalty points', () => {
    expect(clampRedeemPoints(500, 120)).toBe(120);
    expect(clampRedeemPoints(-3, 120)).toBe(0);
    expect(clampRedeemPoints(12.7, 120)).toBe(12);
    expect(checkRedeem(0, 100)).toBe('minimumPointsError');
    expect(checkRedeem(101, 100)).toBe('insufficientPointsError');
    expect(checkRedeem(100, 100)).toBe('ok');
  });
});

describe('a sale in dinars', () => {
  it('converts each unit price once at the rate and prices everything after in whole dinars', () => {
    // $0.35 at 1450 = 507.5, so 508 dinars a unit; ten of them 5,080 (not $3.50 = 5,075 derived from cents)
    const t = computeTotals([line({ unitCents: 35, quantity: 10 })], { type: 'percentage', value: 0 }, 0, { currency: 'IQD', rate: 1450 });
    expect(t).toMatchObject({ currency: 'IQD', subtotalMinor: 5080, totalMinor: 5080 });
    // a price set in dinars is used as it is, in a dinar sale; in a dollar sale it is converted once
    const iqdPriced = line({ unitCents: 3610, priceCurrency: 'IQD', priceMinor: 52_345 });
    expect(lineSubtotal(iqdPriced, { currency: 'IQD', rate: 1450 })).toBe(52_345);
    expect(lineSubtotal(iqdPriced, { currency: 'USD', rate: 1450 })).toBe(3610);
  });
});

describe('sale payload', () => {
  it('sends the figures in the sale currency and the tenders each in its own currency', () => {
    const lines = [line({ quantity: 3, unitCents: 333, discountPercent: 10 })];
    const discount = { type: 'fixed' as const, value: 99 };
    const totals = computeTotals(lines, discount, 0);
    const body = buildSalePayload({
      lines,
      discount,
      totals,
      customerId: null,
      exchangeRate: 1450,
      tenders: [{ method: 'cash', currency: 'IQD', amountMinor: 15_000 }],
      changeCurrency: 'IQD',
      register: 'main',
      loyaltyPointsRedeemed: 0,
      now: new Date('2026-01-02T03:04:05Z'),
    });
    expect(body).not.toHaveProperty('customer');
    expect(body).not.toHaveProperty('paymentDetails');
    expect(body.items[0]).toMatchObject({ product: 'p1', quantity: 3, unitPrice: 3.33, subtotal: 8.99, discount: 10 });
    expect(body.subtotal).toBe(8.99);
    expect(body.discountValue).toBe(0.99);
    expect(body.total).toBe(8);
    expect(body.currency).toBe('USD');
    expect(body.tenders).toEqual([{ method: 'cash', currency: 'IQD', amountMinor: 15_000 }]);
    expect(body.changeCurrency).toBe('IQD');
    expect(body.invoiceNumber).toBe(`INV-${Date.parse('2026-01-02T03:04:05Z')}`);

    const inDinars = computeTotals(lines, { type: 'fixed', value: 1000 }, 0, { currency: 'IQD', rate: 1450 });
    const iqd = buildSalePayload({
      lines,
      discount: { type: 'fixed', value: 1000 },
      totals: inDinars,
      customerId: null,
      exchangeRate: 1450,
      tenders: [],
      changeCurrency: 'IQD',
      register: 'main',
      loyaltyPointsRedeemed: 0,
      now: new Date(),
    });
    // 3.33 at 1450 = 4,829 (4,828.5 half up) a unit; 3 less 10 % = 13,038; less 1,000 dinars
    expect(iqd).toMatchObject({ currency: 'IQD', subtotal: 13_038, discountValue: 1000, total: 12_038 });
    expect(iqd.items[0]).toMatchObject({ unitPrice: 4829, subtotal: 13_038 });
  });
});
