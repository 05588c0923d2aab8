/// <reference lib="dom" />
// A carton and a weighed item sold at the till, in English and in Kurdish: the carton found by its own barcode at its
// own price taking 12 cans from stock; minced meat weighed by hand (1.250 kg) and read from a scale label; a misread
// label refused in Kurdish.
import { describe, expect, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { buildScaleLabel, DEFAULT_SCALE_LABEL_RULE, ean13CheckDigit, weighedGross } from '@dukan/contracts';
import {
  api,
  browserSession,
  createCategory,
  createUser,
  eventually,
  getProduct,
  openTill,
  saleByInvoice,
  scan,
  signIn,
  switchLanguage,
} from '../support.js';

jest.setTimeout(240_000);

const tag = () => `${Date.now().toString().slice(-7)}${Math.floor(Math.random() * 90 + 10)}`;

async function product(token: string, body: Record<string, unknown>): Promise<any> {
  const res = await api('/products', { token, body });
  if (res.status !== 201) throw new Error(`create product: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data ?? res.body;
}

async function payCash(page: Page): Promise<string> {
  await page.keyboard.press('F4');
  await page.click('[data-testid=pick-guest]');
  await page.waitForSelector('[data-testid=tendered]');
  await page.fill('[data-testid=tendered]', '100');
  await page.click('[data-testid=confirm-sale]');
  await page.waitForSelector('[data-testid=final-receipt]');
  return (await page.textContent('[data-testid=invoice-number]'))!.trim();
}

describe('packs and weighed goods at the till (browser)', () => {
  const session = browserSession();

  it('sells a carton of 12 and 1.250 kg of meat in English, then a scale label in Kurdish', async () => {
    const admin = session.adminToken;
    const categoryId = await createCategory(admin);
    const t1 = tag();
    const cartonBarcode = `C${t1}`;
    const cola = await product(admin, {
      sku: `COLA-${t1}`,
      barcode: `CAN${t1}`,
      name: { en: `Cola can ${t1}`, ku: `کۆلا ${t1}` },
      category: categoryId,
      price: 0.75,
      cost: 0.4,
      quantity: 48,
      packs: [{ barcode: cartonBarcode, units: 12, price: 8, name: { en: 'Carton', ku: 'کارتۆن' } }],
    });
    const scaleCode = String(10_000 + Math.floor(Math.random() * 89_999));
    const meat = await product(admin, {
      sku: `MEAT-${t1}`,
      barcode: `MEAT${t1}`,
      name: { en: `Minced beef ${t1}`, ku: `گۆشتی هاڕاو ${t1}` },
      category: categoryId,
      price: 12.99,
      cost: 8,
      quantity: 20_000,
      soldBy: 'weight',
      scaleCode,
    });
    // The shop's scale prints 21 + 5-digit item code + 5-digit grams + check.
    const rule = { ...DEFAULT_SCALE_LABEL_RULE, enabled: true, prefix: '21', codeDigits: 5, value: 'weight' as const };
    expect((await api('/settings/general', { token: admin, method: 'PUT', body: { scaleLabel: rule } })).status).toBe(200);
    try {
      const cashier = await createUser(admin, 'cashier');
      const page = await (await session.browser.newContext({ viewport: { width: 1366, height: 800 } })).newPage();
      await signIn(page, cashier.username, cashier.password);
      await openTill(page);

      // English: the carton by its barcode, the meat by name and a typed weight.
      await page.click('[data-testid=pos-search]');
      await scan(page, cartonBarcode);
      await page.waitForSelector('[data-testid=line-pack]');
      expect(await page.textContent('[data-testid=line-pack]')).toBe('Carton × 12');
      expect(await page.textContent('[data-testid=cart-line] [data-testid=line-total]')).toBe('$8.00');
      await page.fill('[data-testid=pos-search]', `Minced beef ${t1}`);
      await page.keyboard.press('Enter');
      await page.waitForSelector('[data-testid=weigh-dialog]');
      await page.fill('[data-testid=weigh-kg]', '1.25');
      await page.click('[data-testid=weigh-confirm]');
      await page.waitForSelector('[data-testid=line-weight]');
      expect(await page.textContent('[data-testid=line-weight]')).toBe('1.250 kg');
      const meatCents = weighedGross(1299, 1250); // $16.24
      expect(await page.textContent('[data-testid=total]')).toBe(`$${((800 + meatCents) / 100).toFixed(2)}`);
      await page.screenshot({ path: 'test-results/e2e/packs-weighed-en.png' }).catch(() => undefined);
      const invoice = await payCash(page);
      const sale = await saleByInvoice(admin, invoice);
      expect(
        sale.items.map((i: any) => ({
          q: i.quantity,
          pack: Boolean(i.packId),
          units: i.unitsPerQuantity,
          weighed: i.weighed,
          sub: i.subtotal,
        })),
      ).toEqual([
        { q: 1, pack: true, units: 12, weighed: false, sub: 8 },
        { q: 1250, pack: false, units: 1, weighed: true, sub: meatCents / 100 },
      ]);
      await eventually(async () => (await getProduct(admin, cola._id)).quantity === 36, 'the carton takes 12 cans');
      await eventually(async () => (await getProduct(admin, meat._id)).quantity === 18_750, 'the meat takes 1,250 g');

      // Kurdish: a scale label read into a weighed line; a misread one refused in Kurdish.
      await page.click('[data-testid=new-sale]');
      await switchLanguage(page, 'ku');
      await page.click('[data-testid=pos-search]');
      const label = buildScaleLabel('21', scaleCode, '00500', false);
      const body = label.slice(0, 12);
      const misread = body + String((ean13CheckDigit(body) + 1) % 10);
      await scan(page, misread);
      await page.locator('[data-testid=toast]', { hasText: 'ئەم لیبڵی تەرازووە بە هەڵە خوێنرایەوە (ژمارەی پشکنینی هەڵەیە)' }).waitFor();
      expect(await page.locator('[data-testid=cart-line]').count()).toBe(0);
      await scan(page, label);
      await page.waitForSelector('[data-testid=line-weight]');
      expect(await page.textContent('[data-testid=line-weight]')).toBe('0.500 کگم');
      await page.screenshot({ path: 'test-results/e2e/packs-weighed-ku.png' }).catch(() => undefined);
      const kuInvoice = await payCash(page);
      const kuSale = await saleByInvoice(admin, kuInvoice);
      expect(kuSale.items[0]).toMatchObject({ quantity: 500, weighed: true, subtotal: weighedGross(1299, 500) / 100 });
      await eventually(async () => (await getProduct(admin, meat._id)).quantity === 18_250, 'the label takes 500 g');
      await page.click('[data-testid=new-sale]');
      await switchLanguage(page, 'en');
      await page.context().close();
    } finally {
      await api('/settings/general', { token: admin, method: 'PUT', body: { scaleLabel: DEFAULT_SCALE_LABEL_RULE } });
    }
  });
});
