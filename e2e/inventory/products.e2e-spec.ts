/// <reference lib="dom" />
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { en, ku } from '../../frontend/src/features/inventory/texts.js';
import { adminPassword, api, artifact, browserSession, createUser, kurdishLeaks, signIn, unique } from '../support.js';
import {
  createCategoryNamed,
  createNamedProduct,
  downloadedCsv,
  openInventory,
  rowSkus,
  waitForSkus,
  type NamedProduct,
} from './support-inventory.js';

jest.setTimeout(120_000);

const tag = unique();
const session = browserSession();
let adminPage: Page;
const cat: Record<string, string> = {};
const prod: Record<string, NamedProduct> = {};
const labels: NamedProduct[] = [];

const chip = (page: Page, id: string) => page.locator(`[data-testid=category-chip][data-category-id="${id}"]`).first();

beforeAll(async () => {
  // Pantry ─┬─ Spices ── Pepper
  //         └─ Oils
  // Garden
  cat.pantry = await createCategoryNamed(session.adminToken, `Pantry ${tag}`, `کۆگا ${tag}`);
  cat.spices = await createCategoryNamed(session.adminToken, `Spices ${tag}`, `بەهارات ${tag}`, cat.pantry);
  cat.pepper = await createCategoryNamed(session.adminToken, `Pepper ${tag}`, `بیبەر ${tag}`, cat.spices);
  cat.oils = await createCategoryNamed(session.adminToken, `Oils ${tag}`, `ڕۆن ${tag}`, cat.pantry);
  cat.garden = await createCategoryNamed(session.adminToken, `Garden ${tag}`, `باخچە ${tag}`);
  prod.a = await createNamedProduct(session.adminToken, {
    en: `Inv${tag} A flour`,
    ku: `ئارد ${tag}`,
    categoryId: cat.pantry,
    quantity: 40,
  });
  prod.b = await createNamedProduct(session.adminToken, {
    en: `Inv${tag} B cumin`,
    ku: `زیرە ${tag}`,
    categoryId: cat.spices,
    quantity: 8,
  });
  prod.c = await createNamedProduct(session.adminToken, {
    en: `Inv${tag} C black pepper`,
    ku: `بیبەری ڕەش ${tag}`,
    categoryId: cat.pepper,
    quantity: 2,
  });
  prod.d = await createNamedProduct(session.adminToken, {
    en: `Inv${tag} D olive oil`,
    ku: `ڕۆنی زەیتوون ${tag}`,
    categoryId: cat.oils,
    quantity: 1,
    reorderLevel: 0,
  });
  prod.e = await createNamedProduct(session.adminToken, {
    en: `Inv${tag} E shovel`,
    ku: `خاکەناس ${tag}`,
    categoryId: cat.garden,
    quantity: 15,
  });
  cat.labels = await createCategoryNamed(session.adminToken, `Labels ${tag}`, `لیبل ${tag}`);
  for (let i = 1; i <= 22; i++) {
    const n = String(i).padStart(2, '0');
    labels.push(
      await createNamedProduct(session.adminToken, { en: `Lbl${tag} ${n}`, ku: `لیبل ${n}`, categoryId: cat.labels, price: i + 0.5 }),
    );
  }
  adminPage = await (await session.browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  await signIn(adminPage, 'admin', adminPassword());
});

describe('inventory product list (browser)', () => {
  it('filters by a parent category and shows its descendants’ products; deselecting a sub-category removes it', async () => {
    const page = adminPage;
    await openInventory(page, `?q=Inv${tag}`);
    await waitForSkus(
      page,
      [prod.a, prod.b, prod.c, prod.d, prod.e].map((p) => p.sku),
    );

    await chip(page, cat.pantry).click();
    await waitForSkus(
      page,
      [prod.a, prod.b, prod.c, prod.d].map((p) => p.sku),
    );
    expect(page.url()).toContain(`cat=${cat.pantry}`);
    const sub = page.locator('[data-testid=subcategory-chips]');
    expect(await sub.locator('[data-testid=category-chip]').allInnerTexts()).toEqual([
      `Oils ${tag}`,
      `Spices ${tag}`,
      `Spices ${tag} › Pepper ${tag}`,
    ]); // by name, children after their parent
    expect(await sub.locator('[aria-pressed=true]').count()).toBe(3);
    // rows in name order, numbered from 1; stock badges by status
    expect(await rowSkus(page)).toEqual([prod.a, prod.b, prod.c, prod.d].map((p) => p.sku));
    expect(await page.locator('[data-testid=stock-badge]').allInnerTexts()).toEqual([
      'In stock · 40',
      'In stock · 8',
      'Low stock · 2',
      'In stock · 1',
    ]);
    await page.screenshot({ path: artifact('inventory-filter-en.png'), fullPage: true });

    // Dropping "Oils" leaves Pantry partly chosen: only the Spices branch remains.
    await sub.locator(`[data-category-id="${cat.oils}"]`).click();
    await waitForSkus(
      page,
      [prod.b, prod.c].map((p) => p.sku),
    );
    expect(await chip(page, cat.pantry).getAttribute('aria-pressed')).toBe('mixed');

    // Dropping "Spices" removes Pepper with it: nothing chosen is the whole list again.
    await sub.locator(`[data-category-id="${cat.spices}"]`).click();
    await waitForSkus(
      page,
      [prod.a, prod.b, prod.c, prod.d, prod.e].map((p) => p.sku),
    );
    expect(await page.locator('[data-testid=category-chip-all]').getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('[data-testid=subcategory-chips]').count()).toBe(0);

    // Two parents at once.
    await chip(page, cat.pantry).click();
    await chip(page, cat.garden).click();
    await waitForSkus(
      page,
      [prod.a, prod.b, prod.c, prod.d, prod.e].map((p) => p.sku),
    );
    await chip(page, cat.pantry).click();
    await waitForSkus(page, [prod.e.sku]);
  });

  it('pages 20 at a time and exports labels for a row range as a CSV, with the range rules', async () => {
    const page = adminPage;
    await openInventory(page, `?q=Lbl${tag}`);
    await waitForSkus(
      page,
      labels.slice(0, 20).map((p) => p.sku),
    );
    expect(await page.textContent('[data-testid=inventory-count]')).toBe('Showing 1–20 of 22 products');
    await page.click('nav.pagination button[aria-label="Page 2"]');
    await waitForSkus(
      page,
      labels.slice(20).map((p) => p.sku),
    );
    expect(await page.locator('[data-testid=row-number]').allInnerTexts()).toEqual(['21', '22']);

    await page.click('[data-testid=export-labels]');
    const modal = page.locator('[data-testid=export-labels-modal]');
    await modal.waitFor();
    expect(await modal.locator('[data-testid=export-row-count]').textContent()).toContain('22 rows');
    const tryRange = async (start: string, end: string) => {
      await modal.locator('[data-testid=export-start]').fill(start);
      await modal.locator('[data-testid=export-end]').fill(end);
      await modal.locator('[data-testid=export-submit]').click();
      return (await modal.locator('[data-testid=export-problem]').textContent()) ?? '';
    };
    expect(await tryRange('5', '3')).toBe('Start row must be less than or equal to end row');
    expect(await tryRange('0', '3')).toBe('Please enter valid row numbers');
    expect(await tryRange('x', '3')).toBe('Please enter valid row numbers');
    expect(await tryRange('19', '23')).toBe('Row numbers must be between 1 and 22');

    await modal.locator('[data-testid=export-start]').fill('19');
    await modal.locator('[data-testid=export-end]').fill('22');
    const [download] = await Promise.all([page.waitForEvent('download'), modal.locator('[data-testid=export-submit]').click()]);
    const csv = await downloadedCsv(download);
    expect(csv.name).toBe('barcodes.csv');
    expect(csv.bom).toBe(true);
    expect(csv.lines).toEqual([
      'Name (English),Name (Kurdish),SKU,Barcode,Price (USD)',
      ...labels.slice(18, 22).map((p) => `${p.name.en},${p.name.ku},${p.sku},${p.barcode},${p.price.toFixed(2)}`),
    ]);
    await modal.waitFor({ state: 'detached' });
    expect(await page.textContent('.toaster')).toContain('4 labels exported');

    // Ticked products: row 21 on this page and row 2 on the first, in the order ticked.
    await page.locator('[data-testid=product-row]').first().locator('[data-testid=select-row]').check();
    await page.click('nav.pagination button[aria-label="Page 1"]');
    await waitForSkus(
      page,
      labels.slice(0, 20).map((p) => p.sku),
    );
    await page.locator('[data-testid=product-row]').nth(1).locator('[data-testid=select-row]').check();
    expect(await page.textContent('[data-testid=selection-bar]')).toContain('2 selected');
    await page.click('[data-testid=export-labels]');
    await modal.waitFor();
    expect(await modal.locator('[data-testid=export-mode-selected]').isChecked()).toBe(true);
    const [second] = await Promise.all([page.waitForEvent('download'), modal.locator('[data-testid=export-submit]').click()]);
    const picked = await downloadedCsv(second);
    expect(picked.lines.slice(1).map((l) => l.split(',')[2])).toEqual([labels[20]!.sku, labels[1]!.sku]);
  });

  it('deletes a product after confirmation; the dialog says so and closes by itself', async () => {
    const page = adminPage;
    const doomed = await createNamedProduct(session.adminToken, { en: `Del${tag} kettle`, ku: `کتری ${tag}`, categoryId: cat.garden });
    await openInventory(page, `?q=Del${tag}`);
    await waitForSkus(page, [doomed.sku]);
    await page.click('[data-testid=delete-product]');
    const dialog = page.locator('[data-testid=delete-dialog]');
    expect(await dialog.textContent()).toContain(`Are you sure you want to delete "Del${tag} kettle"?`);
    await dialog.locator('[data-testid=confirm]').click();
    await dialog.locator('.form-success').waitFor();
    const shownAt = Date.now();
    expect(await dialog.locator('.form-success').textContent()).toBe('Product deleted successfully');
    await dialog.waitFor({ state: 'detached', timeout: 5_000 });
    const openFor = Date.now() - shownAt;
    expect(openFor).toBeGreaterThan(1_000);
    expect(openFor).toBeLessThan(4_000);
    await page.waitForSelector('[data-testid=inventory-empty]');
    expect(await page.textContent('[data-testid=inventory-empty]')).toContain('No products match your search or filters.');
    expect((await api(`/products/${doomed._id}`, { token: session.adminToken })).status).toBe(404);
  });

  it('shows a cashier the list without add, edit, delete or label controls', async () => {
    const cashier = await createUser(session.adminToken, 'cashier');
    const page = await (await session.browser.newContext()).newPage();
    await signIn(page, cashier.username, cashier.password);
    await openInventory(page, `?q=Inv${tag}`);
    await waitForSkus(
      page,
      [prod.a, prod.b, prod.c, prod.d, prod.e].map((p) => p.sku),
    );
    for (const id of ['export-labels', 'add-product', 'add-category', 'edit-product', 'delete-product', 'select-row']) {
      expect(await page.locator(`[data-testid=${id}]`).count()).toBe(0);
    }
    await page.context().close();
  });

  it('reads in Kurdish, right to left, for a manager whose language is Kurdish', async () => {
    const manager = await createUser(session.adminToken, 'manager', 'ku');
    const page = await (await session.browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
    await signIn(page, manager.username, manager.password);
    await openInventory(page, `?q=Inv${tag}`);
    await waitForSkus(
      page,
      [prod.a, prod.b, prod.c, prod.d, prod.e].map((p) => p.sku),
    );
    await chip(page, cat.pantry).click();
    await waitForSkus(
      page,
      [prod.a, prod.b, prod.c, prod.d].map((p) => p.sku),
    );
    expect(await page.textContent('h1')).toBe(ku.title);
    expect(await page.locator('[data-testid=stock-badge]').first().textContent()).toBe(
      ku.stock.units.replace('{{status}}', ku.stock.in).replace('{{count}}', '٤٠'),
    );
    expect(await kurdishLeaks(page, [en], [ku])).toEqual([]);
    await page.screenshot({ path: artifact('inventory-list-ku.png'), fullPage: true });

    await page.click('[data-testid=export-labels]');
    await page.locator('[data-testid=export-labels-modal]').waitFor();
    await page.locator('[data-testid=export-start]').fill('٣');
    await page.locator('[data-testid=export-end]').fill('٩');
    await page.click('[data-testid=export-submit]');
    expect(await page.textContent('[data-testid=export-problem]')).toBe('ژمارەی ڕیزەکان دەبێت لە نێوان ١ و ٤ دابن');
    expect(await kurdishLeaks(page, [en], [ku])).toEqual([]);
    await page.screenshot({ path: artifact('inventory-export-ku.png') });
    await page.keyboard.press('Escape');

    await page.locator('[data-testid=delete-product]').first().click();
    await page.locator('[data-testid=delete-dialog]').waitFor();
    expect(await kurdishLeaks(page, [en], [ku])).toEqual([]);
    await page.screenshot({ path: artifact('inventory-delete-ku.png') });
    await page.context().close();
  });
});
