// Whether an error means the database could not be reached (down, restarting, the connection cut), as opposed to
// a statement that failed: the first is worth sending again in a moment (503), the second is not.

import { QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';

/** Socket errors of a connection that could not be made or was lost. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EADDRNOTAVAIL',
]);

/**
 * SQLSTATEs of a server going away or not yet taking connections: admin_shutdown, crash_shutdown, cannot_connect_now
 * (starting up, in recovery), too_many_connections (reconnecting clients after a restart); all of class 08 (connection exception).
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres and pg-pool say so in words, without a code. */
const MESSAGES = [
  /^Connection terminated/i, // 'Connection terminated unexpectedly', '… due to connection timeout'
  /^timeout exceeded when trying to connect/i, // the pool, waiting for a client
  /^timeout expired$/i, // a client's connectionTimeoutMillis
  /^Client has encountered a connection error and is not queryable/i,
];

function failureOf(e: object): boolean {
  // TypeORM lets go of a connection that reported an error (the server went away); later statements on it say so.
  if (e instanceof QueryRunnerAlreadyReleasedError || e instanceof QueryRunnerProviderAlreadyReleasedError) return true;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  const message = (e as { message?: unknown }).message;
  return typeof message === 'string' && MESSAGES.some((m) => m.test(message));
}

/**
 * True when `error`, or what it wraps (TypeORM's `driverError`, a `cause`, the attempts of an AggregateError from a
 * connect to several addresses), is a failure to reach PostgreSQL.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<object>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 16) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    if (failureOf(e)) return true;
    const { driverError, cause, errors } = e as { driverError?: unknown; cause?: unknown; errors?: unknown };
    queue.push(driverError, cause, ...(Array.isArray(errors) ? errors : []));
  }
  return false;
}
