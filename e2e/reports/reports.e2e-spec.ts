/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { REPORT_PRESETS, type ReportPreset } from '@dukan/contracts';
import { en as catalogueEn } from '../../frontend/src/i18n/en.js';
import { ku as catalogueKu } from '../../frontend/src/i18n/ku.js';
import { presetRange, shopToday } from '../../frontend/src/features/reports/lib/date-range.js';
import {
  downloadedBytes,
  adminPassword,
  api,
  artifact,
  BASE_URL,
  browserSession,
  createCategory,
  createCustomer,
  createProduct,
  createUser,
  eventually,
  kurdishLeaks,
  sellViaApi,
  signIn,
  type SeededProduct,
} from '../support.js';

jest.setTimeout(240_000);

describe('reports (browser)', () => {
  const session = browserSession();
  let kettle: SeededProduct;

  beforeAll(async () => {
    const categoryId = await createCategory(session.adminToken);
    // Dear enough to lead the top products of the day, whatever else the other browser tests sell on the same app.
    kettle = await createProduct(session.adminToken, { en: 'Kettle', ku: 'کەتڵی', price: 900, quantity: 40, categoryId });
    const customer = await createCustomer(session.adminToken);
    await sellViaApi(session.adminToken, [{ product: kettle, quantity: 2 }], customer._id);
    await sellViaApi(session.adminToken, [{ product: kettle, quantity: 1 }]);
    // Reporting hears of the sales a moment later.
    await eventually(async () => {
      const r = await api('/reports/sales', { token: session.adminToken });
      return r.body?.data?.topProducts?.some((p: { _id: string; quantity: number }) => p._id === kettle._id && p.quantity === 3);
    }, 'the sales to reach reporting');
  });

  async function open(username: string, password: string): Promise<Page> {
    const context = await session.browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, username, password);
    return page;
  }

  /** Clicks an export button and reads the file the browser saves. */
  async function exportFile(page: Page, format: 'pdf' | 'csv' | 'xlsx'): Promise<{ name: string; body: Buffer }> {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(`[data-testid=export-${format}]`)]);
    const body = await downloadedBytes(download);
    await page.waitForSelector('[data-testid=export-status][data-phase=done]');
    return { name: download.suggestedFilename(), body };
  }

  it('a manager opens Reports from the dashboard, goes through every preset and tab, and sees the sales made', async () => {
    const page = await open('admin', adminPassword());
    await page.click('a[href="/reports"]:has-text("View reports")');
    await page.waitForURL('**/reports');
    await page.waitForSelector('[data-testid=summary-totalSales]');
    await page.waitForLoadState('networkidle'); // the shop's time zone has arrived and the first range is settled
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/reports/sales?')) asked.push(r.url());
    });
    // The shop's days (Asia/Baghdad unless settings say otherwise), whatever the time zone of this machine.
    const today = () => shopToday('Asia/Baghdad');
    const seen = new Set([JSON.stringify(presetRange('last7days', today()))]);
    for (const preset of [...REPORT_PRESETS.filter((p) => p !== 'last7days'), 'last7days'] as ReportPreset[]) {
      await page.click(`[data-testid=preset-${preset}]`);
      const { startDate, endDate } = presetRange(preset, today());
      await page.waitForSelector(`[data-testid=preset-${preset}][aria-pressed=true]`);
      const want = await api(
        `/reports/sales?${new URLSearchParams({ ...(startDate ? { startDate } : {}), ...(endDate ? { endDate } : {}) })}`,
        { token: session.adminToken },
      );
      await page.waitForFunction(
        (text) => document.querySelector('[data-testid=summary-totalTransactions]')?.textContent?.includes(text) ?? false,
        String(want.body.data.summary.totalTransactions),
      );
      // A range is asked for once; one seen before (last 7 days, from the first load) comes from the 5-minute cache.
      const requested = asked.filter(
        (u) => new URL(u).searchParams.get('startDate') === startDate && new URL(u).searchParams.get('endDate') === endDate,
      );
      expect(requested).toHaveLength(seen.has(JSON.stringify({ startDate, endDate })) ? 0 : 1);
      seen.add(JSON.stringify({ startDate, endDate }));
    }
    const top = page.locator('[data-testid=table-topProducts] tr', { hasText: kettle.name.en });
    await top.waitFor();
    expect(await page.locator('[data-testid=chart-salesByDate] svg .recharts-bar-rectangle').count()).toBeGreaterThan(0);
    await page.screenshot({ path: artifact('reports-sales-en.png'), fullPage: true });

    for (const [tab, card] of [
      ['inventory', 'totalInventoryValue'],
      ['staff', 'totalHours'],
      ['customers', 'activeCustomers'],
    ] as const) {
      await page.click(`[data-testid=tab-${tab}]`);
      await page.waitForSelector(`[data-testid=report-${tab}] [data-testid=summary-${card}]`);
      expect(await page.locator(`[data-testid=report-${tab}] .chart svg`).count()).toBeGreaterThan(0);
      await page.screenshot({ path: artifact(`reports-${tab}-en.png`), fullPage: true });
    }
    await page.waitForSelector(`[data-testid=table-topCustomers] tr`);
    // All time: new customers month by month, a bar for the month they joined.
    await page.click('[data-testid=preset-allTime]');
    await page.waitForSelector('[data-testid=preset-allTime][aria-pressed=true]');
    await page.locator('[data-testid=chart-newCustomers] .recharts-bar-rectangle').first().waitFor();
    await page.click('[data-testid=tab-inventory]');
    await page.locator('[data-testid=table-products] tr', { hasText: kettle.name.en }).first().waitFor();
    await page.context().close();
  });

  it('exports the sales report as PDF, CSV and Excel, and the files read back right; a slow export can be cancelled', async () => {
    const page = await open('admin', adminPassword());
    await page.goto(`${BASE_URL}/reports?tab=sales`);
    await page.waitForSelector('[data-testid=summary-totalSales]');
    await page.click('[data-testid=preset-today]');
    await page.locator('[data-testid=table-topProducts] tr', { hasText: kettle.name.en }).waitFor();

    const csv = await exportFile(page, 'csv');
    expect(csv.name).toBe('sales-report.csv');
    expect([...csv.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // Sold by the unit: 3 in the quantity, nothing in the weight column (kg is for weighed goods).
    expect(csv.body.toString('utf8')).toContain(`${kettle.name.en},${kettle.sku},3,,2700.00`);

    const xlsx = await exportFile(page, 'xlsx');
    expect(xlsx.name).toBe('sales-report.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Summary', 'Sales by date', 'Top products', 'Takings by payment method']);
    const row = book
      .getWorksheet('Top products')!
      .getRows(2, 50)!
      .find((r) => r.getCell(2).value === kettle.sku)!;
    expect([row.getCell(3).value, row.getCell(4).value ?? null, row.getCell(5).value]).toEqual([3, null, 2700]);

    const pdf = await exportFile(page, 'pdf');
    expect(pdf.name).toBe('sales-report.pdf');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.body, encoding: 'utf8' });
    expect(text).toContain('Sales report');
    expect(text).toContain(kettle.name.en);

    // Hold the next PDF request a moment, so there is time to cancel it.
    await page.route('**/export/pdf**', async (route) => {
      await new Promise((r) => setTimeout(r, 3000));
      await route.continue().catch(() => undefined);
    });
    await page.click('[data-testid=export-pdf]');
    await page.waitForSelector('[data-testid=export-status][data-phase=working]');
    await page.click('[data-testid=export-cancel]');
    await page.waitForSelector('[data-testid=export-status][data-phase=cancelled]');
    expect(await page.textContent('[data-testid=export-status]')).toContain('Export cancelled');
    await page.context().close();
  });

  it('in Kurdish: right to left, Kurdish texts and digits, and a Kurdish PDF and right-to-left workbook', async () => {
    const manager = await createUser(session.adminToken, 'manager', 'ku');
    const page = await open(manager.username, manager.password);
    await page.goto(`${BASE_URL}/reports?tab=sales`);
    await page.waitForSelector('[data-testid=summary-totalSales]');
    await page.click('[data-testid=preset-today]');
    await page.locator('[data-testid=table-topProducts] tr', { hasText: kettle.name.ku }).waitFor();
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.textContent('h1')).toBe('ڕاپۆرتەکان');
    expect(await page.textContent('[data-testid=summary-totalTransactions]')).toMatch(/[٠-٩]/);
    expect(await kurdishLeaks(page, [catalogueEn], [catalogueKu])).toEqual([]);
    await page.screenshot({ path: artifact('reports-sales-ku.png'), fullPage: true });

    const pdf = await exportFile(page, 'pdf');
    // pdftotext marks right-to-left runs with bidi controls; the words between them are what a reader sees.
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.body, encoding: 'utf8' }).replace(
      /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
      '',
    );
    expect(text).toContain('ڕاپۆرتی فرۆشتن');
    expect(text).toContain('کەتڵی'); // the product's Kurdish name (its Latin tag is laid out apart from it)
    expect(text).toContain(kettle.sku);

    for (const tab of ['inventory', 'staff', 'customers'] as const) {
      await page.click(`[data-testid=tab-${tab}]`);
      await page.waitForSelector(`[data-testid=report-${tab}] .stat-card`);
      // The staff table lists people by name: the first admin is called "Admin User", which is data, not an English text.
      expect(await kurdishLeaks(page, [catalogueEn], [catalogueKu, { first: 'Admin', last: 'User' }])).toEqual([]);
    }
    const xlsx = await exportFile(page, 'xlsx');
    expect(xlsx.name).toBe('customers-report.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.views[0]).toMatchObject({ rightToLeft: true });
    expect(book.worksheets.map((s) => s.name)).toContain('باشترین کڕیاران');
    await page.context().close();
  });
});
