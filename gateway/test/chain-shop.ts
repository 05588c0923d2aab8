// A chain of branches in either shape, for the API tests of issue 17: the shop as a client sees it, its
// branches opened by the admin, a product (tea) and a cash sale of it as the till sends one.
import { createAllInOneApp } from '@dukan/gateway';
import { type HttpClient, startApp } from '@dukan/testing';
import { startClusterShape } from './cluster-shape.js';

/** Either shape, as a client sees it; a cluster also gives its services' own addresses. */
export interface Shop extends HttpClient {
  adminToken: string;
  login(username: string, password: string): Promise<string>;
  close(): Promise<void>;
  serviceUrls?: Record<string, string>;
  internalToken?: string;
}

export const SHAPES: [string, () => Promise<Shop>][] = [
  ['all-in-one', () => startApp(createAllInOneApp)],
  ['cluster', () => startClusterShape()],
];

/** A call's options: the caller's token and, when given, the branch it acts in. */
export const inBranch = (token: string, branch?: string, headers: Record<string, string> = {}) => ({
  token,
  headers: { 'accept-language': 'en', ...(branch && { 'x-dukan-branch': branch }), ...headers },
});

/** Opens branches B and C beside main, and creates tea with 10 in main (price 2, cost 1); answers its id. */
export async function openChainWithTea(c: Shop, sku: string, barcode: string): Promise<string> {
  for (const [id, name] of [
    ['b', 'Branch B'],
    ['c', 'Branch C'],
  ]) {
    expect((await c.post('/api/settings/branches', { _id: id, name, registers: ['main'] }, { token: c.adminToken })).status).toBe(201);
  }
  const category = await c.post('/api/categories', { name: { en: 'Tea', ku: 'چا' } }, { token: c.adminToken });
  const product = await c.post(
    '/api/products',
    {
      sku,
      barcode,
      name: { en: 'Tea', ku: 'چا' },
      category: category.body._id,
      price: 2,
      cost: 1,
      quantity: 10,
    },
    inBranch(c.adminToken),
  );
  expect(product.status).toBe(201);
  return product.body._id;
}

/** What the till sends for `quantity` of a product at `unitPrice`, paid in cash with `tendered` dollars. */
export function cashSale(product: { id: string; sku: string }, unitPrice: number, quantity: number, tendered: number) {
  const total = unitPrice * quantity;
  return {
    items: [
      {
        product: product.id,
        productSnapshot: { name: 'Tea', sku: product.sku, price: unitPrice },
        quantity,
        unitPrice,
        subtotal: total,
        discount: 0,
        discountType: 'percentage',
      },
    ],
    subtotal: total,
    discountType: 'percentage',
    discountValue: 0,
    discountAmount: 0,
    loyaltyDiscount: 0,
    total,
    currency: 'USD',
    exchangeRate: 1450,
    paymentMethod: 'cash',
    paymentDetails: { amountTendered: tendered, change: tendered - total },
    paymentStatus: 'paid',
    register: 'main',
    createdAt: new Date().toISOString(),
  };
}
