import { randomBytes } from 'node:crypto';
import { Module, type INestApplication } from '@nestjs/common';
import { SERVICES } from '@dukan/contracts';
import type { ServerResponse } from 'node:http';
import {
  CachingSessionValidator,
  createDukanApp,
  EVENT_BUS,
  forgetOnUserEvents,
  PlatformCoreModule,
  type EventBus,
  type GatedRequest,
} from '@dukan/platform';
import { loadGatewayConfig } from './config.js';
import { mountEdge } from './edge.js';
import { backupStatusController } from './backup/status.controller.js';
import { GatewayHealthController } from './health.controller.js';
import { SERVICE_MODULES } from './service-modules.js';
import { streamHandler, streamLimits, TillStreamHub } from './till-stream.js';
import { VERSION } from './version.js';

export interface AllInOneOptions {
  /** The environment every module's config is read from. */
  env: Record<string, string | undefined>;
  databaseUrl: string;
  /** A bus shared with something else (tests); otherwise the in-process bus. */
  bus?: EventBus;
  shutdownHooks?: boolean;
}

/**
 * The all-in-one shape: the gateway and all seven service modules in one Nest app, on one PostgreSQL
 * (a schema each), events on the in-process bus fed by the same outboxes. SERVICE_MODULES' order is migration order.
 */
export async function createAllInOneApp(o: AllInOneOptions): Promise<INestApplication> {
  const base = loadGatewayConfig({ ...o.env, DATABASE_URL: o.databaseUrl });
  // Services call each other over HTTP as in the cluster; here every service answers on our own port.
  const self = `http://127.0.0.1:${base.PORT}`;
  const env: Record<string, string | undefined> = {
    EVENT_BUS: 'in-process',
    INTERNAL_TOKEN: randomBytes(24).toString('base64url'),
    ...Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_URL`, self])),
    ...o.env,
    DATABASE_URL: o.databaseUrl,
  };
  const config = { ...loadGatewayConfig(env), DATABASE_URL: o.databaseUrl };

  // The tills' push stream; closed before the server.
  const hub = new TillStreamHub(streamLimits(config));

  @Module({
    imports: [
      PlatformCoreModule.forRoot({ config, processName: 'dukan', ownsSigningKey: true, ...(o.bus ? { bus: o.bus } : {}) }),
      ...SERVICE_MODULES.map(([, register]) => register(env)),
    ],
    controllers: [GatewayHealthController, backupStatusController(config.DUKAN_DATA_DIR)],
    providers: [{ provide: TillStreamHub, useValue: hub }],
  })
  class AllInOneModule {}

  // Identity's answer about a session (version and rights) is kept for SESSION_CACHE_MS, as the cluster gateway keeps
  // it: dropped by identity's user events, and entirely by any change that passes through identity here, before its
  // answer reaches the client (so the client's next call is checked afresh).
  let sessions: CachingSessionValidator | null = null;
  const app = await createDukanApp(AllInOneModule, {
    branchId: config.BRANCH_ID,
    role: 'edge',
    trustProxy: config.TRUST_PROXY ?? false,
    sessions: (db) =>
      config.SESSION_CACHE_MS === 0 ? db : (sessions = new CachingSessionValidator(db, { ttlMs: config.SESSION_CACHE_MS })),
    before: (server) => {
      server.use((req: GatedRequest, res: ServerResponse, next: () => void) => {
        const decision = req.dukan;
        if (sessions && decision?.zone === 'api' && decision.route?.owner === 'identity' && req.method !== 'GET') {
          const cache = sessions;
          const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
          res.writeHead = ((status: number, ...rest: unknown[]) => {
            if (status < 400) cache.clear();
            return writeHead(status, ...rest);
          }) as ServerResponse['writeHead'];
        }
        next();
      });
      server.use(streamHandler(hub));
      mountEdge(server, {
        frontendDist: config.FRONTEND_DIST,
        version: VERSION,
        settingsUrl: config.SETTINGS_URL,
        internalToken: config.INTERNAL_TOKEN,
      });
    },
    shutdownHooks: o.shutdownHooks ?? true,
  });
  if (sessions) await forgetOnUserEvents(sessions, app.get<EventBus>(EVENT_BUS));
  await hub.follow(app.get<EventBus>(EVENT_BUS));
  return app;
}
