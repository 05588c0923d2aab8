// The browser shell's address: the app proxied from the supervised server, with the desktop bridge added to every
// page and answered on /__dukan/*. While the server is down, API calls fail as a lost connection would, and a
// page that is opened meanwhile waits on a small "starting" page. The bridge answers only the shell's own window:
// the window enters once through a single-use address that gives it this run's secret as a cookie (HttpOnly,
// SameSite=Strict), and every bridge call must carry it, from the shell's own origin and host. The window prints
// receipts through it too: POST /__dukan/print takes the server's ESC/POS bytes to this computer's printer.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { MAX_PRINT_BYTES, NoShellPrinter } from '../supervisor/bridge.mjs';
import { firstFreePort } from '../supervisor/ports.mjs';
import { PrinterUnavailable } from '../supervisor/printer.mjs';
import { WAITING_PAGE } from '../supervisor/waiting-page.mjs';

const BRIDGE_SOURCE = readFileSync(new URL('./bridge-client.js', import.meta.url), 'utf8');
const BRIDGE_TAG = '<script src="/__dukan/bridge.js"></script>';
/** The server's own header limit (MAX_HEADER_SIZE, libs/platform/src/app/http-server.ts), so what it takes passes here too. */
export const MAX_HEADER_SIZE = 256 * 1024;
/** The server's own time limits too (libs/platform/src/app/http-server.ts): headers within 10 s, a whole request within 30 s. */
export const SERVER_TIMEOUTS = { headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 1_000 };

export const SECRET_COOKIE = 'dukan_shell';

