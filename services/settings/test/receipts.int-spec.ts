// /api/settings/receipts, /api/settings/payments, /api/settings/till and printing to a register's ESC/POS printer.
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { PNG } from 'pngjs';
import puppeteer, { type Browser } from 'puppeteer-core';
import { startServiceApp, type ServiceTestApp } from '@dukan/testing';
import { loadSettingsConfig, SettingsModule } from '@dukan/settings';
import { readEscpos, type PrintedImage } from './escpos-raster.js';

let t: ServiceTestApp;
beforeAll(async () => {
  t = await startServiceApp({
    service: 'settings',
    module: (env) => SettingsModule.register(loadSettingsConfig({ ...env, PRINTER_TIMEOUT_MS: '1500' })),
  });
});
afterAll(() => t.close());

const outbox = async (type: string) =>
  (await t.dataSource().query(`SELECT data FROM outbox WHERE type = $1 ORDER BY seq`, [type])).map((r: { data: any }) => r.data);
const audits = async (action: string) =>
  (await t.dataSource().query(`SELECT details FROM audit_log WHERE action = $1 ORDER BY id`, [action])).map(
    (r: { details: any }) => r.details,
  );

/** A 2×1 PNG (one black dot, one white). */
const TINY_PNG = (() => {
  const png = new PNG({ width: 2, height: 1 });
  png.data.set([0, 0, 0, 255, 255, 255, 255, 255]);
  return PNG.sync.write(png);
})();

describe('receipt settings', () => {
  it('start as a shop that has set nothing: 80 mm paper, the usual fields, no logo, no printer', async () => {
    const res = await t.get('/api/settings/receipts', { token: t.tokens.cashier });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      storeName: 'Dukan',
      address: '',
      paperWidth: 80,
      fields: { customer: true, cashier: true, points: true, rate: true, invoiceBarcode: false },
      logo: null,
      printers: [],
    });
  });

  it('are changed by an admin only, audited and announced; the store name is the general setting', async () => {
    const change = {
      storeName: 'Shar Market',
      address: 'Salim St, Sulaymaniyah',
      phone: '+964 770 123 4567',
      taxNumber: 'TIN 12-345',
      header: { en: 'Welcome', ku: 'بەخێربێن' },
      footer: { en: 'No returns after 7 days', ku: 'دوای ٧ ڕۆژ گەڕاندنەوە نییە' },
      fields: { customer: false, cashier: true, points: false, rate: true, invoiceBarcode: true },
      paperWidth: 58,
      printers: [{ branchId: 'main', registerId: 'main', host: '127.0.0.1', port: 9100 }],
    };
    expect((await t.put('/api/settings/receipts', change, { token: t.tokens.manager })).status).toBe(403);
    const res = await t.put('/api/settings/receipts', change, { token: t.tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject(change);
    expect((await t.get('/api/settings/receipts', { token: t.tokens.cashier })).body.data).toMatchObject(change);
    expect((await t.get('/api/settings/general', { token: t.tokens.admin })).body.data.storeName).toBe('Shar Market');
    expect((await t.get('/internal/settings/shop', { headers: { 'x-dukan-internal': t.internalToken } })).body.storeName).toBe(
      'Shar Market',
    );

    const [event] = await outbox('dukan.settings.receipt.changed.v1');
    expect(event.changed).toEqual(expect.arrayContaining(['address', 'header', 'footer', 'fields', 'paperWidth', 'printers', 'storeName']));
    expect(event.settings.footer.ku).toBe('دوای ٧ ڕۆژ گەڕاندنەوە نییە');
    expect((await outbox('dukan.settings.settings.changed.v1')).at(-1)).toMatchObject({ storeName: 'Shar Market', changed: ['storeName'] });
    const [audit] = await audits('settings.receipt-changed');
    expect(audit.before.address).toBe('');
    expect(audit.after.address).toBe('Salim St, Sulaymaniyah');

    // The same settings again change nothing: no new event.
    await t.put('/api/settings/receipts', change, { token: t.tokens.admin });
    expect(await outbox('dukan.settings.receipt.changed.v1')).toHaveLength(1);
  });

  it('refuse what a receipt cannot hold', async () => {
    const bad = async (body: object) => (await t.put('/api/settings/receipts', body, { token: t.tokens.admin })).body;
    expect((await bad({ paperWidth: 70 })).errors).toHaveProperty('paperWidth');
    expect((await bad({ header: { en: 'x'.repeat(301), ku: '' } })).errors).toHaveProperty(['header.en']);
    expect((await bad({ printers: [{ branchId: 'main', registerId: 'nowhere', host: '10.0.0.9', port: 9100 }] })).errors).toHaveProperty([
      'printers.0.registerId',
    ]);
    expect((await bad({ printers: [{ branchId: 'main', registerId: 'main', host: 'http://evil/x', port: 9100 }] })).errors).toHaveProperty([
      'printers.0.host',
    ]);
    expect((await bad({ fields: { customer: true } })).errors).toBeDefined();
  });
});

