// Label sheets at their limit: 5,000 labels (names in English and Kurdish, prices in USD and IQD, an EAN-13 each)
// laid out on A4 3 × 8 sheets and printed to one PDF by the system Chromium, as POST /api/products/label-sheets
// does after reading the products. Target: under 10 s. Run it on its own with `npm run bench -- labels`.
//
//   BENCH_LABELS=5000 BENCH_LAYOUT=a4-3x8 node bench/labels/bench.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Chromium } from '../../libs/platform/dist/index.js';
import { labelSheetHtml } from '../../services/catalog/dist/labels/label-sheet-html.js';

const COUNT = Number(process.env.BENCH_LABELS ?? 5000);
const LAYOUT = process.env.BENCH_LAYOUT ?? 'a4-3x8';
const TARGET_MS = 10_000;

function ean13(n) {
  const body = String(6_260_000_000_00 + n).padStart(12, '0');
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return body + ((10 - (sum % 10)) % 10);
}

const products = Array.from({ length: COUNT }, (_, i) => ({
  name_en: `Sulaymaniyah Organic Yogurt ${i + 1} kg`,
  name_ku: `ماستی ئۆرگانیکی سلێمانی ${i + 1} کیلۆ`,
  sku: `SKU-${i}`,
  barcode: ean13(i),
  price_cents: 125 + ((i * 37) % 5000),
}));

const chromium = new Chromium({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const dir = mkdtempSync(join(tmpdir(), 'dukan-bench-labels-'));
try {
  const started = performance.now();
  const html = labelSheetHtml(products, {
    layout: LAYOUT,
    names: ['en', 'ku'],
    currencies: ['USD', 'IQD'],
    exchangeRate: 1450,
    iqdRounding: 250,
  });
  const laidOut = performance.now();
  const pdf = await chromium.withPage(async (page) => {
    await page.setContent(html, { waitUntil: 'load', timeout: 120_000 });
    return Buffer.from(await page.pdf({ preferCSSPageSize: true, printBackground: true, timeout: 300_000 }));
  });
  const done = performance.now();
  const file = join(dir, 'labels.pdf');
  writeFileSync(file, pdf);
  const pages = /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1] ?? '?';
  const total = done - started;
  console.log(`labels            ${COUNT} on ${LAYOUT}, ${pages} pages, ${(pdf.length / 1024 / 1024).toFixed(1)} MB`);
  console.log(`barcodes + HTML   ${(laidOut - started).toFixed(0)} ms`);
  console.log(`Chromium PDF      ${(done - laidOut).toFixed(0)} ms (browser start included)`);
  console.log(`total             ${total.toFixed(0)} ms (target under ${TARGET_MS} ms: ${total < TARGET_MS ? 'met' : 'NOT met'})`);
} finally {
  await chromium.close();
  rmSync(dir, { recursive: true, force: true });
}
