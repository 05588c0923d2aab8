import { randomUUID } from 'node:crypto';
import { api, eventually, getProduct, type SeededProduct } from '../support.js';

export interface SoldSale {
  _id: string;
  invoiceNumber: string;
  total: number;
  items: { _id: string; quantity: number; productSnapshot: { sku: string } }[];
}

/**
 * A cash sale made through the API, as the till sends it (exact tender, no discount). The sales service learns of a
 * new product from catalog's event a moment after it is created, so the first tries may be refused as unavailable.
 */
export async function sellViaApi(token: string, lines: { product: SeededProduct; quantity: number }[], customerId?: string): Promise<SoldSale> {
  const items = lines.map(({ product, quantity }) => ({
    product: product._id,
    productSnapshot: { name: product.name.en, sku: product.sku, price: product.price },
    quantity,
    unitPrice: product.price,
    subtotal: Math.round(product.price * 100 * quantity) / 100,
    discount: 0,
    discountType: 'percentage',
  }));
  const total = Math.round(items.reduce((s, i) => s + i.subtotal * 100, 0)) / 100;
  const key = randomUUID();
  const body = {
    ...(customerId ? { customer: customerId } : {}),
    items,
    subtotal: total,
    discountType: 'percentage',
    discountValue: 0,
    discountAmount: 0,
    loyaltyDiscount: 0,
    total,
    currency: 'USD',
    exchangeRate: 1450,
    paymentMethod: 'cash',
    paymentDetails: { amountTendered: total, change: 0 },
    paymentStatus: 'paid',
    register: 'main',
  };
  return eventually(async () => {
    const r = await api('/transactions', { token, headers: { 'Idempotency-Key': key }, body });
    if (r.status === 400 && JSON.stringify(r.body).includes('productUnavailable')) return null;
    if (r.status >= 300) throw new Error(`sale failed: ${r.status} ${JSON.stringify(r.body)}`);
    return (r.body.data ?? r.body) as SoldSale;
  }, 'the new products to reach sales');
}

/** Waits until catalog has applied the sale's (or a void's, or a refund's) stock movement. */
export async function stockBecomes(token: string, productId: string, quantity: number): Promise<void> {
  let last = NaN;
  await eventually(async () => {
    last = (await getProduct(token, productId)).quantity;
    return last === quantity;
  }, `stock of ${productId} to become ${quantity} (last ${last})`, 20_000);
}
