/// <reference lib="dom" />
// Every screen on a 390×844 phone and a 1366×768 laptop, in English and in Kurdish (right to left): the page never
// scrolls sideways and its heading is never cut off. One page session walks them all; a screenshot of each is kept
// under test-results/e2e/layout/.
import { describe, expect, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  api,
  artifact,
  BASE_URL,
  browserSession,
  createCategory,
  createCustomer,
  createProduct,
  login,
  scan,
  sellViaApi,
  signIn,
} from '../support.js';
import { registerUser } from '../staff/support-staff.js';

jest.setTimeout(600_000);

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 768 },
] as const;
const LANGUAGES = ['en', 'ku'] as const;

/** What is wrong with the page as it stands: sideways scrolling, or a main heading cut off or off screen. */
async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const width = window.innerWidth;
    const doc = document.documentElement;
    if (doc.scrollWidth > width + 1) {
      // Name the outermost elements that stick out, to say where to look.
      const out = [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && (r.right > width + 1 || r.left < -1);
        })
        .filter((el, _, all) => !all.includes(el.parentElement!))
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}[${el.dataset.testid ?? ''}]`);
      faults.push(`page scrolls sideways (${doc.scrollWidth}px in ${width}px: ${out.join(', ')})`);
    }
    const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1, main h2');
    if (heading) {
      const r = heading.getBoundingClientRect();
      if (r.left < -1 || r.right > width + 1) faults.push(`heading off screen (${Math.round(r.left)}…${Math.round(r.right)})`);
      if (heading.scrollWidth > heading.clientWidth + 1) faults.push('heading cut off');
    }
    return faults;
  });
}

/** Waits until the route has drawn: something in main, no spinner or busy list, and nothing changing for a moment. */
async function settle(page: Page, route: string): Promise<void> {
  await page
    .waitForFunction(
      () => {
        const main = document.querySelector('main');
        if (!main?.firstElementChild || document.querySelector('.spinner, [aria-busy=true]')) return false;
        const w = window as unknown as { layoutSignature?: number };
        const same = w.layoutSignature === main.innerHTML.length;
        w.layoutSignature = main.innerHTML.length;
        return same;
      },
      undefined,
      { polling: 120, timeout: 20_000 },
    )
    .catch(() => {
      throw new Error(`${route} did not settle`);
    });
}

/** The till's products are loaded and indexed (scans find them). */
async function tillReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      /[0-9\u0660-\u0669]/.test(document.querySelector('[data-testid=results-count]')?.textContent ?? '') &&
      !document.querySelector('[data-testid=results-count]')?.textContent?.includes('…'),
  );
}

/** Is the element wholly on screen? */
function inView(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
  }, selector);
}

/** Client-side navigation, as a link does: the app is not started again for every route. */
async function visit(page: Page, route: string): Promise<void> {
  await page.evaluate((r) => {
    window.history.pushState({}, '', r);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await page.waitForFunction((r) => window.location.pathname === r, route);
  await settle(page, route);
}

describe('every screen at 390 and 1366 px, in English and Kurdish (browser)', () => {
  const session = browserSession();

  it('never scrolls sideways and never cuts off a heading; the till keeps its total and checkout on a phone', async () => {
    const token = session.adminToken;
    const categoryId = await createCategory(token);
    const product = await createProduct(token, {
      price: 2.5,
      quantity: 40,
      en: 'Sunflower oil 1 litre family bottle',
      ku: 'ڕۆنی گوڵەبەڕۆژە ١ لیتری خێزانی',
      categoryId,
    });
    const customer = await createCustomer(token);
    const sale = await sellViaApi(token, [{ product, quantity: 2 }], customer._id);
    const admin = await registerUser(token, { role: 'admin', lastName: 'Layout' });
    const adminToken = await login(admin.username, admin.password);

    const routes = [
      '/',
      '/pos',
      '/inventory/products',
      '/inventory/products/add',
      `/inventory/products/edit/${product._id}`,
      '/inventory/categories/add',
      '/inventory/transfers',
      '/customers',
      '/staff',
      '/reports',
      '/expenses',
      '/expenses/add',
      '/transactions',
      `/transactions/${sale._id}`,
      '/settings',
      '/settings/general',
      '/settings/loyalty',
      '/settings/users',
      '/settings/branches',
      '/no-such-page',
    ];

    const context = await session.browser.newContext({ viewport: SIZES[0] });
    const page = await context.newPage();
    const faults: string[] = [];
    const check = async (label: string) => {
      for (const f of await layoutFaults(page)) faults.push(`${label}: ${f}`);
      await page.screenshot({ path: artifact(`layout/${label.replace(/[^a-z0-9-]+/gi, '_')}.jpeg`), type: 'jpeg', quality: 60 });
    };

    // The sign-in screen, in both languages and sizes.
    await page.goto(`${BASE_URL}/login`);
    for (const lang of LANGUAGES) {
      await page.click(`button[lang=${lang === 'ku' ? 'ckb' : 'en'}]`);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.waitForSelector('form');
        await check(`${lang}-${size.name}-login`);
      }
    }

    await page.setViewportSize(SIZES[1]);
    await signIn(page, admin.username, admin.password);
    for (const lang of LANGUAGES) {
      // The app takes the user's language when it starts.
      expect((await api('/auth/me/preferences', { token: adminToken, method: 'PUT', body: { languagePreference: lang } })).status).toBe(
        200,
      );
      await page.goto(`${BASE_URL}/`);
      await page.waitForFunction((l) => document.documentElement.lang === (l === 'ku' ? 'ckb' : 'en'), lang);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        for (const route of routes) {
          await visit(page, route);
          await check(`${lang}-${size.name}${route.replace(/[0-9a-f-]{36}/, 'id')}`);
          if (route === '/pos') await tillReady(page);
          if (route === '/pos' && size.name === 'phone') {
            // On a phone the cart is below the products: its total and the checkout stay on screen all the same.
            const bar = {
              total: await inView(page, '[data-testid=phone-total]'),
              checkout: await inView(page, '[data-testid=phone-checkout]'),
            };
            if (!bar.total || !bar.checkout) faults.push(`${lang}-phone/pos: total or checkout not on screen ${JSON.stringify(bar)}`);
            // A scan says so where the cashier looks.
            await scan(page, product.barcode);
            await page.waitForSelector('[data-testid=phone-last-added]');
            if (!(await inView(page, '[data-testid=phone-last-added]')))
              faults.push(`${lang}-phone/pos: a scan is not confirmed on screen`);
            await page.click('[data-testid=clear-cart]');
          }
          if (route === '/pos' && size.name === 'laptop') {
            // A toast (an unknown code scanned) stays off the cart and the customer box.
            await scan(page, '0000000000000');
            await page.waitForSelector('[data-testid=toast]');
            const overlap = await page.evaluate(() => {
              const a = document.querySelector('[data-testid=toast]')!.getBoundingClientRect();
              const b = document.querySelector('[data-testid=cart]')!.getBoundingClientRect();
              return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
            });
            if (overlap) faults.push(`${lang}-laptop/pos: a toast covers the cart`);
          }
          if (route === '/settings/branches' && size.name === 'laptop') {
            // The status column stays on screen in Kurdish too.
            const status = await page.evaluate(() => {
              const cell = document.querySelector('[data-testid=branch-status]');
              if (!cell) return 'missing';
              const r = cell.getBoundingClientRect();
              const table = cell.closest('.table-wrap, .panel, table')!.getBoundingClientRect();
              return r.width > 0 && r.left >= table.left - 1 && r.right <= table.right + 1 && r.left >= 0 && r.right <= window.innerWidth
                ? 'ok'
                : `cut (${Math.round(r.left)}…${Math.round(r.right)} in ${Math.round(table.left)}…${Math.round(table.right)})`;
            });
            if (status !== 'ok') faults.push(`${lang}-laptop/settings/branches: branch status ${status}`);
          }
        }
      }
    }
    await api('/auth/me/preferences', { token: adminToken, method: 'PUT', body: { languagePreference: 'en' } });
    await context.close();
    expect(faults).toEqual([]);
  });
});
