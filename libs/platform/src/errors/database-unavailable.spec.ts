import { createServer, type Server, type Socket } from 'node:net';
import { HttpException, ServiceUnavailableException } from '@nestjs/common';
import type { Response } from 'express';
import pg from 'pg';
import { QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { isDatabaseUnavailable } from './database-unavailable.js';
import { DomainError } from './domain-error.js';
import { errorBody, sendError, toDomainError } from './error.filter.js';

/** A PostgreSQL-shaped error as node-postgres raises it from the server's ErrorResponse. */
function serverError(code: string, message: string): Error {
  return Object.assign(new pg.DatabaseError(message, 0, 'error'), { code, severity: 'FATAL' });
}

const servers: { server: Server; sockets: Socket[] }[] = [];
afterEach(async () => {
  for (const f of servers.splice(0)) {
    for (const s of f.sockets) s.destroy();
    await new Promise((resolve) => f.server.close(resolve));
  }
});

/** A TCP server on a free port that treats each connection as `onConnection` says (PostgreSQL's port, gone wrong). */
async function fakeServer(onConnection: (s: Socket) => void): Promise<number> {
  const f = {
    server: createServer((s) => {
      f.sockets.push(s);
      onConnection(s);
    }),
    sockets: [] as Socket[],
  };
  servers.push(f);
  await new Promise<void>((resolve) => f.server.listen(0, '127.0.0.1', resolve));
  return (f.server.address() as { port: number }).port;
}

/** What node-postgres rejects with when connecting to `port` (a real error, not a made-up one). */
async function connectError(port: number, options: pg.ClientConfig = {}): Promise<unknown> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'x', database: 'x', ...options });
  client.on('error', () => undefined);
  return client.connect().then(
    () => new Error('connected'),
    (e: unknown) => e,
  );
}

describe('a database that cannot be reached', () => {
  it("is recognised in node-postgres's own errors: refused, cut, timed out", async () => {
    const freePort = await fakeServer(() => undefined);
    const f = servers.pop()!;
    await new Promise((resolve) => f.server.close(resolve));
    const refused = await connectError(freePort);
    expect(refused).toMatchObject({ code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(true);

    const cut = await connectError(await fakeServer((s) => s.destroy()));
    expect(String(cut)).toMatch(/Connection terminated unexpectedly|ECONNRESET/);
    expect(isDatabaseUnavailable(cut)).toBe(true);

    const timedOut = await connectError(await fakeServer(() => undefined), { connectionTimeoutMillis: 100 });
    expect(String(timedOut)).toMatch(/timeout expired/);
    expect(isDatabaseUnavailable(timedOut)).toBe(true);
  });

  it("and in the pool's (TypeORM's data source holds one)", async () => {
    const pool = new pg.Pool({
      host: '127.0.0.1',
      port: await fakeServer(() => undefined),
      user: 'x',
      database: 'x',
      connectionTimeoutMillis: 100,
    });
    pool.on('error', () => undefined);
    try {
      const error = await pool.connect().then(
        (c) => {
          c.release();
          return new Error('connected');
        },
        (e: unknown) => e,
      );
      expect(String(error)).toMatch(/Connection terminated due to connection timeout|timeout exceeded when trying to connect/);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it.each([
    ['terminating connection due to administrator command', serverError('57P01', 'terminating connection due to administrator command')],
    ['a crash shutdown', serverError('57P02', 'terminating connection because of crash of another server process')],
    ['the database system is starting up', serverError('57P03', 'the database system is starting up')],
    ['too many clients after a restart', serverError('53300', 'sorry, too many clients already')],
    ['connection failure (08006)', serverError('08006', 'connection failure')],
    ['unable to establish a connection (08001)', serverError('08001', 'could not connect')],
    ['ECONNRESET', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['ETIMEDOUT', Object.assign(new Error('connect ETIMEDOUT 10.0.0.5:5432'), { code: 'ETIMEDOUT' })],
    ['the name of the database host not found', Object.assign(new Error('getaddrinfo EAI_AGAIN postgres'), { code: 'EAI_AGAIN' })],
    ['a client used after its connection broke', new Error('Client has encountered a connection error and is not queryable')],
    [
      'every address refused',
      new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })], ''),
    ],
    ['a cause', new Error('query failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) })],
    // TypeORM dropped the connection on its error event; the transaction's next statement, or its COMMIT, says so.
    ['a statement on a connection TypeORM let go of', new QueryRunnerProviderAlreadyReleasedError()],
    ['a commit on a connection TypeORM let go of', new QueryRunnerAlreadyReleasedError()],
  ])('%s, also as TypeORM wraps it', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], error))).toBe(true);
  });

  it.each([
    ['a unique violation', new QueryFailedError('INSERT', [], serverError('23505', 'duplicate key value violates unique constraint'))],
    ['a malformed uuid', new QueryFailedError('SELECT', [], serverError('22P02', 'invalid input syntax for type uuid'))],
    ['a syntax error', new QueryFailedError('SELEC', [], serverError('42601', 'syntax error at or near "SELEC"'))],
    [
      'a statement cancelled by its timeout',
      new QueryFailedError('SELECT', [], serverError('57014', 'canceling statement due to statement timeout')),
    ],
    ['a refusal of our own', new DomainError('NOT_FOUND', 'errors.notFound')],
    ['a plain error', new Error('boom')],
    ['a string', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('is not %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('the answer while the database cannot be reached', () => {
  const terminated = new QueryFailedError('SELECT 1', [], new Error('Connection terminated unexpectedly'));

  it("is 503 SERVICE_UNAVAILABLE with its own text, in the caller's language, and a Retry-After", () => {
    const error = toDomainError(terminated);
    expect(error.status).toBe(503);
    expect(errorBody(error, 'en')).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'This service is temporarily unavailable. Please try again shortly.',
      retryAfterSeconds: 2,
    });
    expect(errorBody(error, 'ku').message).toBe('ئەم خزمەتگوزارییە بۆ ماوەیەکی کاتی بەردەست نییە. تکایە کەمێکی تر هەوڵ بدەرەوە.');

    const headers: Record<string, string> = {};
    let status = 0;
    const res = {
      headersSent: false,
      setHeader: (k: string, v: string) => {
        headers[k] = v;
      },
      status: (s: number) => {
        status = s;
        return res;
      },
      json: () => res,
    };
    sendError(res as unknown as Response, error, 'en');
    expect({ status, retryAfter: headers['Retry-After'] }).toEqual({ status: 503, retryAfter: '2' });
  });

  it('leaves other database errors as they were: a duplicate is 409, a bug is 500', () => {
    expect(toDomainError(new QueryFailedError('INSERT', [], serverError('23505', 'duplicate key'))).status).toBe(409);
    expect(toDomainError(new QueryFailedError('SELEC', [], serverError('42601', 'syntax error'))).status).toBe(500);
  });

  it('a framework 503 (a health check down) says so too, not that the request is not valid', () => {
    expect(errorBody(toDomainError(new ServiceUnavailableException()), 'en').message).toBe(
      'This service is temporarily unavailable. Please try again shortly.',
    );
    expect(toDomainError(new HttpException('x', 400)).messageKey).toBe('errors.badRequest');
  });
});
