import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { translate } from '@dukan/contracts';
import type { ServiceTestApp } from '@dukan/testing';
import { envelope, product, startReporting } from './fixtures.js';
import { completedEvent, line, madeSale, refundEvent } from './report-fixtures.js';
import { pdfText } from './pdf-image.js';

// A butcher's minced beef sold by weight (grams at a price and cost per kg), a can sold alone and in cartons of 12,
// and a price label of the beef: the reports count units and kilograms apart, never grams as units.

const CASHIER = randomUUID();
const BEEF = randomUUID();
const COLA = randomUUID();
const DAY = '2026-05-12';
const RANGE = `startDate=${DAY}&endDate=${DAY}`;

let t: ServiceTestApp;
beforeAll(async () => {
  t = await startReporting();
  await t.bus.publish(
    envelope(
      'dukan.catalog.product.created.v1',
      product({
        productId: BEEF,
        sku: 'BEEF',
        name: { en: 'Minced beef', ku: 'گۆشتی هاڕاو' },
        priceCents: 1299,
        costCents: 800,
        soldBy: 'weight',
        quantity: 20_000,
      }),
    ),
  );
  await t.bus.publish(
    envelope(
      'dukan.catalog.product.created.v1',
      product({ productId: COLA, sku: 'COLA', name: { en: 'Cola can', ku: 'کۆلا' }, priceCents: 75, costCents: 40, quantity: 48 }),
    ),
  );
  // 1.250 kg typed at the till ($16.24 at $12.99 a kg), 2 cans, a carton of 12 cans ($8.00), and a price label of
  // beef for $6.50 (500 g at that price).
  const beef = { ...line(BEEF, 1250, 1299, 800), subtotalCents: 1624, weighed: true };
  const cans = line(COLA, 2, 75, 40);
  const carton = { ...line(COLA, 1, 800, 40), packId: randomUUID(), unitsPerQuantity: 12 };
  const label = { ...line(BEEF, 1, 650, 800), unitsPerQuantity: 500 };
  const sale = madeSale(`${DAY}T09:00:00Z`, CASHIER, null, [beef, cans, carton, label]);
  await t.bus.publish(completedEvent(sale));
  // 250 g of the beef brought back the same day.
  const refund = refundEvent(sale, `${DAY}T11:00:00Z`, CASHIER, [{ lineIndex: 0, quantity: 250 }]);
  await t.bus.publish({
    ...refund,
    data: { ...refund.data, lines: [{ ...refund.data.lines[0]!, amountCents: 325 }], amountCents: 325, fullyRefunded: false },
  });
}, 60_000);
afterAll(() => t.close());

async function download(path: string, language = 'en') {
  const headers = { ...t.gatewayHeaders, authorization: `Bearer ${t.tokens.admin}`, 'accept-language': language };
  const res = await fetch(`${t.url}${path}`, { headers });
  return Buffer.from(await res.arrayBuffer());
}

describe('weighed goods and packs in the sales report', () => {
  it('shows the beef in kilograms (1.250 - 0.250 + 0.500) and the cans in units (2 + 12), at each one’s own cost', async () => {
    const d = (await t.get(`/api/reports/sales?${RANGE}`, { token: t.tokens.admin })).body.data;
    const byId = Object.fromEntries(d.topProducts.map((p: { _id: string }) => [p._id, p]));
    // Cost per kg: 1.5 kg of beef at $8.00 a kg is $12.00 (1,000 g at 800 is 800, 500 g is 400); 14 cans at $0.40.
    expect(byId[BEEF]).toMatchObject({ soldBy: 'weight', quantity: 1.5, revenue: 19.49, profit: 7.49 });
    expect(byId[COLA]).toMatchObject({ soldBy: 'unit', quantity: 14, revenue: 9.5, profit: 3.9 });
    expect(d.summary.grossProfit).toBe(11.39);
  });

  it('keeps the inventory’s units and kilograms apart, a kilogram at its price', async () => {
    const d = (await t.get('/api/reports/inventory', { token: t.tokens.admin })).body.data;
    // 20,000 g of beef at $12.99 a kg ($8.00 cost) and 48 cans at $0.75 ($0.40).
    expect(d.summary).toMatchObject({
      totalQuantity: 48,
      totalWeightKg: 20,
      totalInventoryValue: 259.8 + 36,
      totalInventoryCost: 160 + 19.2,
    });
    expect(d.categoryInventory).toEqual([expect.objectContaining({ quantity: 48, weightKg: 20, value: 295.8 })]);
    const byId = Object.fromEntries(d.products.map((p: { _id: string }) => [p._id, p]));
    expect(byId[BEEF]).toMatchObject({ soldBy: 'weight', quantity: 20, value: 259.8, costValue: 160, reorderLevel: 0.01 });
    expect(byId[COLA]).toMatchObject({ soldBy: 'unit', quantity: 48, value: 36, costValue: 19.2, reorderLevel: 10 });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download('/api/reports/inventory/export/xlsx')) as unknown as ArrayBuffer);
    const sheet = book.worksheets.find((w) => w.name === translate('en', 'report.section.products'))!;
    expect((sheet.getRow(1).values as unknown[]).slice(4, 6)).toEqual(['Quantity', 'Weight (kg)']);
    expect([2, 3].map((n) => (sheet.getRow(n).values as unknown[]).slice(1, 6))).toEqual([
      ['Minced beef', 'BEEF', 'Uncategorised', undefined, 20],
      ['Cola can', 'COLA', 'Uncategorised', 48, undefined],
    ]);
  });

  it('puts units and kilograms in columns of their own in Excel, with the kilograms to 3 decimals', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download(`/api/reports/sales/export/xlsx?${RANGE}`)) as unknown as ArrayBuffer);
    const sheet = book.worksheets.find((w) => w.name === translate('en', 'report.section.topProducts'))!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['Name', 'SKU', 'Quantity', 'Weight (kg)', 'Revenue', 'Profit']);
    const rows = [2, 3].map((n) => (sheet.getRow(n).values as unknown[]).slice(1, 5));
    expect(rows).toEqual([
      ['Minced beef', 'BEEF', undefined, 1.5],
      ['Cola can', 'COLA', 14, undefined],
    ]);
    expect(sheet.getRow(2).getCell(4).numFmt).toBe('#,##0.000');
  });

  it('prints the kilograms with 3 decimals in the PDF, in English and in Kurdish', async () => {
    const en = pdfText(await download(`/api/reports/sales/export/pdf?${RANGE}`));
    expect(en).toContain('Weight (kg)');
    expect(en).toMatch(/Minced beef[^\n]*1\.500/);
    const ku = pdfText(await download(`/api/reports/sales/export/pdf?${RANGE}`, 'ku'));
    expect(ku).toContain('کێش');
    expect(ku).toMatch(/١٫٥٠٠|1\.500/);
  }, 60_000);
});
