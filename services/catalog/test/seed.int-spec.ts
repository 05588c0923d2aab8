import type { ServiceTestApp } from '@dukan/testing';
import { seedCatalog } from '../src/seed/seed.js';
import { startCatalog } from './helpers.js';

let t: ServiceTestApp;
beforeAll(async () => {
  t = await startCatalog();
});
afterAll(() => t.close());

it('seeds a bilingual catalogue whose stock came through the ledger, and the API serves and finds it', async () => {
  const result = await seedCatalog({ databaseUrl: t.db.url, products: 300, branchId: 'main', reset: true, events: true, seed: 3 });
  expect(result).toMatchObject({ products: 300, categories: 25 });

  const till = await t.get('/api/products?active=true&view=till', { token: t.tokens.cashier });
  expect(till.body).toHaveLength(300);
  const tree = await t.get('/api/categories/tree', { token: t.tokens.cashier });
  expect(tree.body).toHaveLength(8);
  expect(tree.body.every((c: { children: unknown[]; name: { ku: string } }) => c.children.length > 0 && c.name.ku !== '')).toBe(true);

  // every unit on the shelf is explained by a ledger row
  const [mismatch] = await t.dataSource().query(
    `SELECT count(*)::int AS n FROM stock_levels s
     WHERE s.quantity <> (SELECT coalesce(sum(delta), 0) FROM stock_movements m WHERE m.product_id = s.product_id AND m.branch_id = s.branch_id)`,
  );
  expect(mismatch.n).toBe(0);

  const sample = till.body[17];
  const byKurdish = await t.get(`/api/products/search/${encodeURIComponent(sample.name.ku.split(' ')[0])}`, { token: t.tokens.cashier });
  expect(byKurdish.body.length).toBeGreaterThan(0);
  const byBarcode = await t.get(`/api/products/search/${sample.barcode}`, { token: t.tokens.cashier });
  expect(byBarcode.body[0]._id).toBe(sample._id);

  // sales and reporting learn the catalogue from the outbox
  const [events] = await t.dataSource().query(`SELECT count(*)::int AS n FROM outbox WHERE type = 'dukan.catalog.product.created.v1'`);
  expect(events.n).toBe(300);

  // a second load adds products to the same category tree
  await seedCatalog({ databaseUrl: t.db.url, products: 100, branchId: 'main', reset: false, events: false, seed: 3 });
  expect((await t.get('/api/products?active=true&view=till', { token: t.tokens.cashier })).body).toHaveLength(400);
  expect((await t.get('/api/categories?active=all', { token: t.tokens.admin })).body).toHaveLength(25);
});
