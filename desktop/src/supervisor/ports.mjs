import { createServer } from 'node:net';

/**
 * Whether a port can be listened on at host right now.
 * @param {number} port @param {string} [host]
 * @returns {Promise<boolean>}
 */
export function isPortFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * The first free port from `from` on (5000, 5001, ...), skipping any in `taken`.
 * @param {number} from @param {{ host?: string, taken?: number[], tries?: number }} [options]
 */
export async function firstFreePort(from, { host = '127.0.0.1', taken = [], tries = 100 } = {}) {
  for (let port = from; port < from + tries && port <= 65535; port++) {
    if (!taken.includes(port) && (await isPortFree(port, host))) return port;
  }
  throw new Error(`no free port between ${from} and ${Math.min(from + tries - 1, 65535)}`);
}