describe('the logo', () => {
  it('is stored and served by the server, checked by its bytes', async () => {
    const up = await t.put(
      '/api/settings/receipts/logo',
      { type: 'image/png', data: TINY_PNG.toString('base64') },
      { token: t.tokens.admin },
    );
    expect(up.status).toBe(200);
    const version = up.body.data.logo.version;
    const got = await fetch(`${t.url}/api/settings/receipts/logo?v=${version}`, {
      headers: { authorization: `Bearer ${t.tokens.cashier}`, ...t.gatewayHeaders },
    });
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await got.arrayBuffer()).equals(TINY_PNG)).toBe(true);

    const html = Buffer.from('<html><script>alert(1)</script></html>').toString('base64');
    const refused = await t.put('/api/settings/receipts/logo', { type: 'image/png', data: html }, { token: t.tokens.admin });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.data).toBeDefined();
    const big = await t.put(
      '/api/settings/receipts/logo',
      { type: 'image/png', data: Buffer.alloc(210 * 1024).toString('base64') },
      { token: t.tokens.admin },
    );
    expect(big.status).toBe(400);
    expect((await audits('settings.receipt-changed')).at(-1).changed).toEqual(['logo']);
  });

  it('given as SVG is kept only as the PNG Chromium draws of it, so no script in it ever reaches a page', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><script>alert(1)</script>
      <rect width="60" height="40" fill="#000" onload="alert(2)"/><image href="http://203.0.113.1/track.png" width="10" height="10"/></svg>`;
    const up = await t.put(
      '/api/settings/receipts/logo',
      { type: 'image/svg+xml', data: Buffer.from(svg).toString('base64') },
      { token: t.tokens.admin },
    );
    expect(up.status).toBe(200);
    expect(up.body.data.logo.type).toBe('image/png');
    const got = await fetch(`${t.url}/api/settings/receipts/logo`, {
      headers: { authorization: `Bearer ${t.tokens.cashier}`, ...t.gatewayHeaders },
    });
    const bytes = Buffer.from(await got.arrayBuffer());
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(bytes.includes('script')).toBe(false);
    const png = PNG.sync.read(bytes);
    expect([png.width, png.height]).toEqual([120, 40]);
    const alpha = (x: number, y: number) => png.data[(y * png.width + x) * 4 + 3];
    expect(alpha(10, 20)).toBe(255); // the rectangle
    expect(alpha(100, 20)).toBe(0); // beside it, nothing
  });

  it('can be removed', async () => {
    expect((await t.delete('/api/settings/receipts/logo', { token: t.tokens.admin })).body.data.logo).toBeNull();
    expect((await t.get('/api/settings/receipts/logo', { token: t.tokens.admin })).status).toBe(404);
  });
});

describe('payment settings and the till', () => {
  it('choose the tenders the till offers and the card terminal name, audited and announced', async () => {
    expect((await t.get('/api/settings/payments', { token: t.tokens.cashier })).body.data).toMatchObject({
      tenders: ['cash:USD', 'cash:IQD', 'card'],
      cardTerminalName: '',
    });
    const res = await t.put(
      '/api/settings/payments',
      { tenders: ['card', 'cash:IQD', 'account'], cardTerminalName: 'FIB POS 2' },
      { token: t.tokens.admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ tenders: ['cash:IQD', 'card', 'account'], cardTerminalName: 'FIB POS 2' });
    expect((await t.put('/api/settings/payments', { tenders: [] }, { token: t.tokens.admin })).status).toBe(400);
    expect((await t.put('/api/settings/payments', { tenders: ['cheque'] }, { token: t.tokens.admin })).status).toBe(400);
    expect((await t.put('/api/settings/payments', { cardTerminalName: 'x' }, { token: t.tokens.cashier })).status).toBe(403);
    expect(await outbox('dukan.settings.payments.changed.v1')).toEqual([
      { settings: { tenders: ['cash:IQD', 'card', 'account'], cardTerminalName: 'FIB POS 2' }, changed: ['tenders', 'cardTerminalName'] },
    ]);
    expect(await audits('settings.payments-changed')).toHaveLength(1);
  });

  it('are followed by an open till: unchanged is a 304, a change is the new settings', async () => {
    const first = await t.get('/api/settings/till', { token: t.tokens.cashier });
    expect(first.status).toBe(200);
    expect(first.body.data.payments.cardTerminalName).toBe('FIB POS 2');
    const etag = first.headers.get('etag')!;
    expect((await t.get('/api/settings/till', { token: t.tokens.cashier, headers: { 'if-none-match': etag } })).status).toBe(304);
    await t.put('/api/settings/payments', { cardTerminalName: 'FIB POS 3' }, { token: t.tokens.admin });
    const next = await t.get('/api/settings/till', { token: t.tokens.cashier, headers: { 'if-none-match': etag } });
    expect(next.status).toBe(200);
    expect(next.body.data.payments.cardTerminalName).toBe('FIB POS 3');
  });
});

// --- printing

interface FakePrinter {
  port: number;
  received: Promise<Buffer>;
  close(): Promise<void>;
}

/** A printer's raw port: takes one connection and hands over everything sent on it. */
async function fakePrinter(): Promise<FakePrinter> {
  let deliver!: (b: Buffer) => void;
  const received = new Promise<Buffer>((r) => (deliver = r));
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', () => deliver(Buffer.concat(chunks)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((r) => server.close(() => r()));
    },
  };
}

const receiptHtml = (dir: 'ltr' | 'rtl', lines: string[]) => `<!doctype html><html dir="${dir}"><head><meta charset="utf-8"><style>
  body { margin: 0; padding: 8px; font: 22px/1.35 'Noto Sans Arabic', 'Noto Sans', sans-serif; color: #000; background: #fff; }
  h1 { font-size: 30px; text-align: center; margin: 0 0 8px; }
  .row { display: flex; justify-content: space-between; gap: 12px; }
  hr { border: 0; border-top: 2px dashed #000; }
</style></head><body><h1>${lines[0]}</h1>${lines
  .slice(1)
  .map((l) => `<div class="row"><span>${l.split('|')[0]}</span><bdi>${l.split('|')[1] ?? ''}</bdi></div>`)
  .join('<hr>')}</body></html>`;

const ENGLISH = receiptHtml('ltr', [
  'Shar Market',
  'Invoice|INV-000123',
  'Rice 5 kg × 2|$17.00',
  'Tea|$3.50',
  'Total|$20.50',
  'Paid cash|$50.00',
  'Change|$29.50',
]);
const KURDISH = receiptHtml('rtl', [
  'مارکێتی شار',
  'پسوڵە|INV-000124',
  'برنج ٥ کیلۆ × ٢|٢٤٬٦٥٠ د.ع',
  'چا|٥٬٠٧٥ د.ع',
  'کۆی گشتی|٢٩٬٧٢٥ د.ع',
  'پارەی نەقد|٣٠٬٠٠٠ د.ع',
]);

/** The same document as the screen draws it (script on, a plain page), at the printer's width, as dots at the printer's threshold. */
let screenBrowser: Browser | undefined;
afterAll(() => screenBrowser?.close());

async function screenRender(html: string, width: number): Promise<PrintedImage> {
  screenBrowser ??= await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--font-render-hinting=none'],
  });
  const page = await screenBrowser.newPage();
  try {
    await page.setViewport({ width, height: 1 });
    await page.setContent(html);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const png = PNG.sync.read(Buffer.from(await page.screenshot({ clip: { x: 0, y: 0, width, height }, captureBeyondViewport: true })));
    const dots = new Uint8Array(png.width * png.height);
    for (let i = 0; i < dots.length; i++) {
      const [r, g, b] = [png.data[i * 4]!, png.data[i * 4 + 1]!, png.data[i * 4 + 2]!];
      dots[i] = (r + g + b) / 3 < 128 ? 1 : 0;
    }
    return { width: png.width, height: png.height, dots };
  } finally {
    await page.close();
  }
}

/** Dots that differ, over the dots either image inks. */
function difference(a: PrintedImage, b: PrintedImage): number {
  let differ = 0;
  let inked = 0;
  const h = Math.max(a.height, b.height);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < a.width; x++) {
      const da = y < a.height ? a.dots[y * a.width + x]! : 0;
      const db = y < b.height && x < b.width ? b.dots[y * b.width + x]! : 0;
      if (da || db) inked += 1;
      if (da !== db) differ += 1;
    }
  }
  return inked === 0 ? 1 : differ / inked;
}

describe('printing to the register’s printer', () => {
  it.each([
    ['an English', true, 58, ENGLISH],
    ['a Kurdish', false, 80, KURDISH],
  ])(
    'prints %s receipt as the screen renders it, with a cut (a cash sale opens the drawer: %p; %d mm paper)',
    async (_lang, cash, paper, html) => {
      const printer = await fakePrinter();
      try {
        await t.put(
          '/api/settings/receipts',
          { paperWidth: paper, printers: [{ branchId: 'main', registerId: 'main', host: '127.0.0.1', port: printer.port }] },
          { token: t.tokens.admin },
        );
        const res = await t.post('/api/print', { register: 'main', html, openDrawer: cash }, { token: t.tokens.cashier });
        expect(res.status).toBe(200);
        const printed = readEscpos(await printer.received);
        const width = paper === 58 ? 384 : 576;
        expect(printed.image.width).toBe(width);
        expect(printed.cuts).toBe(1);
        expect(printed.drawerKicks).toBe(cash ? 1 : 0);
        const onScreen = await screenRender(html, width);
        expect(Math.abs(printed.image.height - onScreen.height)).toBeLessThan(8); // padded to whole bands of 8 rows
        expect(difference(printed.image, onScreen)).toBeLessThan(0.02);
        // Not an empty or a black page: the text is there.
        const ink = printed.image.dots.reduce((n, d) => n + d, 0) / printed.image.dots.length;
        expect(ink).toBeGreaterThan(0.01);
        expect(ink).toBeLessThan(0.5);
      } finally {
        await printer.close();
      }
    },
    60_000,
  );

  it('tells the cashier, in their language, that a printer did not answer', async () => {
    const gone = await fakePrinter();
    const port = gone.port;
    await gone.close(); // nothing listens there any more
    await t.put(
      '/api/settings/receipts',
      { printers: [{ branchId: 'main', registerId: 'main', host: '127.0.0.1', port }] },
      { token: t.tokens.admin },
    );
    const ku = t.tokenFor({ role: 'cashier', languagePreference: 'ku' });
    const res = await t.post('/api/print', { register: 'main', html: ENGLISH, openDrawer: false }, { token: ku });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('PRINTER_UNAVAILABLE');
    expect(res.body.message).toContain('چاپکەری 127.0.0.1:');
    const en = await t.post('/api/print', { register: 'main', html: ENGLISH, openDrawer: false }, { token: t.tokens.cashier });
    expect(en.body.message).toMatch(/did not answer.*The sale is saved/);
  }, 30_000);

  it('prints only to a register of the caller’s branch, and says so when none is set', async () => {
    expect(
      (await t.post('/api/print', { register: 'elsewhere', html: ENGLISH, openDrawer: false }, { token: t.tokens.cashier })).status,
    ).toBe(404);
    await t.put('/api/settings/receipts', { printers: [] }, { token: t.tokens.admin });
    const res = await t.post('/api/print', { register: 'main', html: ENGLISH, openDrawer: false }, { token: t.tokens.cashier });
    expect(res.status).toBe(422);
    expect(res.body.message).toContain('No printer is set for this register');
  });
});
