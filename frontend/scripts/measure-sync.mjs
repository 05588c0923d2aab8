// Measures how the till keeps up with the server, at whatever catalogue the server holds: the delta call (nothing
// changed, one product, a thousand), how long a price changed elsewhere takes to show in an open till, and how long
// an opened till takes to send 500 sales it kept while offline. Usage:
//   node frontend/scripts/measure-sync.mjs [baseUrl] [password]
// (defaults: DUKAN_URL or http://localhost:5000, DUKAN_ADMIN_PASSWORD). Prints one JSON object.
import { randomUUID } from 'node:crypto';
import { chromium } from 'playwright-core';

const base = (process.argv[2] ?? process.env.DUKAN_URL ?? 'http://localhost:5000').replace(/\/$/, '');
const password = process.argv[3] ?? process.env.DUKAN_ADMIN_PASSWORD;
const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const QUEUED = 500;

async function call(path, { token, method, body, headers } = {}) {
  const res = await fetch(`${base}/api${path}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(json)}`);
  // Lists, deltas and sign-in keep their envelope; a single record is given as itself.
  return json && typeof json === 'object' && 'data' in json && !('pagination' in json) && !('token' in json) ? json.data : json;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function timed(fn, times = 5) {
  const out = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return Math.round(median(out));
}

const token = (await call('/auth/login', { body: { username: 'admin', password } })).token;

// Products of this run's own, created through the API so every service knows them (the seed skips events).
const category = (await call('/categories', { token, body: { name: { en: `Sync ${Date.now()}`, ku: `هاوکات ${Date.now()}` } } }))._id;
const products = [];
for (let i = 0; i < 5; i++) {
  const tag = randomUUID().slice(0, 8);
  const saved = await call('/products', {
    token,
    body: {
      sku: `SYNC-${tag}`,
      barcode: `27${Date.now().toString().slice(-9)}${i}0`,
      name: { en: `Sync ${tag}`, ku: `هاوکات ${tag}` },
      category,
      price: 2.5,
      cost: 1,
      quantity: 100_000,
      reorderLevel: 1,
      discount: 0,
      isNewBarcode: true,
    },
  });
  products.push({ _id: saved._id, sku: `SYNC-${tag}`, name: `Sync ${tag}` });
}

// The delta call: since the current revision (nothing changed), after one change, after a thousand.
const revision = (await call('/products?since=1', { token })).revision;
const deltaNothingMs = await timed(() => call(`/products?since=${revision}`, { token }));
await call(`/products/${products[0]._id}`, { token, method: 'PUT', body: { price: 2.75 } });
const deltaOneMs = await timed(() => call(`/products?since=${revision}`, { token }));
const thousand = [];
for (let page = 1; thousand.length < 1000; page++) {
  const got = (await call(`/products?page=${page}&limit=100`, { token })).data;
  if (!got.length) break;
  thousand.push(...got);
}
for (let i = 0; i < thousand.length; i += 50) {
  await Promise.all(
    thousand
      .slice(i, i + 50)
      .map((p) => call(`/products/${p._id}`, { token, method: 'PUT', body: { reorderLevel: (p.reorderLevel ?? 0) + 1 } })),
  );
}
const thousandDelta = await call(`/products?since=${revision}`, { token });
const deltaThousandMs = await timed(() => call(`/products?since=${revision}`, { token }));

// An open till: a price changed elsewhere, until the till shows it.
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });
const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
await page.goto(`${base}/pos`);
await page.fill('input[name=username]', 'admin');
await page.fill('input[name=password]', password ?? '');
await page.click('[data-testid=login-submit]');
const usable = () =>
  page.waitForFunction(
    () =>
      /[0-9\u0660-\u0669]/.test(document.querySelector('[data-testid=results-count]')?.textContent ?? '') &&
      !document.querySelector('[data-testid=results-count]').textContent.includes('…'),
    null,
    { timeout: 120_000 },
  );
await usable();
await page.fill('[data-testid=pos-search]', products[1].sku);
await page.waitForSelector(`[data-testid=product-tile][data-sku="${products[1].sku}"]`);
const tile = `[data-testid=product-tile][data-sku="${products[1].sku}"]`;
const visible = [];
for (const price of [3.25, 3.5, 3.75]) {
  await page.waitForTimeout(500);
  const t = Date.now();
  await call(`/products/${products[1]._id}`, { token, method: 'PUT', body: { price } });
  await page.waitForFunction(([sel, text]) => document.querySelector(sel)?.textContent?.includes(text), [tile, price.toFixed(2)], {
    timeout: 30_000,
  });
  visible.push(Date.now() - t);
}

