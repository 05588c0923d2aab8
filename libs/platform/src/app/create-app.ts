import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplication, Type, DynamicModule } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import { newCorrelationId, parseLocale, runWithContext, type RequestContext } from '../context/request-context.js';
import { AllExceptionsFilter, sendError, toDomainError } from '../errors/error.filter.js';
import { createValidationPipe } from '../errors/validation.pipe.js';
import { logger, NestPinoLogger } from '../logging/logger.js';
import { RelayRegistry } from '../module/relay-registry.js';
import { authMiddleware, authorizeDepsFrom } from '../auth/auth.middleware.js';

export const CORRELATION_ID_HEADER = 'x-correlation-id';

export interface CreateAppOptions {
  branchId: string;
  bodyLimit?: string;
  /** Express middleware mounted before Nest's routes (the cluster gateway's proxy). */
  before?: (app: express.Express) => void;
  /** Close on SIGINT/SIGTERM (default); the all-in-one main does it itself to stop its database after. */
  shutdownHooks?: boolean;
}

/** Correlation id and locale for every request, in AsyncLocalStorage; mounted after body parsing so it survives it. */
export function contextMiddleware(branchId: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.headers[CORRELATION_ID_HEADER];
    const correlationId = typeof incoming === 'string' && /^[\w-]{8,100}$/.test(incoming) ? incoming : newCorrelationId();
    res.setHeader(CORRELATION_ID_HEADER, correlationId);
    req.headers[CORRELATION_ID_HEADER] = correlationId;
    const ctx: RequestContext = {
      correlationId,
      locale: parseLocale(req.headers['accept-language']) ?? 'en',
      branchId,
      user: null,
      actorId: null,
    };
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger().info({ correlationId, method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
    });
    runWithContext(ctx, next);
  };
}

/** The same Nest app set-up for a service process, the gateway and tests. */
export async function createDukanApp(module: Type<unknown> | DynamicModule, options: CreateAppOptions): Promise<INestApplication> {
  const app = await NestFactory.create(module, { bodyParser: false, logger: new NestPinoLogger(), abortOnError: false });
  const server = app.getHttpAdapter().getInstance() as express.Express;
  server.disable('x-powered-by');
  server.set('trust proxy', 'loopback');
  options.before?.(server);
  const json = express.json({ limit: options.bodyLimit ?? '1mb' });
  app.use((req: Request, res: Response, next: NextFunction) =>
    json(req, res, (err?: unknown) => {
      if (err) return sendError(res, toDomainError(err), parseLocale(req.headers['accept-language']) ?? 'en');
      next();
    }),
  );
  app.use(contextMiddleware(options.branchId));
  app.use(authMiddleware(authorizeDepsFrom(app)));
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());
  if (options.shutdownHooks !== false) app.enableShutdownHooks();
  return app;
}

/** Starts listening, then lets the outbox relays run (every handler has subscribed by now). */
export async function startDukanApp(app: INestApplication, port: number, host = '0.0.0.0'): Promise<string> {
  await app.init();
  await app.get(RelayRegistry).startAll();
  await app.listen(port, host);
  const url = await app.getUrl();
  return url.replace('[::1]', '127.0.0.1').replace('0.0.0.0', '127.0.0.1');
}
