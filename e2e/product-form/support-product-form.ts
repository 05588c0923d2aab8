/// <reference lib="dom" />
// Helpers of the product-form browser tests.
import type { Page } from 'playwright-core';
import { api, BASE_URL } from '../support.js';

/** Opens the add-product form and waits until its generated barcode and the category tree are there. */
export async function openAddProduct(page: Page): Promise<string> {
  await page.goto(`${BASE_URL}/inventory/products/add`);
  await page.waitForSelector('[data-testid=product-form]');
  await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('[data-testid=input-barcode]')?.value ?? '').length === 13);
  await page.waitForSelector('[data-testid=category-level-0], [data-testid=no-categories]');
  return page.inputValue('[data-testid=input-barcode]');
}

export interface ProductInput {
  sku: string;
  nameEn: string;
  nameKu?: string;
  /** Category names, root first, as shown in the dropdowns. */
  categoryPath: string[];
  price: string;
  cost: string;
  quantity?: string;
}

/** Types a product into the open form and picks its category level by level. */
export async function fillProduct(page: Page, p: ProductInput): Promise<void> {
  await page.fill('[data-testid=input-sku]', p.sku);
  await page.fill('[data-testid=input-nameEn]', p.nameEn);
  if (p.nameKu) await page.fill('[data-testid=input-nameKu]', p.nameKu);
  for (const [level, name] of p.categoryPath.entries()) {
    await page.selectOption(`[data-testid=category-level-${level}]`, { label: name });
  }
  await page.fill('[data-testid=input-price]', p.price);
  await page.fill('[data-testid=input-cost]', p.cost);
  if (p.quantity) await page.fill('[data-testid=input-quantity]', p.quantity);
}

/** The JSON body of the next POST /api/products the page sends, with the answer's status. */
export async function submitAndCapture(page: Page): Promise<{ body: any; status: number }> {
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/products'),
    page.click('[data-testid=submit]'),
  ]);
  const response = await request.response();
  return { body: request.postDataJSON(), status: response?.status() ?? 0 };
}

/** The product with this SKU, read through the API. */
export async function productBySku(token: string, sku: string): Promise<any> {
  const r = await api(`/products/search/${encodeURIComponent(sku)}`, { token });
  const list: any[] = Array.isArray(r.body) ? r.body : r.body.data;
  const hit = list.find((p) => p.sku === sku);
  if (!hit) throw new Error(`no product ${sku}`);
  return (await api(`/products/${hit._id}`, { token })).body;
}
