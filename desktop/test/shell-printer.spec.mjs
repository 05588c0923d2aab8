// The browser shell prints receipts to this computer's printer (issue 28): the window posts the ESC/POS bytes the
// server made to /__dukan/print, and the shell writes them to a USB printer's device file or a network printer the
// server cannot reach. Only the shell's own window may print: the same secret, origin and host checks as the rest.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EventEmitter } from 'node:events';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { join } from 'node:path';
import { startShellServer } from '../src/browser/shell-server.mjs';
import { BridgeHost, MAX_PRINT_BYTES } from '../src/supervisor/bridge.mjs';
import { freePort, tempDir, until } from './helpers.mjs';

/** A receipt as the server's POST /api/print/escpos gives it: reset, kick the drawer, a 1×1 raster, cut. */
const RECEIPT = Buffer.from([
  0x1b, 0x40, 0x1b, 0x70, 0x00, 0x32, 0xfa, 0x1d, 0x76, 0x30, 0x00, 0x01, 0x00, 0x01, 0x00, 0x80, 0x1d, 0x56, 0x00,
]);

/** @param {import('../src/supervisor/printer.mjs').PrinterTarget | null} printer */
function bridgeHost(printer) {
  const supervisor = Object.assign(new EventEmitter(), { log: new EventEmitter(), status: { state: 'stopped', port: null } });
  return new BridgeHost({
    supervisor: /** @type {any} */ (supervisor),
    updates: /** @type {any} */ (new EventEmitter()),
    version: '1.0.0',
    shell: 'browser',
    printer,
  });
}

/**
 * A raw request, as the window's fetch or any local process sends one.
 * @param {number} port @param {string} path
 * @param {{ method?: string, headers?: Record<string, string>, body?: Buffer }} [options]
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, body: string }>}
 */
function call(port, path, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Starts a shell on host and enters it as its window: the cookie and headers its page's fetch sends. */
async function shellWithWindow(/** @type {BridgeHost} */ host) {
  const shell = await startShellServer({ host, port: await freePort() });
  const entry = new URL(shell.entryUrl);
  const entered = await call(shell.port, `${entry.pathname}${entry.search}`);
  const cookie = String(entered.headers['set-cookie']).split(';')[0];
  const origin = new URL(shell.url).origin;
  /** @param {Buffer} body @param {Record<string, string>} [headers] */
  const print = (body, headers = {}) =>
    call(shell.port, '/__dukan/print', {
      method: 'POST',
      headers: { cookie, origin, 'x-dukan-shell': '1', 'content-type': 'application/octet-stream', ...headers },
      body,
    });
  return { shell, cookie, origin, print };
}

/** @returns {Promise<{ port: number, received: Buffer[], close: () => Promise<void> }>} */
async function fakeNetworkPrinter() {
  /** @type {Buffer[]} */
  const received = [];
  const server = createTcpServer((socket) => {
    /** @type {Buffer[]} */
    const chunks = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', () => received.push(Buffer.concat(chunks)));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', () => r(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { port, received, close: () => new Promise((r) => server.close(() => r(undefined))) };
}

describe('the browser shell prints to a USB printer’s device file', () => {
  const dir = tempDir('dukan-shell-printer-');
  const device = join(dir, 'lp0');
  /** @type {Awaited<ReturnType<typeof shellWithWindow>>} */ let w;

  beforeAll(async () => {
    writeFileSync(device, '');
    w = await shellWithWindow(bridgeHost({ kind: 'device', path: device }));
  });
  afterAll(async () => {
    await w.shell.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a print without the window’s secret, from another origin, without its header, or on another host name', async () => {
    const post = (/** @type {Record<string, string>} */ headers) =>
      call(w.shell.port, '/__dukan/print', {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'x-dukan-shell': '1', origin: w.origin, ...headers },
        body: RECEIPT,
      });
    expect((await post({})).status).toBe(403);
    expect((await post({ cookie: 'dukan_shell=guess' })).status).toBe(403);
    expect((await post({ cookie: w.cookie, origin: 'http://evil.example' })).status).toBe(403);
    expect((await post({ cookie: w.cookie, 'x-dukan-shell': '0' })).status).toBe(403);
    expect((await post({ cookie: w.cookie, host: `evil.example:${w.shell.port}` })).status).toBe(421);
    expect((await call(w.shell.port, '/__dukan/printer')).status).toBe(403);
    expect(readFileSync(device)).toHaveLength(0); // nothing reached the printer
  });

  it('names the printer to the window and writes the receipt’s bytes to it unchanged', async () => {
    const named = await call(w.shell.port, '/__dukan/printer', { headers: { cookie: w.cookie } });
    expect(JSON.parse(named.body)).toEqual({ printer: device });
    const printed = await w.print(RECEIPT);
    expect(printed.status).toBe(200);
    expect(JSON.parse(printed.body)).toEqual({ printer: device, bytes: RECEIPT.length });
    expect(readFileSync(device)).toEqual(RECEIPT);
  });

  it('keeps two receipts sent at once whole, one after the other', async () => {
    writeFileSync(device, '');
    const second = Buffer.concat([RECEIPT, Buffer.from('second')]);
    const answers = await Promise.all([w.print(RECEIPT), w.print(second)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const out = readFileSync(device);
    expect([Buffer.concat([RECEIPT, second]), Buffer.concat([second, RECEIPT])]).toContainEqual(out);
  });

  it('refuses what is not a document for the printer: another content type, nothing, or too much', async () => {
    writeFileSync(device, '');
    expect((await w.print(RECEIPT, { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await w.print(Buffer.alloc(0))).status).toBe(400);
    expect((await w.print(Buffer.alloc(MAX_PRINT_BYTES + 1))).status).toBe(413);
    expect(readFileSync(device)).toHaveLength(0);
  });
});

describe('the browser shell prints to a network printer on the shop’s network', () => {
  it('sends the bytes to its raw port, and names it when it does not answer', async () => {
    const printer = await fakeNetworkPrinter();
    const w = await shellWithWindow(bridgeHost({ kind: 'network', host: '127.0.0.1', port: printer.port }));
    try {
      const printed = await w.print(RECEIPT);
      expect(JSON.parse(printed.body)).toEqual({ printer: `127.0.0.1:${printer.port}`, bytes: RECEIPT.length });
      await until(() => printer.received.length > 0, 5000, 'the printer to take the receipt');
      expect(printer.received).toEqual([RECEIPT]);
      await printer.close();
      const off = await w.print(RECEIPT);
      expect(off.status).toBe(502);
      expect(JSON.parse(off.body)).toMatchObject({ code: 'PRINTER_UNAVAILABLE', printer: `127.0.0.1:${printer.port}` });
    } finally {
      await w.shell.close();
      await printer.close();
    }
  });

  it('a shell without a printer of its own says so and prints nothing', async () => {
    const w = await shellWithWindow(bridgeHost(null));
    try {
      expect(JSON.parse((await call(w.shell.port, '/__dukan/printer', { headers: { cookie: w.cookie } })).body)).toEqual({ printer: null });
      const refused = await w.print(RECEIPT);
      expect(refused.status).toBe(409);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'NO_PRINTER' });
    } finally {
      await w.shell.close();
    }
  });
});
