import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { invoiceNumberOf, parseInvoiceNumber } from '@dukan/contracts';
import { createAllInOneApp } from '@dukan/gateway';
import { eventually, startApp, type TestDatabase } from '@dukan/testing';
import { restoreInto, takeBackup } from '../src/backup/index.js';
import { cashSale, inBranch, type Shop } from './chain-shop.js';

// A restored backup brings the invoice counters back as they were at its moment, while receipts printed since and
// blocks handed to offline tills since carry later numbers. After the restore no number given before it is given
// again, and a till's numbers, from a block reserved before or after the backup, are each accepted once.

let c: Shop & { db: TestDatabase };
let folder: string;
let productId = '';

beforeAll(async () => {
  c = await startApp(createAllInOneApp);
  folder = mkdtempSync(join(tmpdir(), 'dukan-numbering-'));
  const category = await c.post('/api/categories', { name: { en: 'Tea', ku: 'چا' } }, { token: c.adminToken });
  const product = await c.post(
    '/api/products',
    {
      sku: 'TEA-NUM',
      barcode: '6260000000901',
      name: { en: 'Tea', ku: 'چا' },
      category: category.body._id,
      price: 2,
      cost: 1,
      quantity: 500,
    },
    inBranch(c.adminToken),
  );
  expect(product.status).toBe(201);
  productId = product.body._id;
  // Sales learns the product from catalog's event.
  await eventually(async () => (await sell()).status === 201, 30_000);
}, 120_000);
afterAll(async () => {
  await c?.close();
  rmSync(folder, { recursive: true, force: true });
});

function sell(reservedInvoiceNumber?: string, key = randomUUID()) {
  return c.post(
    '/api/transactions',
    { ...cashSale({ id: productId, sku: 'TEA-NUM' }, 2, 1, 2), ...(reservedInvoiceNumber && { reservedInvoiceNumber }) },
    inBranch(c.adminToken, undefined, { 'idempotency-key': key }),
  );
}
async function sold(): Promise<string> {
  const res = await sell();
  expect(res.status).toBe(201);
  return res.body.data.invoiceNumber as string;
}
async function reserve(size: number): Promise<string[]> {
  const res = await c.post('/api/transactions/invoice-blocks', { register: 'main', size }, inBranch(c.adminToken));
  expect(res.status).toBe(201);
  const first = parseInvoiceNumber(res.body.data.first)!;
  return Array.from({ length: size }, (_, i) => invoiceNumberOf(first.registerNo, first.sequence + i));
}
async function salesCount(): Promise<number> {
  const client = new pg.Client({ connectionString: c.db.url });
  await client.connect();
  try {
    return Number((await client.query(`SELECT count(*) AS n FROM sales.sales`)).rows[0].n);
  } finally {
    await client.end();
  }
}

test('after a restore no invoice number is given twice, and offline tills’ blocks from before and after the backup are each taken once', async () => {
  const beforeBackup = [await sold(), await sold()];
  const heldSinceBefore = await reserve(10); // a till went offline with these before the backup
  const taken = await takeBackup({ databaseUrl: c.db.url, folder });
  const inBackup = await salesCount();

  // After the backup: receipts printed, and a block handed to another till; all of it is lost by the restore.
  const afterBackup = [await sold(), await sold(), await sold()];
  const heldSinceAfter = await reserve(10);
  const issued = new Set([...beforeBackup, ...heldSinceBefore, ...afterBackup, ...heldSinceAfter]);
  expect(issued.size).toBe(25);

  const restored = await restoreInto(taken.file, c.db.url);
  expect(await salesCount()).toBe(inBackup);
  expect(restored.series.map((s) => s.register)).toEqual(['main']);

  // The shop sells again: every new number is one never given before.
  const afterRestore = [await sold(), await sold(), await sold(), ...(await reserve(10))];
  expect(afterRestore.filter((n) => issued.has(n))).toEqual([]);
  expect(afterRestore[0]).toBe(restored.series[0]!.next);

  // The tills come back: each of their sales is accepted once, with the number it printed; sent again, the same sale.
  for (const number of [heldSinceBefore[0]!, heldSinceAfter[0]!, heldSinceAfter[9]!]) {
    const key = randomUUID();
    const first = await sell(number, key);
    expect(first.status).toBe(201);
    expect(first.body.data.invoiceNumber).toBe(number);
    const again = await sell(number, key);
    expect(again.status).toBe(201);
    expect(again.body.data._id).toBe(first.body.data._id);
    const other = await sell(number);
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(`Invoice number ${number} is already used by another sale`);
  }
  expect(await salesCount()).toBe(inBackup + 3 + 3);

  // A sale lost by the restore, sent again by its till, comes back with its number (it was never given again).
  const lost = await sell(afterBackup[0]);
  expect(lost.status).toBe(201);
  expect(lost.body.data.invoiceNumber).toBe(afterBackup[0]);
}, 120_000);
