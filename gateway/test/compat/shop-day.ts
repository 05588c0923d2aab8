// The shop day of compat.int-spec.ts: the shop under test, what the day builds up step by step, and the spec
// client's payloads. The steps, by stage, are in the files beside this one.
import { createAllInOneApp } from '@dukan/gateway';
import { type HttpClient, startApp } from '@dukan/testing';
import { startClusterShape } from '../cluster-shape.js';

/** Either shape, as a client sees it: one address, the first admin's password. */
export interface Shop extends HttpClient {
  url: string;
  adminPassword: string;
  login(username: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export const SHAPES: [string, () => Promise<Shop>][] = [
  ['all-in-one', () => startApp(createAllInOneApp)],
  ['cluster', () => startClusterShape()],
];

export const any = (type: unknown) => expect.any(type);
/** The shop's day (reports and the dashboard keep the shop's time zone, Asia/Baghdad by default), as yyyy-MM-dd. */
export const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Baghdad' }).format(new Date());

/** The sale payload of spec part 1 §3, as a till computes it: money as numbers of dollars with two decimals. */
export function salePayload(o: {
  lines: { product: { _id: string; sku: string; price: number }; name: string; quantity: number; discount: number }[];
  customer?: string;
  discount?: { type: 'percentage' | 'fixed'; value: number; amount: number };
  loyaltyDiscount?: number;
  loyaltyPointsRedeemed?: number;
  tendered: number;
}) {
  const cents = (x: number) => Math.round(x * 100);
  const items = o.lines.map((l) => {
    const subtotal = Math.round((cents(l.product.price) * l.quantity * (100 - l.discount)) / 100) / 100;
    return {
      product: l.product._id,
      productSnapshot: { name: l.name, sku: l.product.sku, price: l.product.price },
      quantity: l.quantity,
      unitPrice: l.product.price,
      subtotal,
      discount: l.discount,
      discountType: 'percentage',
    };
  });
  const subtotal = items.reduce((s, i) => s + cents(i.subtotal), 0) / 100;
  const discountAmount = o.discount?.amount ?? 0;
  const loyaltyDiscount = o.loyaltyDiscount ?? 0;
  const total = Math.max(0, cents(subtotal) - cents(discountAmount) - cents(loyaltyDiscount)) / 100;
  return {
    ...(o.customer ? { customer: o.customer } : {}),
    items,
    subtotal,
    discountType: o.discount?.type ?? 'percentage',
    discountValue: o.discount?.value ?? 0,
    discountAmount,
    loyaltyDiscount,
    ...(o.loyaltyPointsRedeemed !== undefined ? { loyaltyPointsRedeemed: o.loyaltyPointsRedeemed } : {}),
    total,
    currency: 'USD',
    exchangeRate: 1450,
    paymentMethod: 'cash',
    paymentDetails: { amountTendered: o.tendered, change: (cents(o.tendered) - cents(total)) / 100 },
    paymentStatus: 'paid',
    register: 'main',
    invoiceNumber: `INV-${Date.now()}`,
    createdAt: new Date().toISOString(),
  };
}

/** The fields of a saved transaction the till reads (spec part 1 §3). */
export const SAVED_SALE = {
  _id: any(String),
  invoiceNumber: expect.stringMatching(/^INV-/),
  createdAt: any(String),
  paymentDetails: { amountTendered: any(Number), change: any(Number) },
  loyaltyPointsAwarded: any(Number),
  loyaltyDiscount: any(Number),
  loyaltyPointsRedeemed: any(Number),
};

type Product = { _id: string; sku: string; price: number };

/** What the day builds up, step by step. */
export interface DayState {
  token: string;
  cashierToken: string;
  categoryId: string;
  tea: Product;
  rice: Product;
  customerId: string;
  sales: { _id: string; invoiceNumber: string; total: number }[];
  cashierId: string;
}

/** One shop for a describe block (started before its first step, closed after its last) and the day's state. */
export interface ShopDay {
  readonly t: Shop;
  readonly day: DayState;
  auth(): { token: string };
}

export function shopDay(start: () => Promise<Shop>): ShopDay {
  const day: DayState = {
    token: '',
    cashierToken: '',
    categoryId: '',
    tea: { _id: '', sku: '', price: 0 },
    rice: { _id: '', sku: '', price: 0 },
    customerId: '',
    sales: [],
    cashierId: '',
  };
  let shop: Shop | undefined;
  beforeAll(async () => {
    shop = await start();
  }, 120_000);
  afterAll(() => shop?.close());
  return {
    get t() {
      if (!shop) throw new Error('the shop did not start');
      return shop;
    },
    day,
    auth: () => ({ token: day.token }),
  };
}