// 500 sales kept while offline, as the till keeps them (numbers from a block reserved for its register), then the
// till opened again: the time until every one is sent and the server holds them.
const block = await call('/transactions/invoice-blocks', { token, body: { register: 'main', size: QUEUED } });
const [prefix, firstNo] = [block.first.slice(0, -7), Number(block.first.slice(-7))];
const exchangeRate = (await call('/settings/exchange-rate', { token })).exchangeRate;
const madeAt = Date.now() - 60_000;
const sales = Array.from({ length: QUEUED }, (_, i) => {
  const p = products[2 + (i % 3)];
  const invoiceNumber = `${prefix}${String(firstNo + i).padStart(7, '0')}`;
  const createdAt = new Date(madeAt + i * 10).toISOString();
  return {
    key: randomUUID(),
    seq: i + 1,
    branch: null,
    invoiceNumber,
    createdAt,
    state: 'queued',
    body: {
      items: [
        {
          product: p._id,
          productSnapshot: { name: p.name, sku: p.sku, price: 2.5 },
          quantity: 1,
          unitPrice: 2.5,
          subtotal: 2.5,
          discount: 0,
          discountType: 'percentage',
        },
      ],
      subtotal: 2.5,
      discountType: 'percentage',
      discountValue: 0,
      discountAmount: 0,
      loyaltyDiscount: 0,
      total: 2.5,
      currency: 'USD',
      exchangeRate,
      paymentMethod: 'cash',
      paymentDetails: { amountTendered: 2.5, change: 0 },
      paymentStatus: 'paid',
      register: 'main',
      createdAt,
      reservedInvoiceNumber: invoiceNumber,
      madeOfflineAt: createdAt,
    },
  };
});
await page.evaluate(
  (queued) =>
    new Promise((resolve, reject) => {
      const open = indexedDB.open('dukan-till');
      open.onsuccess = () => {
        const tx = open.result.transaction('sales', 'readwrite');
        for (const sale of queued) tx.objectStore('sales').put(sale);
        tx.oncomplete = () => resolve(undefined);
        tx.onerror = () => reject(tx.error);
      };
      open.onerror = () => reject(open.error);
    }),
  sales,
);
const before = (await call(`/transactions?limit=1`, { token })).pagination?.total;
const t0 = Date.now();
await page.reload();
// Sent: no kept sale is waiting any more (a stored one leaves the browser; a refused one stays, marked).
const waiting = () =>
  page
    .evaluate(
      () =>
        new Promise((resolve) => {
          const open = indexedDB.open('dukan-till');
          open.onsuccess = () => {
            const all = open.result.transaction('sales').objectStore('sales').getAll();
            all.onsuccess = () => resolve(all.result.filter((s) => s.state === 'queued').length);
            all.onerror = () => resolve(-1);
          };
          open.onerror = () => resolve(-1);
        }),
    )
    .catch(() => -1);
while ((await waiting()) !== 0) {
  if (Date.now() - t0 > 600_000) throw new Error('the kept sales were not sent within 10 minutes');
  await new Promise((r) => setTimeout(r, 100));
}
const sendQueuedMs = Date.now() - t0;
const after = (await call(`/transactions?limit=1`, { token })).pagination?.total;
const refused = await page.locator('[data-testid=refused-sale]').count();
await browser.close();

console.log(
  JSON.stringify(
    {
      deltaCallMs: {
        nothingChanged: deltaNothingMs,
        oneProduct: deltaOneMs,
        thousandProducts: deltaThousandMs,
        thousandProductsChanged: thousandDelta.products.length,
      },
      priceChangeVisibleInOpenTillMs: { median: median(visible), max: Math.max(...visible) },
      queuedSales: {
        sent: QUEUED,
        sendAllMs: sendQueuedMs,
        perSaleMs: Math.round((sendQueuedMs / QUEUED) * 10) / 10,
        storedOnServer: after - before,
        refused,
      },
    },
    null,
    2,
  ),
);
