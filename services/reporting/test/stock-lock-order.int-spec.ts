// A day of sales moves stock (stock.changed) while products change (product.updated): reporting's handlers of the
// two write the same rows, and must take their locks in one order, products first, or PostgreSQL ends one with
// "deadlock detected".
import { randomUUID } from 'node:crypto';
import type { QueryRunner } from 'typeorm';
import type { ServiceTestApp } from '@dukan/testing';
import { envelope, product, startReporting } from './fixtures.js';

let t: ServiceTestApp;
beforeAll(async () => {
  t = await startReporting();
});
afterAll(() => t.close());

const stockOf = async (productId: string) =>
  Number((await t.dataSource().query(`SELECT quantity FROM stock WHERE product_id = $1 AND branch_id = 'main'`, [productId]))[0]?.quantity);

it('a sale’s stock change meeting a product change on the same product waits for it, and both are kept', async () => {
  const rice = product({ quantity: 50 });
  await t.bus.publish(envelope('dukan.catalog.product.created.v1', rice));
  expect(await stockOf(rice.productId)).toBe(50);

  // A product change in flight, in the product handlers' order: the product row first, its stock next.
  const productChange: QueryRunner = t.dataSource().createQueryRunner();
  await productChange.connect();
  try {
    await productChange.startTransaction();
    await productChange.query(`UPDATE products SET reorder_level = 12 WHERE product_id = $1`, [rice.productId]);

    // Meanwhile a sale of two moves the stock.
    const sold = t.bus.publish(
      envelope('dukan.catalog.stock.changed.v2', {
        branchId: 'main',
        reason: 'sold',
        refType: 'sale',
        refId: randomUUID(),
        moves: [{ productId: rice.productId, delta: -2, quantityAfter: 48, unitCostCents: null }],
      }),
    );
    const soldSettled = sold.then(
      () => 'applied',
      (e: unknown) => `failed: ${(e as Error).message}`,
    );
    await new Promise((r) => setTimeout(r, 300)); // the stock handler is now waiting on a lock

    // The product change goes on to the stock row and commits.
    const wrote = await productChange
      .query(
        `INSERT INTO stock (product_id, branch_id, quantity, as_of) VALUES ($1, 'main', 50, now() - interval '1 minute')
       ON CONFLICT (product_id, branch_id) DO UPDATE SET quantity = EXCLUDED.quantity, as_of = EXCLUDED.as_of WHERE stock.as_of <= EXCLUDED.as_of`,
        [rice.productId],
      )
      .then(
        () => 'written',
        (e: unknown) => `failed: ${(e as Error).message}`,
      );
    expect(wrote).toBe('written');
    await productChange.commitTransaction();
    expect(await soldSettled).toBe('applied');
  } finally {
    if (productChange.isTransactionActive) await productChange.rollbackTransaction();
    await productChange.release();
  }
  // The sale's level is the later one.
  expect(await stockOf(rice.productId)).toBe(48);
  const [row] = await t.dataSource().query(`SELECT stock_total, reorder_level FROM products WHERE product_id = $1`, [rice.productId]);
  expect(row).toEqual({ stock_total: 48, reorder_level: 12 });
});
