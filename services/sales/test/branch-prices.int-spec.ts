// A chain's per-branch prices: sales prices each line at the price of the branch the sale acts in, from its
// replica of catalog's branch-price events (newest version wins, whatever order and however often they come).
import type { BranchPriceChangedData } from '@dukan/contracts';
import type { ServiceTestApp } from '@dukan/testing';
import { envelope, publishProduct, salePayload, startCheckoutShop, type TestProduct } from './helpers.js';

let shop: Awaited<ReturnType<typeof startCheckoutShop>>;
let t: ServiceTestApp;
let tea: TestProduct;
const cashierOf = (branch: string) => t.tokenFor({ role: 'cashier', homeBranch: branch, branches: [branch] });
const price = (branchId: string, priceCents: number | null, version: number): BranchPriceChangedData => ({
  productId: tea.id,
  branchId,
  priceCents,
  version,
});

beforeAll(async () => {
  shop = await startCheckoutShop();
  t = shop.t;
  tea = await publishProduct(t, { priceCents: 250 });
});
afterAll(() => shop.close());

/** A sale of two teas in a branch, priced by the till at `unitCents`. */
const sell = (branch: string, unitCents: number) =>
  t.post('/api/transactions', salePayload([{ product: { ...tea, priceCents: unitCents }, quantity: 2 }]), {
    token: cashierOf(branch),
    headers: { 'x-dukan-branch': branch },
  });

it("sells at branch B's price in B and at the product's own price elsewhere, whatever order the changes came in", async () => {
  // Delivered newest first and twice: version 2 (2.75) must stand over version 1 (3.00).
  const v2 = envelope('dukan.catalog.branch-price.changed.v1', price('b', 275, 2));
  const v1 = envelope('dukan.catalog.branch-price.changed.v1', price('b', 300, 1));
  await t.bus.publishAll([v2, v1]);
  await t.bus.publish(v1);
  await t.bus.publish(envelope('dukan.catalog.branch-price.changed.v1', price('c', 199, 1)));

  const inB = await sell('b', 275);
  expect(inB.status).toBe(201);
  expect(inB.body.data).toMatchObject({ branchId: 'b', subtotal: 5.5, total: 5.5 });
  expect(inB.body.data.items[0]).toMatchObject({ unitPrice: 2.75 });
  const inMain = await sell('main', 250);
  expect(inMain.status).toBe(201);
  expect(inMain.body.data.total).toBe(5);
  // The till of B showing the product's own price is refused: the server's figure is B's.
  const stale = await sell('b', 250);
  expect(stale.status).toBe(422);
  expect(stale.body.code).toBe('TOTAL_MISMATCH');
  expect((await sell('c', 199)).body.data.total).toBe(3.98);
});

it("sells at the product's own price again once the branch price is cleared; an older set arriving late changes nothing", async () => {
  await t.bus.publish(envelope('dukan.catalog.branch-price.changed.v1', price('b', null, 3)));
  await t.bus.publish(envelope('dukan.catalog.branch-price.changed.v1', price('b', 275, 2)));
  const sale = await sell('b', 250);
  expect(sale.status).toBe(201);
  expect(sale.body.data.total).toBe(5);
});
