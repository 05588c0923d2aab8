// Label sheets at their limit: 5,000 labels (names in English and Kurdish, prices in USD and IQD, an EAN-13 each)
// laid out on A4 3 × 8 sheets and printed to one PDF by the system Chromium, as POST /api/products/label-sheets
// does after reading the products. Target: under 10 s. Run it on its own with `npm run bench -- labels`.
//
//   BENCH_LABELS=5000 BENCH_LAYOUT=a4-3x8 node bench/labels/bench.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
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
  price_iqd: null,
}));

/** CPU seconds used so far by this process's descendants (Chromium's processes), from /proc: a figure a busy machine barely moves. */
function chromiumCpuSeconds() {
  const procs = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(d), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) });
    } catch {
      // gone meanwhile
    }
  }
  let ticks = 0;
  for (const { ppid, ticks: t } of procs.values()) {
    let up = ppid;
    while (up && up !== process.pid && procs.has(up)) up = procs.get(up).ppid;
    if (up === process.pid) ticks += t;
  }
  return ticks / 100;
}

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
  // Chromium's CPU seconds for the page (read before the page closes, while its renderer is alive).
  let cpu = 0;
  let opened = 0;
  let loaded = 0;
  const pdf = await chromium.withPage(async (page) => {
    opened = performance.now();
    const cpuBefore = chromiumCpuSeconds();
    await page.setContent(html, { waitUntil: 'load', timeout: 120_000 });
    loaded = performance.now();
    const out = Buffer.from(await page.pdf({ preferCSSPageSize: true, printBackground: true, tagged: false, timeout: 300_000 }));
    cpu = chromiumCpuSeconds() - cpuBefore;
    return out;
  });
  const done = performance.now();
  const file = join(dir, 'labels.pdf');
  writeFileSync(file, pdf);
  const pages = /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1] ?? '?';
  const total = done - started;
  console.log(`labels            ${COUNT} on ${LAYOUT}, ${pages} pages, ${(pdf.length / 1024 / 1024).toFixed(1)} MB`);
  console.log(`barcodes + HTML   ${(laidOut - started).toFixed(0)} ms`);
  console.log(`browser start     ${(opened - laidOut).toFixed(0)} ms`);
  console.log(`setContent        ${(loaded - opened).toFixed(0)} ms`);
  console.log(`page.pdf          ${(done - loaded).toFixed(0)} ms`);
  console.log(`Chromium CPU      ${cpu.toFixed(1)} s for setContent + page.pdf`);
  console.log(
    `total             ${total.toFixed(0)} ms (target under ${TARGET_MS} ms: ${total < TARGET_MS ? 'met' : 'NOT met'}; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`,
  );
} finally {
  await chromium.close();
  rmSync(dir, { recursive: true, force: true });
}
