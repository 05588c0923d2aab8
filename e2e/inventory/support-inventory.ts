/// <reference lib="dom" />
// Helpers of the inventory browser tests: categories under a parent, products with names of our choosing.
import type { Download, Page } from 'playwright-core';
import { api, BASE_URL, downloadedBytes, unique, uniqueBarcode } from '../support.js';

function ok<T>(r: { status: number; body: T }, what: string): T {
  if (r.status >= 300) throw new Error(`${what} failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export async function createCategoryNamed(token: string, en: string, ku: string, parent?: string): Promise<string> {
  const body: any = ok(
    await api('/categories', { token, body: { name: { en, ku }, ...(parent ? { parent } : {}) } }),
    `create category ${en}`,
  );
  return (body.data ?? body)._id;
}

export interface NamedProduct {
  _id: string;
  sku: string;
  barcode: string;
  name: { en: string; ku: string };
  price: number;
}

/** A product whose English name is exactly `en` (the list sorts by it), with a unique sku and barcode. */
export async function createNamedProduct(
  token: string,
  p: { en: string; ku: string; categoryId: string; price?: number; quantity?: number; reorderLevel?: number },
): Promise<NamedProduct> {
  const input = {
    sku: `INV-${unique()}`,
    barcode: uniqueBarcode(),
    name: { en: p.en, ku: p.ku },
    category: p.categoryId,
    price: p.price ?? 2.5,
    cost: 1.25,
    quantity: p.quantity ?? 12,
    reorderLevel: p.reorderLevel ?? 3,
  };
  const body: any = ok(await api('/products', { token, body: input }), `create product ${p.en}`);
  return { _id: (body.data ?? body)._id, sku: input.sku, barcode: input.barcode, name: input.name, price: input.price };
}

/** Opens the product list (optionally searched) and waits for its table or its empty state. */
export async function openInventory(page: Page, query = ''): Promise<void> {
  await page.goto(`${BASE_URL}/inventory/products${query}`);
  await page.waitForSelector('[data-testid=products-table], [data-testid=inventory-empty]');
}

/** The SKUs of the table's rows, top to bottom. */
export function rowSkus(page: Page): Promise<string[]> {
  return page.locator('[data-testid=product-row]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-sku') ?? ''));
}

/** Waits until the table shows exactly these SKUs (in any order). */
export async function waitForSkus(page: Page, skus: string[]): Promise<void> {
  const want = [...skus].sort().join(',');
  await page.waitForFunction(
    (w) =>
      [...document.querySelectorAll('[data-testid=product-row]')]
        .map((r) => r.getAttribute('data-sku'))
        .sort()
        .join(',') === w && !document.querySelector('.table-scroll.is-fetching'),
    want,
  );
}

/** The downloaded file as text: UTF-8, byte-order mark checked and removed; lines without the trailing newline. */
export async function downloadedCsv(download: Download): Promise<{ bom: boolean; lines: string[]; name: string }> {
  const bytes = await downloadedBytes(download);
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const text = bytes.subarray(bom ? 3 : 0).toString('utf8');
  return { bom, lines: text.split(/\r?\n/).filter((l) => l !== ''), name: download.suggestedFilename() };
}
