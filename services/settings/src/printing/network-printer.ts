import { Socket } from 'node:net';

/**
 * Bytes to a network printer's raw port (9100): connect, write, close. A printer that does not accept the
 * connection or the bytes within `timeoutMs` (off, unplugged, out of paper with a full buffer) is an error.
 */
export function sendToNetworkPrinter(host: string, port: number, bytes: Uint8Array, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const socket = new Socket();
    let settled = false;
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (err) reject(err);
      else resolve();
    };
    const timer = setTimeout(() => finish(new Error(`printer ${host}:${port} did not answer within ${timeoutMs} ms`)), timeoutMs);
    socket.once('error', (err) => finish(err));
    socket.connect(port, host, () => {
      socket.end(Buffer.from(bytes), () => finish());
    });
  });
}
