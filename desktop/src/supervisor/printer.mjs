// The desktop shell's way to the shop's receipt printer: the server renders a document to ESC/POS raster bytes
// (POST /api/print/escpos), and the shell, which sits on the shop's PC, hands them to a printer the server may not
// reach: a USB printer (its device file, e.g. /dev/usb/lp0) or a network printer on the shop's own network.
import { open } from 'node:fs/promises';
import { Socket } from 'node:net';

/** @typedef {{ kind: 'network', host: string, port?: number } | { kind: 'device', path: string }} PrinterTarget */

export class PrinterUnavailable extends Error {
  /** @param {string} printer @param {unknown} cause */
  constructor(printer, cause) {
    super(`the printer ${printer} did not take the receipt`, { cause });
    this.name = 'PrinterUnavailable';
    this.printer = printer;
  }
}

/** @param {PrinterTarget} target */
export function printerName(target) {
  return target.kind === 'network' ? `${target.host}:${target.port ?? 9100}` : target.path;
}

/**
 * Bytes to a printer: over raw TCP (port 9100 unless told) or into a device file. A printer that does not take
 * them within `timeoutMs` (off, unplugged, out of paper with a full buffer) is a PrinterUnavailable.
 * @param {PrinterTarget} target @param {Uint8Array} bytes @param {{ timeoutMs?: number }} [options]
 */
export async function sendToPrinter(target, bytes, { timeoutMs = 5000 } = {}) {
  const name = printerName(target);
  try {
    if (target.kind === 'device') await writeDevice(target.path, bytes, timeoutMs);
    else await writeSocket(target.host, target.port ?? 9100, bytes, timeoutMs);
  } catch (err) {
    throw new PrinterUnavailable(name, err);
  }
}

/** @param {string} path @param {Uint8Array} bytes @param {number} timeoutMs */
async function writeDevice(path, bytes, timeoutMs) {
  const file = await open(path, 'a');
  let timer;
  try {
    await Promise.race([
      file.write(bytes),
      new Promise(
        (_, reject) => (timer = setTimeout(() => reject(new Error(`${path} did not take the bytes in ${timeoutMs} ms`)), timeoutMs)),
      ),
    ]);
  } finally {
    clearTimeout(timer);
    await file.close().catch(() => undefined);
  }
}

/** @param {string} host @param {number} port @param {Uint8Array} bytes @param {number} timeoutMs */
function writeSocket(host, port, bytes, timeoutMs) {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    let settled = false;
    /** @param {Error} [err] */
    const finish = (err) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (err) reject(err);
      else resolve(undefined);
    };
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    socket.once('error', (err) => finish(err));
    socket.connect(port, host, () => socket.end(Buffer.from(bytes), () => finish()));
  });
}

/**
 * A document (the receipt's HTML as the till lays it out) printed through the shell: the server makes the raster,
 * the shell sends it on. The server's refusal (no such register, a document it cannot render) comes back as is.
 * @param {{ serverUrl: string, token: string, register: string, html: string, openDrawer: boolean, target: PrinterTarget,
 *   locale?: string, fetchImpl?: typeof fetch, timeoutMs?: number }} o
 */
export async function printThroughShell(o) {
  const res = await (o.fetchImpl ?? fetch)(`${o.serverUrl}/api/print/escpos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${o.token}`, 'content-type': 'application/json', 'accept-language': o.locale ?? 'en' },
    body: JSON.stringify({ register: o.register, html: o.html, openDrawer: o.openDrawer }),
  });
  if (!res.ok) {
    const body = /** @type {{ message?: string }} */ (await res.json().catch(() => ({})));
    throw new Error(body.message ?? `the server answered ${res.status}`);
  }
  const bytes = new Uint8Array(await res.arrayBuffer());
  await sendToPrinter(o.target, bytes, { timeoutMs: o.timeoutMs });
  return { printer: printerName(o.target), bytes: bytes.length };
}
