import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { translate } from '@dukan/contracts';
import type { ServiceTestApp } from '@dukan/testing';
import { PdfRenderer } from '../src/exports/pdf-renderer.js';
import { reportHtml } from '../src/exports/pdf-html.js';
import { startReporting } from './fixtures.js';
import { firstInkBlock, firstPage, pdfInfo, pdfText } from './pdf-image.js';
import { publishShop } from './report-shop.js';

let t: ServiceTestApp;
beforeAll(async () => {
  t = await startReporting();
  await publishShop(t);
}, 60_000);
afterAll(() => t.close());

async function download(path: string, token = t.tokens.admin, language = 'en') {
  const headers = { ...t.gatewayHeaders, authorization: `Bearer ${token}`, 'accept-language': language };
  const res = await fetch(`${t.url}${path}`, { headers });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

const MARCH = 'startDate=2026-03-01&endDate=2026-03-31';

describe('CSV', () => {
  it('has a byte-order mark, one section per table, numbers as numbers and neutralised text', async () => {
    const res = await download(`/api/reports/sales/export/csv?${MARCH}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="sales-report.csv"');
    expect([...res.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.body.subarray(3).toString('utf8').split('\r\n');
    expect(lines.slice(0, 4)).toEqual(['Sales report', 'Dukan Test Shop', '"Mar 01, 2026 to Mar 31, 2026"', 'Amounts in USD']);
    const section = (title: string) => lines.slice(lines.indexOf(title) + 1, lines.indexOf('', lines.indexOf(title)));
    expect(section('Summary')).toEqual([
      'Figure,Value',
      'Total sales,50.50',
      'Transactions,5',
      'Average order value,10.10',
      'Gross profit,23.00',
      'Paid expenses,40.00',
      'Net profit,-17.00',
    ]);
    expect(section('Sales by date')).toEqual([
      'Date,Total,Transactions,Profit',
      '2026-03-09,9.00,2,5.00',
      '2026-03-10,47.50,2,20.50',
      '2026-03-11,36.50,3,16.00',
      '2026-03-12,-42.50,-2,-18.50',
    ]);
    const products = section('Top products');
    expect(products[0]).toBe('Name,SKU,Quantity,Weight (kg),Revenue,Profit');
    expect(products).toContain(`"Coffee, dark",'=HACK(),1,,12.50,5.50`); // sold 4, voided 2, refunded 1; not weighed
    // Every sale paid in dollars cash: eight sales less the two voided; two refunds handed back $5.00 and $12.50.
    expect(section('Takings by payment method')).toEqual([
      'Payment method,Payments,Taken (USD),Taken (IQD),Refunds,Refunded (USD),Refunded (IQD)',
      'Cash,6,68.00,0,2,17.50,0',
    ]);
  });

  it('writes the inventory with every product and Kurdish labels', async () => {
    const res = await download('/api/reports/inventory/export/csv', t.tokens.manager, 'ku');
    const text = res.body.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe('ڕاپۆرتی کۆگا');
    expect(text).toContain('کۆگا بەپێی پۆل\r\nپۆل,کاڵاکان,بڕ,کێش (کگم),بەها\r\nخواردنەوە,2,55,0.000,312.50');
    expect(text).toContain(`قاوە,'=HACK(),خواردنەوە,5,,12.50,7.00,62.50,35.00`);
  });
});

describe('Excel', () => {
  it('one sheet per table, typed cells, money formatted, right to left in Kurdish', async () => {
    const res = await download(`/api/reports/staff/export/xlsx?${MARCH}`, t.tokens.admin, 'ku');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="staff-report.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ArrayBuffer);
    const tr = (key: string) => translate('ku', key);
    expect(book.worksheets.map((s) => s.name)).toEqual(
      ['summary', 'staffSales', 'staffActivity', 'activityTimeline', 'staffExpenses'].map((k) => tr(`report.section.${k}`)),
    );
    for (const sheet of book.worksheets) expect(sheet.views[0]).toMatchObject({ rightToLeft: true });
    const timeline = book.getWorksheet(tr('report.section.activityTimeline'))!;
    expect(timeline.getRow(1).values).toEqual([
      undefined,
      tr('report.field.date'),
      tr('report.field.totalSales'),
      tr('report.field.transactions'),
      tr('report.field.activeStaff'),
    ]);
    const first = timeline.getRow(2);
    expect(first.getCell(1).value).toEqual(new Date('2026-03-09T00:00:00Z'));
    expect(first.getCell(2).value).toBe(9);
    expect(first.getCell(2).numFmt).toBe('"$"#,##0.00;-"$"#,##0.00');
    expect(first.getCell(3).value).toBe(2);
    const expenses = book.getWorksheet(tr('report.section.staffExpenses'))!;
    expect(expenses.getRow(2).values).toEqual([
      undefined,
      'EXP-2',
      new Date('2026-03-12T00:00:00Z'),
      'Karwan Aziz',
      'Water',
      tr('report.expenseCategory.utilities'),
      15,
      tr('report.expenseStatus.pending'),
      'Water for the shop',
    ]);
  });

  it('IQD amounts in whole dinars with their own format', async () => {
    const res = await download(`/api/reports/sales/export/xlsx?${MARCH}&currency=IQD`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ArrayBuffer);
    const summary = book.worksheets[0]!;
    expect(summary.views[0]).toMatchObject({ rightToLeft: false });
    expect(summary.getRow(2).getCell(2).value).toBe(73_225); // $50.50, each sale at its own 1450 (not today's 1500)
    expect(summary.getRow(2).getCell(2).numFmt).toBe('#,##0" IQD";-#,##0" IQD"');
    // The takings keep each currency's own format, whatever the report's.
    const takings = book.worksheets.find((w) => w.name === translate('en', 'report.section.takingsByTender'))!;
    expect(takings.getRow(2).getCell(3).value).toBe(68);
    expect(takings.getRow(2).getCell(3).numFmt).toBe('"$"#,##0.00;-"$"#,##0.00');
    expect(takings.getRow(2).getCell(4).numFmt).toBe('#,##0" IQD";-#,##0" IQD"');
  });
});

describe('PDF', () => {
  const SLOW = 60_000;

  it(
    'an A4 report with the shop, the range, the summary, the charts and the tables',
    async () => {
      const res = await download(`/api/reports/sales/export/pdf?${MARCH}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="sales-report.pdf"');
      expect(pdfInfo(res.body)['Page size']).toMatch(/^59[45]\.\d+ x 841\.\d+ pts \(A4\)/);
      const text = pdfText(res.body);
      for (const expected of [
        'Sales report',
        'Dukan Test Shop · Mar 01, 2026 to Mar 31, 2026',
        'Total sales',
        '$50.50',
        'Net profit',
        '-$17.00',
        'Sales by date',
        'Top products',
        'Takings by payment method',
        'Coffee, dark',
        '=HACK()',
        'Mar 12, 2026',
      ]) {
        expect(text).toContain(expected);
      }
    },
    SLOW,
  );

  it(
    'in Kurdish: the text is Kurdish, set right to left, its letters joined as Sorani is written',
    async () => {
      const res = await download(`/api/reports/sales/export/pdf?${MARCH}`, t.tokens.admin, 'ku');
      const title = translate('ku', 'report.title.sales');
      const text = pdfText(res.body).replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, ''); // bidi marks pdftotext adds
      expect(text).toContain(title);
      expect(text).toContain('قاوە');
      expect(text).toContain('٥٠٫٥٠'); // 50.50 in Arabic-Indic digits
      const fonts = execFileSync('pdffonts', ['-'], { input: res.body, encoding: 'utf8' });
      expect(fonts).toMatch(/NotoSansArabic/);

      const page = firstPage(res.body);
      const box = firstInkBlock(page)!;
      // Right to left: the title starts at the right margin (12 mm = 47 px at 100 dpi) and leaves the left half empty.
      expect(page.width - box.right).toBeLessThan(60);
      expect(box.left).toBeGreaterThan(page.width / 2);
      // Joined letters: the same title with its letters kept apart (a zero-width non-joiner between them) prints wider.
      const renderer = t.app.get(PdfRenderer, { strict: false });
      {
        const apart = [...title].join('\u200c');
        const html = (h1: string) =>
          reportHtml(
            {
              type: 'sales',
              locale: 'ku',
              currency: 'USD',
              timeZone: 'Asia/Baghdad',
              title: h1,
              storeName: 'Dukan Test Shop',
              rangeText: '',
              generatedAt: new Date().toISOString(),
              summary: [],
              charts: [],
              tables: [],
            },
            10,
          );
        const same = firstInkBlock(firstPage(await renderer.render(html(title), new AbortController().signal)))!;
        const separate = firstInkBlock(firstPage(await renderer.render(html(apart), new AbortController().signal)))!;
        const width = (b: typeof box) => b.right - b.left;
        expect(Math.abs(width(box) - width(same))).toBeLessThanOrEqual(2);
        expect(width(separate)).toBeGreaterThan(width(box) * 1.1);
      }
    },
    SLOW,
  );

  it(
    'prints at most two at once; the third waits its turn, and one that gives up leaves the queue',
    async () => {
      const renderer = t.app.get(PdfRenderer, { strict: false }); // PDF_CONCURRENCY 2 by default
      {
        const html = '<html><body><h1>Dukan</h1></body></html>';
        const positions: number[] = [];
        const jobs = [0, 1, 2].map(() => renderer.render(html, new AbortController().signal));
        const quitting = new AbortController();
        const quitter = renderer.render(html, quitting.signal, (p) => positions.push(p));
        expect([renderer.active, renderer.waiting]).toEqual([2, 2]);
        expect(positions).toEqual([2]);
        quitting.abort(new Error('cancelled'));
        await expect(quitter).rejects.toThrow('cancelled');
        expect(renderer.waiting).toBe(1);
        for (const pdf of await Promise.all(jobs)) expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
        expect([renderer.active, renderer.waiting]).toEqual([0, 0]);
      }
    },
    SLOW,
  );
});

describe('progress', () => {
  it('the user who started an export can follow it to the end; nobody else can', async () => {
    const id = randomUUID();
    const res = await download(`/api/reports/customers/export/xlsx?exportId=${id}`);
    expect(res.status).toBe(200);
    const seen = await t.get(`/api/reports/exports/${id}`, { token: t.tokens.admin });
    expect(seen.body).toEqual({ exportId: id, type: 'customers', format: 'xlsx', state: 'done', progress: 1, position: 0 });
    expect((await t.get(`/api/reports/exports/${id}`, { token: t.tokens.manager })).status).toBe(404);
    expect((await t.get(`/api/reports/exports/${randomUUID()}`, { token: t.tokens.admin })).status).toBe(404);
  });

  it('refuses a bad range before sending anything, and a cashier altogether', async () => {
    const bad = await download('/api/reports/sales/export/pdf?startDate=2026-04-01&endDate=2026-03-01');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body.toString()).errors.startDate).toEqual({ message: 'The start date must not be after the end date' });
    expect((await download('/api/reports/sales/export/csv', t.tokens.cashier)).status).toBe(403);
  });
});

describe('an inventory of thousands of products', () => {
  const MANY = 4_321; // more than two of the batches an export reads at a time
  beforeAll(async () => {
    await t.dataSource().query(
      `INSERT INTO products (product_id, sku, name, category_id, price_cents, cost_cents, active, reorder_level, version, created_at, stock_total)
       SELECT 'bulk-' || g, 'BULK-' || lpad(g::text, 5, '0'), jsonb_build_object('en', 'Bulk item ' || g, 'ku', 'کاڵا ' || g), NULL,
              100 + g, 50, true, 2, 1, now(), g % 5
         FROM generate_series(1, ${MANY}) g`,
    );
  });
  afterAll(() => t.dataSource().query(`DELETE FROM products WHERE product_id LIKE 'bulk-%'`));

  /** The CSV's section of `title`: its rows after the header, up to the empty line. */
  const section = (text: string, title: string) => {
    const lines = text.split('\r\n');
    const from = lines.indexOf(title) + 2;
    return lines.slice(from, lines.indexOf('', from));
  };

  it('the spreadsheets list every product and every low-stock item, by value and by urgency', async () => {
    const live = Number((await t.dataSource().query(`SELECT count(*) AS n FROM products WHERE deleted_at IS NULL`))[0].n);
    const low = Number(
      (await t.dataSource().query(`SELECT count(*) AS n FROM products WHERE deleted_at IS NULL AND stock_total <= reorder_level`))[0].n,
    );
    const csv = (await download('/api/reports/inventory/export/csv')).body.subarray(3).toString('utf8');
    const products = section(csv, 'Products');
    expect(products).toHaveLength(live);
    expect(new Set(products.map((l) => l.split(',')[1])).size).toBe(live); // none twice
    // Most valuable first (the shop's own products have no comma-free guarantee; the bulk ones do).
    const bulk = products.filter((l) => l.startsWith('Bulk item ')).map((l) => l.split(','));
    expect(bulk).toHaveLength(MANY);
    const values = bulk.map((cells) => Number(cells[7]));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(bulk[0]!.slice(0, 2)).toEqual(['Bulk item 4319', 'BULK-04319']); // 4 in stock at $44.19
    expect(section(csv, 'Low stock')).toHaveLength(low);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download('/api/reports/inventory/export/xlsx')).body as unknown as ArrayBuffer);
    const sheet = book.worksheets.find((s) => s.name === 'Products')!;
    expect(sheet.rowCount).toBe(live + 1);
    const skus = (sheet.getColumn(2).values as unknown[]).slice(2);
    expect(new Set(skus).size).toBe(live);
  });

  it('the PDF shows the first rows and says how many there are in all', async () => {
    const live = Number((await t.dataSource().query(`SELECT count(*) AS n FROM products WHERE deleted_at IS NULL`))[0].n);
    const text = pdfText((await download('/api/reports/inventory/export/pdf')).body);
    expect(text).toContain(`The first 100 of ${live.toLocaleString('en')} rows`);
  });
});
