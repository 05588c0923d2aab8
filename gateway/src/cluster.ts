import { Agent, type ServerResponse } from 'node:http';
import { Module, type INestApplication } from '@nestjs/common';
import type { ServiceName } from '@dukan/contracts';
import {
  BRANCH_HEADER,
  CLIENT_IDLE_MS,
  forwardedRights,
  RIGHTS_HEADER,
  CachingSessionValidator,
  ConfigError,
  createDukanApp,
  DomainError,
  EVENT_BUS,
  HealthRegistry,
  INTERNAL_TOKEN_HEADER,
  logger,
  parseLocale,
  PlatformCoreModule,
  Replicas,
  sendError,
  SESSION_VALIDATOR,
  type EventBus,
  type GatedRequest,
  type PlatformConfig,
  type SessionValidator,
} from '@dukan/platform';
import { serviceUrls, type GatewayConfig } from './config.js';
import { mountEdge } from './edge.js';
import { forward } from './forward.js';
import { backupStatusController } from './backup/status.controller.js';
import { GatewayHealthController } from './health.controller.js';
import { streamHandler, streamLimits, TillStreamHub } from './till-stream.js';
import { VERSION } from './version.js';

/**
 * The cluster shape's edge: the platform's gate decides every call against the route table (token, token
 * version, permission), as in every other shape; an admitted /api call is proxied to the service that owns
 * its route, spelled as the route spells it, with the internal token (the service answers nothing else) and
 * the client's address as this gateway saw it.
 */
export async function createClusterGateway(gatewayConfig: GatewayConfig, options: { bus?: EventBus } = {}): Promise<INestApplication> {
  // The gateway opens no database; it needs none of the services' credentials.
  const config: GatewayConfig & PlatformConfig = { ...gatewayConfig, DATABASE_URL: '' };
  const internalToken = config.INTERNAL_TOKEN;
  if (!internalToken)
    throw new ConfigError("Invalid configuration:\n  INTERNAL_TOKEN: required in the cluster shape (the same secret as the services')");
  // A service may run as several processes: its URL is then a comma-separated list; calls take turns and skip a
  // process that refuses them.
  const replicas = Object.fromEntries(
    Object.entries(serviceUrls(config)).map(([service, list]) => [service, new Replicas(list)]),
  ) as Record<ServiceName, Replicas>;
  let sessions: SessionValidator | null = null;

  // Kept-alive connections to the services: a new TCP connection per call was the gateway's main cost. One left
  // unused is dropped (`timeout` on a free socket) well before the service would close it.
  const agent = new Agent({ keepAlive: true, maxSockets: 128, timeout: CLIENT_IDLE_MS });
  const proxy = (req: GatedRequest, res: ServerResponse): void => {
    const owner = (req.dukan?.route?.owner ?? 'identity') as ServiceName;
    forward(req, res, replicas[owner], {
      agent,
      timeoutMs: 30_000,
      onAnswer: (status) => {
        // A logout, password reset or permission edit made through this gateway: forget cached sessions before
        // the client hears the answer, so its next call is checked against identity afresh (its rights too).
        if (sessions instanceof CachingSessionValidator && owner === 'identity' && req.method !== 'GET' && status < 400) sessions.clear();
      },
      onFailure: (err) => {
        logger().warn({ err, owner }, 'service did not answer');
        if (!res.headersSent)
          sendError(
            res as never,
            new DomainError('SERVICE_UNAVAILABLE', 'errors.serviceUnavailable'),
            parseLocale(req.headers['accept-language']) ?? 'en',
          );
        else res.destroy();
      },
    });
  };

  // The tills' push stream, held here (the services never hold a till's connection); closed before the server.
  const hub = new TillStreamHub(streamLimits(config));

  @Module({
    imports: [
      PlatformCoreModule.forRoot({
        config,
        processName: 'gateway',
        ownsSigningKey: false,
        sessions: 'remote',
        // The services' bus in a test's cluster of one process (the stream hears their events); NATS otherwise.
        ...(options.bus ? { bus: options.bus } : {}),
      }),
    ],
    controllers: [GatewayHealthController, backupStatusController(null)],
    providers: [{ provide: TillStreamHub, useValue: hub }],
  })
  class ClusterGatewayModule {}

  const app = await createDukanApp(ClusterGatewayModule, {
    branchId: config.BRANCH_ID,
    role: 'edge',
    trustProxy: config.TRUST_PROXY ?? false,
    before: (server) => {
      server.use(streamHandler(hub));
      server.use((req: GatedRequest, res, next) => {
        const decision = req.dukan;
        if (decision?.zone !== 'api' || !decision.route || decision.route.owner === 'gateway') return next();
        // Set here, never appended to: a client cannot pass an address, or the token, of its own choosing.
        req.headers[INTERNAL_TOKEN_HEADER] = internalToken;
        req.headers['x-forwarded-for'] = decision.clientAddress;
        // The branch the gate checked, also when the app named none (the user's home branch).
        req.headers[BRANCH_HEADER] = decision.branchId;
        // The rights the gate decided on (the user's current ones): the service decides on the same, at once.
        const user = decision.user;
        if (user)
          req.headers[RIGHTS_HEADER] = forwardedRights({
            role: user.role,
            permissions: user.permissions,
            homeBranch: user.homeBranch ?? null,
            branches: user.branches ?? null,
          });
        else delete req.headers[RIGHTS_HEADER];
        delete req.headers.forwarded;
        return proxy(req, res);
      });
      mountEdge(server, { frontendDist: config.FRONTEND_DIST, version: VERSION, settingsUrl: config.SETTINGS_URL, internalToken });
    },
  });
  sessions = app.get<SessionValidator>(SESSION_VALIDATOR);
  await hub.follow(app.get<EventBus>(EVENT_BUS));

  const health = app.get(HealthRegistry);
  for (const [service, url] of Object.entries(replicas).flatMap(([s, set]) =>
    set.urls.map((u, i) => [i === 0 ? s : `${s}#${i + 1}`, u] as const),
  )) {
    health.register(service, async () => {
      const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) });
      if (!res.ok) throw new Error(`${service} ${res.status}`);
      const body = (await res.json().catch(() => ({}))) as { status?: string; details?: Record<string, Record<string, number | string>> };
      if (body.status === 'degraded') return { degraded: true as const, detail: Object.assign({}, ...Object.values(body.details ?? {})) };
    });
  }
  return app;
}
