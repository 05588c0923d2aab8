/// <reference lib="dom" />
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { en, ku } from '../../frontend/src/features/inventory/texts.js';
import { adminPassword, api, artifact, browserSession, createUser, kurdishLeaks, signIn, unique, uniqueBarcode } from '../support.js';
import {
  createCategoryNamed,
  createNamedProduct,
  downloadedCsv,
  openInventory,
  waitForSkus,
  type NamedProduct,
} from './support-inventory.js';

jest.setTimeout(120_000);

const tag = unique();
const session = browserSession();
let categoryEn: string;
let existing: NamedProduct;

const HEADER = 'Name (English),Name (Kurdish),SKU,Barcode,Price (USD),Cost (USD),Quantity,Category';
const csv = (lines: string[]) => Buffer.from(`\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`, 'utf8');

/** Opens the dialog from the product list, chooses the file and imports it; waits until the import has finished. */
async function importFile(page: Page, name: string, content: Buffer): Promise<void> {
  await openInventory(page);
  await page.click('[data-testid=import-products]');
  await page.locator('[data-testid=import-file]').setInputFiles({ name, mimeType: 'text/csv', buffer: content });
  await page.click('[data-testid=import-submit]');
  await page.waitForSelector('[data-testid=import-job][data-state=done]');
}

/** The refused rows as the dialog lists them: [row, column, reason]. */
function refusedRows(page: Page): Promise<string[][]> {
  return page
    .locator('[data-testid=import-refused] tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim())));
}

beforeAll(async () => {
  categoryEn = `Import ${tag}`;
  const categoryId = await createCategoryNamed(session.adminToken, categoryEn, `هاوردە ${tag}`);
  existing = await createNamedProduct(session.adminToken, { en: `Imp${tag} existing tea`, ku: `چا ${tag}`, categoryId, quantity: 2 });
});

describe('product import (browser)', () => {
  it('imports a CSV through the dialog: refused rows with their reasons, progress to the end, new products in the list, a known SKU merged', async () => {
    const page = await (await session.browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
    await signIn(page, 'admin', adminPassword());
    const sku = (n: number) => `IMP-${tag}-${n}`;
    await importFile(
      page,
      'products.csv',
      csv([
        `Imp${tag} rice,برنج,${sku(1)},${uniqueBarcode()},4.25,3.00,10,${categoryEn}`,
        `Imp${tag} no price,,${sku(2)},${uniqueBarcode()},,1.00,1,${categoryEn}`,
        `Imp${tag} beans,فاسۆلیا,${sku(3)},${uniqueBarcode()},2,1.5,6,${categoryEn}`,
        `Imp${tag} existing tea,,${existing.sku},${existing.barcode},2.5,1.25,5,${categoryEn}`,
        `Imp${tag} toy,,${sku(5)},${uniqueBarcode()},9,5,1,Toys ${tag}`,
      ]),
    );

    expect(await page.locator('[data-testid=import-summary]').innerText()).toBe('5 rows in the file: 3 to import, 2 refused');
    expect(await refusedRows(page)).toEqual([
      ['3', 'Price (USD)', 'Please enter a valid number'],
      ['6', 'Category', `There is no category named "Toys ${tag}"`],
    ]);
    const bar = page.locator('[data-testid=import-progress]');
    expect([await bar.getAttribute('value'), await bar.getAttribute('max')]).toEqual(['3', '3']);
    expect(await page.locator('[data-testid=import-result]').innerText()).toBe(
      'Import finished: 2 products created, 1 added to existing products',
    );
    await page.screenshot({ path: artifact('inventory-import-en.png'), fullPage: true });

    await page.click('[data-testid=import-close]');
    await openInventory(page, `?q=Imp${tag}`);
    await waitForSkus(page, [sku(1), sku(3), existing.sku]);
    const merged = await api(`/products/${existing._id}`, { token: session.adminToken });
    expect(merged.body.quantity).toBe(7);
    expect(merged.body.costHistory).toHaveLength(2);
  });

  it('offers an empty template with every column the import reads', async () => {
    const page = await (await session.browser.newContext({ acceptDownloads: true })).newPage();
    await signIn(page, 'admin', adminPassword());
    await openInventory(page);
    await page.click('[data-testid=import-products]');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=import-template]')]);
    const file = await downloadedCsv(download);
    expect(file.name).toBe('products-template.csv');
    expect(file.bom).toBe(true);
    const template = 'Name (English),Name (Kurdish),SKU,Barcode,Price (USD),Price (IQD),Cost (USD),Quantity,Category';
    expect(file.lines).toEqual([`${template},Reorder level,Discount (%),Active,Description (English),Description (Kurdish)`]);
  });

  it('speaks Kurdish, right to left, with the reasons in Kurdish', async () => {
    const manager = await createUser(session.adminToken, 'manager', 'ku');
    const page = await (await session.browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
    await signIn(page, manager.username, manager.password);
    await importFile(
      page,
      'kala.csv',
      csv([
        `Imp${tag} salt,خوێ,IMPK-${tag}-1,${uniqueBarcode()},0.5,0.25,3,هاوردە ${tag}`,
        `Imp${tag} sugar,شەکر,IMPK-${tag}-2,${uniqueBarcode()},1,0.5,3,Toys ${tag}`,
      ]),
    );
    const refused = await refusedRows(page);
    expect(refused).toEqual([[expect.stringMatching(/^(3|٣)$/), 'Category', `هیچ پۆلێک بە ناوی «Toys ${tag}» نییە`]]);
    expect(await page.locator('[data-testid=import-result]').innerText()).toContain('هاوردەکردن تەواو بوو');
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('[data-testid=import-modal]')!).direction)).toBe('rtl');
    // A column is named as the file names it (here the English template header), whatever the reader's language.
    expect(await kurdishLeaks(page, [en], [ku, { fileHeader: 'Category' }])).toEqual([]);
    await page.screenshot({ path: artifact('inventory-import-ku.png'), fullPage: true });
  });
});
