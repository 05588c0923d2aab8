import { createServer, type ServerOptions } from 'node:http';
import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express } from 'express';

/**
 * The most request-header bytes (request line included) any Dukan server reads. Node's default, 16 KB, refused
 * `GET /api/products/export-barcodes?ids=…` long before its limit of 5,000 ids: 5,000 UUIDs with `%2C` between
 * them are 195,000 bytes, to which a token and a browser's own headers add a few KB.
 */
export const MAX_HEADER_SIZE = 256 * 1024;

/**
 * How long a server keeps an idle kept-alive connection: longer than the gateway keeps one unused (its agent drops
 * them after CLIENT_IDLE_MS), so the gateway never sends a sale down a connection the service is closing that
 * instant (Node's 5 s default made that race, answered 503, in paced checkouts).
 */
export const SERVER_KEEP_ALIVE_MS = 65_000;
export const CLIENT_IDLE_MS = 30_000;

/**
 * A request's headers must all arrive within HEADERS_TIMEOUT_MS of its first byte, and the whole request (body
 * included: a 20 MB import at a few Mbit/s) within REQUEST_TIMEOUT_MS, else 408 and the connection is closed; a
 * connection that trickles a byte at a time is not held for Node's default of five minutes. Checked every second.
 * An idle kept-alive connection between requests is SERVER_KEEP_ALIVE_MS's business, not these.
 */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
export const CONNECTIONS_CHECK_MS = 1_000;

/** The options every Dukan HTTP server is created with (the desktop shell's own server uses the same figures). */
export function serverOptions(): ServerOptions {
  return {
    maxHeaderSize: MAX_HEADER_SIZE,
    headersTimeout: HEADERS_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: CONNECTIONS_CHECK_MS,
  };
}

/** Express under Nest, on an HTTP server with serverOptions() (Nest's own passes no options). */
export class DukanExpressAdapter extends ExpressAdapter {
  constructor(instance: Express) {
    super(instance);
  }

  override initHttpServer(options: NestApplicationOptions): void {
    // Only Nest's own options that Dukan never sets (https, forceCloseConnections, return503OnClosing) are dropped.
    if (options.httpsOptions || options.forceCloseConnections || options.return503OnClosing) {
      throw new Error("DukanExpressAdapter serves plain HTTP without Nest's connection options");
    }
    const server = createServer(serverOptions(), this.getInstance());
    server.keepAliveTimeout = SERVER_KEEP_ALIVE_MS;
    this.httpServer = server;
  }
}
