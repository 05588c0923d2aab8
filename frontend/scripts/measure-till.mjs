// Measures the till in Chromium: time until usable after sign-in (first open) and on reopen, keystroke-to-results, scan-to-cart-line,
// and the gzipped JavaScript the till loads. Usage:
//   node frontend/scripts/measure-till.mjs [baseUrl] [username] [password] [cpuSlowdown]
// (defaults: DUKAN_URL or http://localhost:5000, admin, DUKAN_ADMIN_PASSWORD, 1). Prints one JSON object.
// A cpuSlowdown above 1 runs the page with Chromium's CPU throttled that many times (DevTools' Emulation
// domain), so a slow shop PC is measured on any machine.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const base = (process.argv[2] ?? process.env.DUKAN_URL ?? 'http://localhost:5000').replace(/\/$/, '');
const username = process.argv[3] ?? 'admin';
const password = process.argv[4] ?? process.env.DUKAN_ADMIN_PASSWORD;
const cpuSlowdown = Number(process.argv[5] ?? 1);
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

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });
const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
if (cpuSlowdown > 1) {
  // Held by the page's target across its navigations (the reopen below is measured at the same slowdown).
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
}
const scripts = new Map();
page.on('response', async (res) => {
  if (res.request().resourceType() === 'script') {
    try {
      scripts.set(res.url(), gzipSync(await res.body()).length);
    } catch {
      /* redirected or aborted */
    }
  }
});

await page.goto(`${base}/pos`);
await page.waitForSelector('input[name=username]');
await page.fill('input[name=username]', username);
await page.fill('input[name=password]', password ?? '');
const t0 = Date.now();
await page.click('[data-testid=login-submit]');
await page.waitForSelector('[data-testid=product-tile]', { timeout: 60_000 });
const gridMs = Date.now() - t0;
await page.waitForFunction(
  () =>
    /[0-9\u0660-\u0669]/.test(document.querySelector('[data-testid=results-count]')?.textContent ?? '') &&
    !document.querySelector('[data-testid=results-count]').textContent.includes('…'),
  null,
  { timeout: 60_000 },
);
const usableMs = Date.now() - t0;
const productCount = await page.evaluate(() => document.querySelector('[data-testid=results-count]').textContent);

// Keystroke to results on screen: from the keydown's timestamp to the frame after the count changes.
await page.evaluate(() => {
  const w = window;
  w.__marks = [];
  window.addEventListener('keydown', (e) => (w.__key = e.timeStamp), true);
  new MutationObserver(() => requestAnimationFrame(() => w.__marks.push(performance.now() - w.__key))).observe(
    document.querySelector('[data-testid=results-count]'),
    { childList: true, subtree: true, characterData: true },
  );
});
await page.click('[data-testid=pos-search]');
const searchTimes = [];
for (const ch of ['t', 'e', 'a', ' ', '1', '2']) {
  const before = await page.evaluate(() => window.__marks.length);
  await page.keyboard.type(ch, { delay: 120 });
  await page.waitForFunction((n) => window.__marks.length > n, before, { timeout: 5000 }).catch(() => undefined);
  const marks = await page.evaluate(() => window.__marks);
  if (marks.length > before) searchTimes.push(marks[marks.length - 1]);
  await page.waitForTimeout(150);
}
await page.fill('[data-testid=pos-search]', '');

// Scan to cart line: Enter's timestamp to the frame after the cart changes.
const barcode = await page.evaluate(
  () =>
    document.querySelector('[data-testid=product-tile] .tile-meta:nth-of-type(2)')?.textContent?.trim() ??
    document.querySelectorAll('[data-testid=product-tile] .tile-meta')[1]?.textContent?.trim(),
);
await page.evaluate(() => {
  const w = window;
  w.__muts = [];
  w.__enters = [];
  window.addEventListener('keydown', (e) => e.key === 'Enter' && w.__enters.push(e.timeStamp), true);
  // Only changes to the cart's lines count (a new line, a quantity, a line total).
  new MutationObserver((records) => {
    if (!records.some((r) => r.type === 'childList' || r.attributeName === 'value' || r.type === 'characterData')) return;
    const seen = performance.now();
    requestAnimationFrame(() => w.__muts.push([seen, performance.now()]));
  }).observe(document.querySelector('[data-testid=cart]'), { childList: true, subtree: true, attributes: true, characterData: true });
});
const scanTimes = [];
for (let i = 0; i < 5; i++) {
  await page.evaluate(() => {
    window.__muts = [];
    window.__enters = [];
  });
  await page.keyboard.type(barcode);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
  const took = await page.evaluate(() => {
    const enter = window.__enters.at(-1);
    const after = window.__muts.find(([seen]) => seen >= enter - 1);
    return after ? after[1] - enter : null;
  });
  if (took !== null) scanTimes.push(took);
}
await page.keyboard.press('Escape');
const lineQty = await page.evaluate(() => document.querySelector('[data-testid=line-quantity]')?.value);

// Reopened (the next page load): the till shows the catalogue kept in IndexedDB, then asks only what changed.
const usable = () =>
  page.waitForFunction(
    () =>
      /[0-9\u0660-\u0669]/.test(document.querySelector('[data-testid=results-count]')?.textContent ?? '') &&
      !document.querySelector('[data-testid=results-count]').textContent.includes('…'),
    null,
    { timeout: 60_000 },
  );
const t1 = Date.now();
await page.reload();
await usable();
const reopenMs = Date.now() - t1;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  JSON.stringify(
    {
      cpuSlowdown,
      products: productCount,
      gridVisibleAfterSignInMs: gridMs,
      usableAfterSignInMs: usableMs,
      reopenUsableMs: reopenMs,
      searchKeystrokeToResultsMs: { median: Math.round(median(searchTimes)), max: Math.round(Math.max(...searchTimes)) },
      scanToCartLineMs: { median: Math.round(median(scanTimes)), max: Math.round(Math.max(...scanTimes)) },
      scannedLineQuantity: lineQty,
      tillJavaScriptGzipKB: Math.round([...scripts.values()].reduce((a, b) => a + b, 0) / 102.4) / 10,
      scripts: [...scripts.keys()].map((u) => new URL(u).pathname),
    },
    null,
    2,
  ),
);
await browser.close();
