import { isValidEan13 } from '@dukan/contracts';
import { leafCategories, random, seedProduct } from './catalogue.js';

describe('seed catalogue', () => {
  const rnd = random(7);
  const products = Array.from({ length: 2000 }, (_, n) => seedProduct(n, rnd, '', 123_456));

  it('gives every product a bilingual name, a valid unique EAN-13 and a unique sku', () => {
    expect(new Set(products.map((p) => p.barcode)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.sku)).size).toBe(products.length);
    for (const p of products) {
      expect(isValidEan13(p.barcode)).toBe(true);
      expect(p.nameEn).toMatch(/^[A-Za-z]/);
      expect(p.nameKu).toMatch(/[\u0600-\u06ff]/);
    }
  });

  it('prices above cost, and puts products in every leaf category', () => {
    for (const p of products) {
      expect(p.priceCents).toBeGreaterThan(0);
      expect(p.costCents).toBeLessThan(p.priceCents);
      expect(p.discountPercent).toBeGreaterThanOrEqual(0);
      expect(p.discountPercent).toBeLessThanOrEqual(100);
    }
    expect(new Set(products.map((p) => p.categoryIndex)).size).toBe(leafCategories().length);
  });

  it('includes out-of-stock and low-stock products, as a real shop has', () => {
    expect(products.some((p) => p.quantity === 0)).toBe(true);
    expect(products.some((p) => p.quantity > 0 && p.quantity <= p.reorderLevel)).toBe(true);
  });

  it('is the same shop for the same seed', () => {
    expect(seedProduct(5, random(1), '', 0)).toEqual(seedProduct(5, random(1), '', 0));
  });
});
