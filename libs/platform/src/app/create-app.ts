import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplication, Type, DynamicModule } from '@nestjs/common';
import { DEFAULT_BODY_LIMIT, type RouteDef } from '@dukan/contracts';
import express, { type NextFunction, type Request, type Response } from 'express';
import { parseLocale } from '../context/request-context.js';
import { AllExceptionsFilter, sendError, toDomainError } from '../errors/error.filter.js';
import { createValidationPipe } from '../errors/validation.pipe.js';
import { NestPinoLogger } from '../logging/logger.js';
import { RelayRegistry } from '../module/relay-registry.js';
import { gate, gateDepsFrom, requestContext, type AppRole } from '../auth/gate.js';
import type { SessionValidator } from '../auth/session-validator.js';
import { DukanExpressAdapter } from './http-server.js';
import { inputGuard, isTooDeepError, jsonDepthExceeds, tooDeepDomainError, tooDeepError } from './input-guard.js';
import { securityHeaders } from './security-headers.js';

export interface CreateAppOptions {
  branchId: string;
  /** 'edge' for the all-in-one app and the cluster gateway; 'service' for a service behind the gateway. */
  role: AppRole;
  /** The JSON body limit of routes that name none (DEFAULT_BODY_LIMIT of the route table otherwise). */
  bodyLimit?: number;
  /** Express's 'trust proxy' for the edge: which proxies in front may say who the client is (addresses, or a hop count; none by default). */
  trustProxy?: string | false;
  /** Express middleware mounted after the authorization gate, before body parsing (the cluster gateway's proxy, the frontend). */
  before?: (app: express.Express) => void;
  /** The session check the gate uses, from the app's own (the all-in-one keeps identity's answers a while). */
  sessions?: (found: SessionValidator) => SessionValidator;
  /** Close on SIGINT/SIGTERM (default); the all-in-one main does it itself to stop its database after. */
  shutdownHooks?: boolean;
}

/** The same Nest app set-up for a service process, the gateway and tests. */
export async function createDukanApp(module: Type<unknown> | DynamicModule, options: CreateAppOptions): Promise<INestApplication> {
  const server = express();
  // The gate hands the router one spelling per route; the router takes no other (a second line of defence).
  server.set('case sensitive routing', true);
  server.set('strict routing', true);
  server.disable('x-powered-by');
  // Behind the gateway the client's address comes from the gate (it believes the gateway alone), never from Express.
  const trust = options.role === 'edge' ? (options.trustProxy ?? false) : false;
  server.set('trust proxy', typeof trust === 'string' && /^\d+$/.test(trust) ? Number(trust) : trust);
  const app = await NestFactory.create(module, new DukanExpressAdapter(server), {
    bodyParser: false,
    logger: new NestPinoLogger(),
    abortOnError: false,
  });
  server.use(securityHeaders());
  server.use(gate(gateDepsFrom(app, options.role, options.sessions), options.role, options.branchId));
  options.before?.(server);
  // JSON bodies: as large as the route takes (a refused one is not read into memory), and scanned for nesting
  // before they are parsed; then every text of the request is checked once for all handlers.
  const parsers = new Map<number, ReturnType<typeof express.json>>();
  const jsonFor = (limit: number) => {
    let parser = parsers.get(limit);
    if (!parser) {
      parser = express.json({
        limit,
        verify: (_req, _res, buf) => {
          if (jsonDepthExceeds(buf)) throw tooDeepError();
        },
      });
      parsers.set(limit, parser);
    }
    return parser;
  };
  app.use((req: Request & { dukan?: { route?: RouteDef | null } }, res: Response, next: NextFunction) =>
    jsonFor(req.dukan?.route?.maxBody ?? options.bodyLimit ?? DEFAULT_BODY_LIMIT)(req, res, (err?: unknown) => {
      if (err)
        return sendError(
          res,
          isTooDeepError(err) ? tooDeepDomainError() : toDomainError(err),
          parseLocale(req.headers['accept-language']) ?? 'en',
        );
      next();
    }),
  );
  app.use(inputGuard());
  app.use(requestContext(options.branchId));
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());
  if (options.shutdownHooks !== false) app.enableShutdownHooks();
  return app;
}

/**
 * Starts listening, then lets the outbox relays run (every handler has subscribed by now). `reusePort`: several
 * processes listen on the same port and the kernel spreads the connections over them (SO_REUSEPORT; Linux).
 */
export async function startDukanApp(
  app: INestApplication,
  port: number,
  host = '127.0.0.1',
  options: { reusePort?: boolean } = {},
): Promise<string> {
  await app.init();
  await app.get(RelayRegistry).startAll();
  // Node's listen takes its options as one object where it needs more than a port and a host.
  if (options.reusePort) await app.listen({ port, host, reusePort: true } as unknown as number);
  else await app.listen(port, host);
  const url = await app.getUrl();
  return url.replace('[::1]', '127.0.0.1').replace('0.0.0.0', '127.0.0.1');
}
