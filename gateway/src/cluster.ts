import { Agent } from 'node:http';
import { Module, type INestApplication } from '@nestjs/common';
import type { Request } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { ServiceName } from '@dukan/contracts';
import {
  authorize, CachingSessionValidator, createDukanApp, EVENT_BUS, HealthRegistry, HttpSessionValidator, type EventBus, type SessionValidator, logger, parseLocale, PlatformCoreModule, publicKeyFor, sendError,
  toDomainError, TokenVerifier, DomainError, newCorrelationId, CORRELATION_ID_HEADER, type PlatformConfig,
} from '@dukan/platform';
import { serviceUrls, type GatewayConfig } from './config.js';
import { mountEdge } from './edge.js';
import { GatewayHealthController } from './health.controller.js';
import { VERSION } from './version.js';

type ProxiedRequest = Request & { dukanOwner?: ServiceName };

/**
 * The cluster shape's edge: every /api call is checked against the route table (token, token version,
 * permission) and then proxied to the service that owns the route, with the correlation id.
 */
export async function createClusterGateway(config: GatewayConfig & PlatformConfig): Promise<INestApplication> {
  const urls = serviceUrls(config);
  const verifier = new TokenVerifier(publicKeyFor(config, false), { issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE });
  const identity = new HttpSessionValidator(urls.identity, config.INTERNAL_TOKEN);
  const cache = config.SESSION_CACHE_MS > 0 ? new CachingSessionValidator(identity, { ttlMs: config.SESSION_CACHE_MS }) : null;
  const sessions: SessionValidator = cache ?? identity;

  // Kept-alive connections to the services: a new TCP connection per call was the gateway's main cost.
  const agent = new Agent({ keepAlive: true, maxSockets: 128 });
  const proxy = createProxyMiddleware<ProxiedRequest>({
    router: (req) => urls[req.dukanOwner ?? 'identity'],
    agent,
    changeOrigin: false,
    xfwd: true,
    proxyTimeout: 30_000,
    on: {
      proxyRes: (proxyRes, req) => {
        // A logout, password reset or permission edit made through this gateway: forget cached sessions before
        // the client hears the answer, so its next call is checked against identity afresh.
        const status = proxyRes.statusCode ?? 500;
        if (cache && (req as ProxiedRequest).dukanOwner === 'identity' && req.method !== 'GET' && status < 400) cache.clear();
      },
      error: (err, req, res) => {
        logger().warn({ err, owner: (req as ProxiedRequest).dukanOwner }, 'service did not answer');
        if ('writeHead' in res && !res.headersSent) {
          sendError(res as never, new DomainError('SERVICE_UNAVAILABLE', 'errors.serviceUnavailable'), parseLocale(req.headers['accept-language']) ?? 'en');
        }
      },
    },
  });

  @Module({
    imports: [PlatformCoreModule.forRoot({ config, processName: 'gateway', ownsSigningKey: false })],
    controllers: [GatewayHealthController],
  })
  class ClusterGatewayModule {}

  const app = await createDukanApp(ClusterGatewayModule, {
    branchId: config.BRANCH_ID,
    before: (server) => {
      server.use('/api', (req: ProxiedRequest, res, next) => {
        const path = req.originalUrl.split('?')[0] ?? '';
        const incoming = req.headers[CORRELATION_ID_HEADER];
        if (typeof incoming !== 'string' || !/^[\w-]{8,100}$/.test(incoming)) req.headers[CORRELATION_ID_HEADER] = newCorrelationId();
        const internal = req.headers['x-dukan-internal'];
        authorize(
          { method: req.method, path, authorization: req.headers.authorization, internalToken: typeof internal === 'string' ? internal : undefined },
          { verifier, sessions, internalToken: config.INTERNAL_TOKEN },
        ).then(
          ({ route }) => {
            if (!route || route.owner === 'gateway') return next();
            req.dukanOwner = route.owner;
            req.url = req.originalUrl; // the service sees the full /api/... path
            return proxy(req, res, next);
          },
          (e: unknown) => sendError(res, toDomainError(e), parseLocale(req.headers['accept-language']) ?? 'en', String(req.headers[CORRELATION_ID_HEADER])),
        );
      });
      mountEdge(server, { frontendDist: config.FRONTEND_DIST, version: VERSION });
    },
  });

  if (cache) {
    // Changes made elsewhere (another gateway, an admin tool): identity's events reach every gateway.
    const bus = app.get<EventBus>(EVENT_BUS);
    await bus.watch(
      ['dukan.identity.user.session-revoked.v1', 'dukan.identity.user.updated.v1', 'dukan.identity.user.deleted.v1'],
      (event) => cache.forget((event.data as { userId: string }).userId),
    );
  }

  const health = app.get(HealthRegistry);
  for (const [service, url] of Object.entries(urls)) {
    health.register(service, async () => {
      const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) });
      if (!res.ok) throw new Error(`${service} ${res.status}`);
    });
  }
  return app;
}