/** @param {string | undefined} header @returns {string | undefined} */
function cookieValue(header, name) {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

/** @param {string | undefined} given @param {string} expected */
function sameSecret(given, expected) {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** @param {import('node:http').ServerResponse} res @param {number} status @param {unknown} body */
function json(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/**
 * A request's body up to `limit` bytes; null when it is larger (the rest is not read).
 * @param {import('node:http').IncomingMessage} req @param {number} limit @returns {Promise<Buffer | null>}
 */
function readBody(req, limit) {
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    req.on('data', (/** @type {Buffer} */ c) => {
      size += c.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        resolve(null);
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * The window's document to this computer's receipt printer: the body is the ESC/POS bytes the server made.
 * @param {import('../supervisor/bridge.mjs').BridgeHost} host
 * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res
 */
async function print(host, req, res) {
  if (String(req.headers['content-type']).split(';')[0].trim() !== 'application/octet-stream') {
    return json(res, 415, { message: 'the document is sent as application/octet-stream' });
  }
  const bytes = await readBody(req, MAX_PRINT_BYTES);
  if (!bytes) return json(res, 413, { message: `a document for the printer is at most ${MAX_PRINT_BYTES} bytes` });
  try {
    return json(res, 200, await host.print(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)));
  } catch (e) {
    if (e instanceof NoShellPrinter) return json(res, 409, { code: 'NO_PRINTER', message: e.message });
    if (e instanceof PrinterUnavailable) return json(res, 502, { code: 'PRINTER_UNAVAILABLE', printer: e.printer, message: e.message });
    return json(res, 400, { message: e instanceof Error ? e.message : String(e) });
  }
}

/** The most a backup action's JSON may weigh (a folder path and a passphrase). */
const MAX_BACKUP_BODY = 16 * 1024;

/**
 * The panel's backup actions: their JSON body in, the host's answer (`ok` or a failure's code) out.
 * @param {import('../supervisor/bridge.mjs').BridgeHost} host
 * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {string} path
 */
async function backupAction(host, req, res, path) {
  const raw = await readBody(req, MAX_BACKUP_BODY);
  if (!raw) return json(res, 413, { message: `at most ${MAX_BACKUP_BODY} bytes` });
  /** @type {Record<string, unknown>} */
  let body;
  try {
    body = raw.length ? JSON.parse(raw.toString('utf8')) : {};
  } catch {
    return json(res, 400, { message: 'the body is JSON' });
  }
  if (path === '/backups/settings') return json(res, 200, await host.saveBackupSettings(body));
  if (path === '/backups/now') return json(res, 200, await host.backupNow());
  if (path === '/backups/restore') return json(res, 200, await host.restoreBackup(body.file, body.passphrase));
  if (path === '/backups/choose-folder') return json(res, 200, await host.chooseBackupFolder());
  return json(res, 404, { message: 'not found' });
}

/**
 * @param {{ host: import('../supervisor/bridge.mjs').BridgeHost, port: number }} options
 * @returns {Promise<{ url: string, entryUrl: string, port: number, close(): Promise<void> }>}
 */
export async function startShellServer({ host, port: firstPort }) {
  const port = await firstFreePort(firstPort);
  const origin = `http://127.0.0.1:${port}`;
  const allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const allowedOrigins = new Set([origin, `http://localhost:${port}`]);
  // This run's secret, held by the window as a cookie; the key that hands it over works once (the window's first load).
  const secret = randomBytes(32).toString('base64url');
  /** @type {string | null} */
  let entryKey = randomBytes(32).toString('base64url');
  const bridgeScript = BRIDGE_SOURCE.replace('__DUKAN_SHELL_INFO__', JSON.stringify(host.info));
  /** @type {Set<import('node:http').ServerResponse>} */
  const streams = new Set();

  /** @param {string} event @param {unknown} data */
  const broadcast = (event, data) => {
    for (const res of streams) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const onStatus = (/** @type {unknown} */ s) => broadcast('status', s);
  const onLog = (/** @type {unknown} */ l) => broadcast('log', l);
  const onUpdate = (/** @type {unknown} */ m) => broadcast('update', m);
  host.on('status', onStatus);
  host.on('log', onLog);
  host.on('update', onUpdate);
  const heartbeat = setInterval(() => {
    for (const res of streams) res.write(': still here\n\n');
  }, 15_000);

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
  async function bridge(req, res, path) {
    if (path === '/enter' && req.method === 'GET') {
      const key = new URL(req.url ?? '/', origin).searchParams.get('key') ?? undefined;
      if (!entryKey || !sameSecret(key, entryKey)) return json(res, 403, { message: 'forbidden' });
      entryKey = null;
      res.writeHead(302, {
        location: '/',
        'cache-control': 'no-store',
        'set-cookie': `${SECRET_COOKIE}=${secret}; Path=/__dukan; HttpOnly; SameSite=Strict`,
      });
      return res.end();
    }
    // The script carries no secret; everything else (the first admin's password, logs, events, actions) is the window's.
    if (path !== '/bridge.js') {
      const fromElsewhere = req.headers.origin !== undefined && !allowedOrigins.has(req.headers.origin);
      if (fromElsewhere || !sameSecret(cookieValue(req.headers.cookie, SECRET_COOKIE), secret))
        return json(res, 403, { message: 'forbidden' });
    }
    if (req.method === 'POST') {
      // Only the shell's own page may act: a cross-site form cannot add the header nor pass the origin check.
      if (
        req.headers['x-dukan-shell'] !== '1' ||
        (req.headers.origin && req.headers.origin !== origin && req.headers.origin !== `http://localhost:${port}`)
      ) {
        return json(res, 403, { message: 'forbidden' });
      }
      if (path === '/restart') {
        try {
          return json(res, 200, await host.restart('asked by the window'));
        } catch (e) {
          return json(res, 503, { message: e instanceof Error ? e.message : String(e), status: host.serverStatus() });
        }
      }
      if (path === '/updates/check') return json(res, 200, await host.checkForUpdates());
      if (path === '/print') return print(host, req, res);
      if (path.startsWith('/backups/')) return backupAction(host, req, res, path);
      return json(res, 404, { message: 'not found' });
    }
    if (path === '/bridge.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      return res.end(bridgeScript);
    }
    if (path === '/status') return json(res, 200, host.serverStatus());
    if (path === '/logs') return json(res, 200, host.logs());
    if (path === '/first-run') return json(res, 200, host.firstRunAdmin());
    if (path === '/printer') return json(res, 200, { printer: host.printer() });
    if (path === '/backups') return json(res, 200, await host.getBackups());
    if (path === '/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      res.write(`event: status\ndata: ${JSON.stringify(host.serverStatus())}\n\n`);
      streams.add(res);
      req.on('close', () => streams.delete(res));
      return;
    }
    return json(res, 404, { message: 'not found' });
  }

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
  function proxy(req, res) {
    const target = host.serverStatus().port;
    const wantsPage = req.method === 'GET' && !req.url?.startsWith('/api/') && (req.headers.accept ?? '').includes('text/html');
    const down = () => {
      if (wantsPage) {
        res.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        return res.end(WAITING_PAGE);
      }
      // What the page would meet talking to a stopped server itself: the connection drops.
      res.socket?.destroy();
    };
    if (!target || host.serverStatus().state !== 'running') return down();
    const headers = { ...req.headers, host: `127.0.0.1:${target}` };
    delete headers['accept-encoding']; // pages are rewritten below; on one machine compression buys nothing
    const upstream = request({ host: '127.0.0.1', port: target, method: req.method, path: req.url, headers }, (answer) => {
      const type = String(answer.headers['content-type'] ?? '');
      if (!type.startsWith('text/html')) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      /** @type {Buffer[]} */
      const chunks = [];
      answer.on('data', (c) => chunks.push(c));
      answer.on('end', () => {
        const page = Buffer.concat(chunks)
          .toString('utf8')
          .replace(/<head([^>]*)>/i, (m) => `${m}${BRIDGE_TAG}`);
        const out = { ...answer.headers, 'content-length': String(Buffer.byteLength(page)) };
        delete out.etag; // the page differs from what the server tagged
        res.writeHead(answer.statusCode ?? 200, out);
        res.end(page);
      });
    });
    upstream.on('error', () => (res.headersSent ? res.socket?.destroy() : down()));
    req.pipe(upstream);
  }

  const server = createServer({ maxHeaderSize: MAX_HEADER_SIZE, ...SERVER_TIMEOUTS }, (req, res) => {
    if (!allowedHosts.has(String(req.headers.host))) return json(res, 421, { message: 'wrong host' });
    const path = (req.url ?? '/').split('?')[0];
    if (path.startsWith('/__dukan/')) {
      bridge(req, res, path.slice('/__dukan'.length)).catch((e) => json(res, 500, { message: String(e) }));
      return;
    }
    proxy(req, res);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(undefined));
  });
  return {
    url: `${origin}/`,
    /** Where the window opens first: it takes the secret there (once) and goes on to the app. */
    entryUrl: `${origin}/__dukan/enter?key=${entryKey}`,
    port,
    async close() {
      clearInterval(heartbeat);
      host.off('status', onStatus);
      host.off('log', onLog);
      host.off('update', onUpdate);
      for (const res of streams) res.end();
      server.closeAllConnections();
      await new Promise((r) => server.close(() => r(undefined)));
    },
  };
}
