// The shell's printer path, in plain Node (Electron is not needed): the bytes the server made reach a network
// printer or a USB printer's device file unchanged, and a printer that is not there is a clear error.
import { describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printThroughShell, PrinterUnavailable, sendToPrinter } from '../src/supervisor/printer.mjs';

const RECEIPT = Uint8Array.from([
  0x1b, 0x40, 0x1b, 0x70, 0x00, 0x32, 0xfa, 0x1d, 0x76, 0x30, 0x00, 0x01, 0x00, 0x01, 0x00, 0x80, 0x1d, 0x56, 0x00,
]);

/** @returns {Promise<{ port: number, received: Promise<Buffer>, close: () => Promise<void> }>} */
async function fakePrinter() {
  /** @type {(b: Buffer) => void} */
  let deliver = () => undefined;
  const received = new Promise((r) => (deliver = r));
  const server = createTcpServer((socket) => {
    /** @type {Buffer[]} */
    const chunks = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', () => deliver(Buffer.concat(chunks)));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', () => r(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { port: address.port, received, close: () => new Promise((r) => server.close(() => r(undefined))) };
}

describe('the shell’s receipt printer', () => {
  it('sends the bytes to a network printer’s raw port unchanged', async () => {
    const printer = await fakePrinter();
    try {
      await sendToPrinter({ kind: 'network', host: '127.0.0.1', port: printer.port }, RECEIPT);
      expect(new Uint8Array(await printer.received)).toEqual(RECEIPT);
    } finally {
      await printer.close();
    }
  });

  it('writes them to a USB printer’s device file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dukan-printer-'));
    try {
      const device = join(dir, 'lp0');
      await writeFile(device, '');
      await sendToPrinter({ kind: 'device', path: device }, RECEIPT);
      expect(new Uint8Array(await readFile(device))).toEqual(RECEIPT);
      await expect(sendToPrinter({ kind: 'device', path: join(dir, 'missing', 'lp1') }, RECEIPT)).rejects.toBeInstanceOf(
        PrinterUnavailable,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names the printer that does not answer', async () => {
    const gone = await fakePrinter();
    await gone.close();
    const err = await sendToPrinter({ kind: 'network', host: '127.0.0.1', port: gone.port }, RECEIPT, { timeoutMs: 1000 }).catch((e) => e);
    expect(err).toBeInstanceOf(PrinterUnavailable);
    expect(err.printer).toBe(`127.0.0.1:${gone.port}`);
  });

  it('asks the server for the raster and passes its refusal on as its message', async () => {
    const printer = await fakePrinter();
    /** @type {any[]} */
    const asked = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        asked.push({ url: req.url, auth: req.headers.authorization, body: JSON.parse(body) });
        if (JSON.parse(body).register === 'nowhere') {
          res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'This branch has no such register' }));
        } else res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.from(RECEIPT));
      });
    });
    await new Promise((r) => server.listen(0, '127.0.0.1', () => r(undefined)));
    const serverUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
    try {
      const target = /** @type {const} */ ({ kind: 'network', host: '127.0.0.1', port: printer.port });
      const done = await printThroughShell({ serverUrl, token: 't0ken', register: 'main', html: '<p>x</p>', openDrawer: true, target });
      expect(done).toEqual({ printer: `127.0.0.1:${printer.port}`, bytes: RECEIPT.length });
      expect(new Uint8Array(await printer.received)).toEqual(RECEIPT);
      expect(asked[0]).toEqual({
        url: '/api/print/escpos',
        auth: 'Bearer t0ken',
        body: { register: 'main', html: '<p>x</p>', openDrawer: true },
      });
      await expect(printThroughShell({ serverUrl, token: 't', register: 'nowhere', html: 'x', openDrawer: false, target })).rejects.toThrow(
        'This branch has no such register',
      );
    } finally {
      await printer.close();
      await new Promise((r) => server.close(() => r(undefined)));
    }
  });
});
