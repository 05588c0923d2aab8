/// <reference lib="dom" />
import { describe, expect, it, jest } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { en, ku } from '../../frontend/src/features/product-form/texts.js';
import {
  adminPassword,
  artifact,
  BASE_URL,
  browserSession,
  createCategory,
  createProduct,
  createUser,
  kurdishLeaks,
  signIn,
  unique,
  uniqueBarcode,
} from '../support.js';
import { fillProduct, openAddProduct, productBySku, submitAndCapture } from './support-product-form.js';

jest.setTimeout(120_000);

describe('product form and add category (browser)', () => {
  const session = browserSession();

  async function adminPage(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, 'admin', adminPassword());
    return { context, page };
  }

  async function addCategory(page: Page, nameEn: string, nameKu: string, parentPath: string[] = []): Promise<void> {
    await page.goto(`${BASE_URL}/inventory/categories/add`);
    await page.waitForSelector('[data-testid=parent-level-0]');
    await page.fill('[data-testid=category-name-en]', nameEn);
    await page.fill('[data-testid=category-name-ku]', nameKu);
    for (const [level, name] of parentPath.entries()) await page.selectOption(`[data-testid=parent-level-${level}]`, { label: name });
    await page.click('[data-testid=category-submit]');
    expect(await page.textContent('[data-testid=form-success]')).toContain('Category added successfully.');
    // The form clears, then the product list follows after 2 seconds.
    expect(await page.inputValue('[data-testid=category-name-en]')).toBe('');
    await page.waitForURL(`${BASE_URL}/inventory/products`, { timeout: 5000 });
  }

  it('adds a category tree and a product through the forms, merges a batch by SKU and shows the cost history', async () => {
    const { context, page } = await adminPage();
    const tag = unique();
    const parent = `Drinks ${tag}`;
    const child = `Tea ${tag}`;
    await addCategory(page, parent, `خواردنەوە ${tag}`);
    await addCategory(page, child, `چا ${tag}`, [parent]);

    // The product, in the child category chosen level by level.
    const barcode = await openAddProduct(page);
    expect(barcode).toMatch(/^9990001\d{6}$/);
    expect(await page.locator('[data-testid=category-level-1]').count()).toBe(0);
    const sku = `PF-${tag}`;
    await fillProduct(page, {
      sku,
      nameEn: `Black tea ${tag}`,
      nameKu: `چای ڕەش ${tag}`,
      categoryPath: [parent, child],
      price: '4.50',
      cost: '2.10',
      quantity: '10',
    });
    expect(await page.textContent('[data-testid=category-path]')).toBe(`Selected: ${parent} > ${child}`);
    const first = await submitAndCapture(page);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ sku, barcode, price: 4.5, cost: 2.1, quantity: 10, isNewBarcode: true });
    expect(await page.textContent('[data-testid=form-success]')).toContain('Product added successfully.');
    await page.waitForURL(`${BASE_URL}/inventory/products`, { timeout: 5000 });
    const created = await productBySku(session.adminToken, sku);
    expect(created.quantity).toBe(10);
    expect(created.category.name.en).toBe(child);

    // A second batch: copy the product (search from 2 characters), the form explains the merge before saving.
    await openAddProduct(page);
    await page.fill('[data-testid=copy-search]', 'P');
    await page.waitForSelector('text=Type at least 2 characters to search.');
    await page.fill('[data-testid=copy-search]', sku);
    await page.click('[data-testid=copy-result] [data-testid=copy-use]');
    expect(await page.inputValue('[data-testid=input-barcode]')).toBe(barcode);
    expect(await page.inputValue('[data-testid=input-quantity]')).toBe('1');
    await page.waitForSelector('[data-testid=merge-notice]');
    expect(await page.textContent('[data-testid=merge-notice]')).toContain('Saving will not create a new product');
    expect(await page.textContent('[data-testid=category-path]')).toBe(`Selected: ${parent} > ${child}`);
    await page.screenshot({ path: artifact('product-form-en-merge.png') });
    await page.fill('[data-testid=input-quantity]', '5');
    await page.fill('[data-testid=input-cost]', '3.00');
    const second = await submitAndCapture(page);
    expect(second.status).toBe(200);
    expect(await page.textContent('[data-testid=form-success]')).toContain(
      'A product with this SKU already exists: the quantity was added to it as a new cost batch.',
    );
    await page.waitForURL(`${BASE_URL}/inventory/products`, { timeout: 5000 });
    const merged = await productBySku(session.adminToken, sku);
    expect(merged._id).toBe(created._id);
    expect(merged.quantity).toBe(15);

    // The edit form: two batches, newest first, total = cost × quantity.
    await page.goto(`${BASE_URL}/inventory/products/edit/${created._id}`);
    await page.waitForSelector('[data-testid=cost-history-toggle]');
    expect(await page.textContent('[data-testid=category-path]')).toBe(`Selected: ${parent} > ${child}`);
    expect(await page.locator('[data-testid=cost-history-table]').count()).toBe(0);
    await page.click('[data-testid=cost-history-toggle]');
    const rows = page.locator('[data-testid=cost-row]');
    expect(await rows.count()).toBe(2);
    const cells = async (testId: string) => rows.locator(`[data-testid=${testId}]`).allTextContents();
    expect(await cells('cost-row-quantity')).toEqual(['5', '10']);
    expect(await cells('cost-row-cost')).toEqual(['$3.00', '$2.10']);
    expect(await cells('cost-row-total')).toEqual(['$15.00', '$21.00']);
    await page.screenshot({ path: artifact('product-form-en-edit.png'), fullPage: true });
    await page.click('[data-testid=cost-history-toggle]');
    expect(await page.locator('[data-testid=cost-history-table]').count()).toBe(0);

    // An edit saves and returns to the list; the stock count is left alone when untouched.
    await page.fill('[data-testid=input-price]', '4.75');
    await page.click('[data-testid=submit]');
    expect(await page.textContent('[data-testid=form-success]')).toContain('Product updated successfully.');
    await page.waitForURL(`${BASE_URL}/inventory/products`, { timeout: 5000 });
    const edited = await productBySku(session.adminToken, sku);
    expect(edited.price).toBe(4.75);
    expect(edited.quantity).toBe(15);
    await context.close();
  });

  it('generates, regenerates and clears the barcode, and sends isNewBarcode only for a generated one', async () => {
    const { context, page } = await adminPage();
    const categoryId = await createCategory(session.adminToken);
    const categories = (await (
      await fetch(`${BASE_URL}/api/categories/${categoryId}`, { headers: { authorization: `Bearer ${session.adminToken}` } })
    ).json()) as any;
    const generated = await openAddProduct(page);
    expect(await page.textContent('[data-testid=field-barcode]')).toContain('A new barcode was generated for this product.');
    expect(await page.textContent('[data-testid=barcode-generate]')).toBe('Regenerate');
    await page.click('[data-testid=barcode-generate]');
    await page.waitForFunction((old) => {
      const v = document.querySelector<HTMLInputElement>('[data-testid=input-barcode]')?.value ?? '';
      return v.length === 13 && v !== old;
    }, generated);
    const regenerated = await page.inputValue('[data-testid=input-barcode]');
    expect(regenerated).toMatch(/^9990001\d{6}$/);

    await page.click('[data-testid=barcode-clear]');
    expect(await page.inputValue('[data-testid=input-barcode]')).toBe('');
    expect(await page.textContent('[data-testid=barcode-generate]')).toBe('Generate');
    const tag = unique();
    await fillProduct(page, { sku: `BC-${tag}`, nameEn: `Soap ${tag}`, categoryPath: [categories.name.en], price: '1.25', cost: '0.60' });
    await page.click('[data-testid=submit]');
    expect(await page.textContent('[data-testid=error-barcode]')).toBe('This field is required');

    // A typed barcode is not a new one; a generated one is.
    const typed = uniqueBarcode();
    await page.fill('[data-testid=input-barcode]', typed);
    expect(await page.locator('[data-testid=error-barcode]').count()).toBe(0);
    await page.click('[data-testid=barcode-generate]');
    await page.waitForFunction(
      (old) => (document.querySelector<HTMLInputElement>('[data-testid=input-barcode]')?.value ?? '') !== old,
      typed,
    );
    const final = await page.inputValue('[data-testid=input-barcode]');
    const sent = await submitAndCapture(page);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ barcode: final, isNewBarcode: true });
    await context.close();
  });

  it("shows the server's error at form level (a barcode another product carries)", async () => {
    const { context, page } = await adminPage();
    const categoryId = await createCategory(session.adminToken);
    const existing = await createProduct(session.adminToken, { price: 2, quantity: 3, en: 'Existing', ku: 'هەبوو', categoryId });
    const category = (await (
      await fetch(`${BASE_URL}/api/categories/${categoryId}`, { headers: { authorization: `Bearer ${session.adminToken}` } })
    ).json()) as any;
    await openAddProduct(page);
    const tag = unique();
    await fillProduct(page, { sku: `ERR-${tag}`, nameEn: `Clash ${tag}`, categoryPath: [category.name.en], price: '2', cost: '1' });
    await page.fill('[data-testid=input-barcode]', existing.barcode);
    const sent = await submitAndCapture(page);
    expect(sent.status).toBe(409);
    expect(await page.textContent('[data-testid=form-error]')).toBe('This barcode already exists');
    expect(await page.textContent('[data-testid=error-barcode]')).toBe('This barcode already exists');
    expect(page.url()).toBe(`${BASE_URL}/inventory/products/add`);
    await page.screenshot({ path: artifact('product-form-en-error.png'), fullPage: true });
    await context.close();
  });

  it('reads entirely in Kurdish, right to left', async () => {
    const { username, password } = await createUser(session.adminToken, 'manager', 'ku');
    const categoryId = await createCategory(session.adminToken);
    const product = await createProduct(session.adminToken, { price: 3, quantity: 4, en: 'Lentils', ku: 'نیسک', categoryId });
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, username, password);

    await openAddProduct(page);
    await page.fill('[data-testid=copy-search]', 'ن');
    await page.click('[data-testid=submit]');
    await page.waitForSelector('[data-testid=form-error]');
    expect(await kurdishLeaks(page, [en], [ku])).toEqual([]);
    await page.screenshot({ path: artifact('product-form-ku-add.png'), fullPage: true });

    // Copying a product by its Kurdish name explains, in Kurdish, that saving adds a batch to it.
    await page.fill('[data-testid=copy-search]', product.name.ku);
    await page.click('[data-testid=copy-result] [data-testid=copy-use]');
    await page.waitForSelector('[data-testid=merge-notice]');
    expect(await page.inputValue('[data-testid=input-sku]')).toBe(product.sku);
    expect(await kurdishLeaks(page, [en], [ku])).toEqual([]);
    await page.screenshot({ path: artifact('product-form-ku-merge.png') });

    await page.goto(`${BASE_URL}/inventory/products/edit/${product._id}`);
    await page.click('[data-testid=cost-history-toggle]');
    await page.waitForSelector('[data-testid=cost-history-table]');
    expect(await kurdishLeaks(page, [en], [ku])).toEqual([]);
    await page.screenshot({ path: artifact('product-form-ku-edit.png'), fullPage: true });

    await page.goto(`${BASE_URL}/inventory/categories/add`);
    await page.waitForSelector('[data-testid=parent-level-0]');
    expect(await kurdishLeaks(page, [en], [ku])).toEqual([]);
    await page.screenshot({ path: artifact('product-form-ku-category.png'), fullPage: true });
    await context.close();
  });
});
