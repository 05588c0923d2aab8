import { Module, type DynamicModule, type INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import type { Permissions, Role, ServiceName } from '@dukan/contracts';
import {
  configureLogger,
  createDukanApp,
  defaultKeyPaths,
  EVENT_BUS,
  InProcessEventBus,
  NatsEventBus,
  parseConfig,
  platformConfigSchema,
  INTERNAL_TOKEN_HEADER,
  PlatformCoreModule,
  RelayRegistry,
  startDukanApp,
  TokenSigner,
  type AuthUser,
  type EventBus,
  type PlatformConfig,
  type SessionValidator,
} from '@dukan/platform';
import { DataSource } from 'typeorm';
import { createTestDatabase, findNats, tempDataDir, uniqueName, type TestDatabase } from './environment.js';
import { httpClient, type HttpClient } from './http.js';

export const TEST_USERS: Record<Role, AuthUser> = {
  admin: {
    id: '00000000-0000-4000-8000-000000000001',
    username: 'admin',
    role: 'admin',
    permissions: null,
    tokenVersion: 1,
    languagePreference: 'en',
  },
  manager: {
    id: '00000000-0000-4000-8000-000000000002',
    username: 'manager',
    role: 'manager',
    permissions: null,
    tokenVersion: 1,
    languagePreference: 'en',
  },
  cashier: {
    id: '00000000-0000-4000-8000-000000000003',
    username: 'cashier',
    role: 'cashier',
    permissions: null,
    tokenVersion: 1,
    languagePreference: 'en',
  },
};

/**
 * Identity's answer about sessions in a service test, where identity is not running: every test user
 * (any id, as `tokenFor` signs them) holds a current, active session at version 1.
 */
export const testUserSessions: SessionValidator = {
  current: async () => ({ tokenVersion: 1, active: true }),
};

export interface ServiceTestApp extends HttpClient {
  app: INestApplication;
  url: string;
  db: TestDatabase;
  config: PlatformConfig;
  bus: EventBus;
  /** Header value for /internal/* calls: { 'x-dukan-internal': t.internalToken }. */
  internalToken: string;
  /** The headers the gateway adds to a call it forwards (this client's own requests carry them already). */
  gatewayHeaders: Record<string, string>;
  /** A client that calls the service straight, as if the gateway were not there: no internal token. */
  outsider: HttpClient;
  /** A token for any user, signed with this test's key (no identity in the process: versions are not checked). */
  tokenFor(user: Partial<AuthUser> & { role: Role; permissions?: Permissions | null }): string;
  tokens: Record<Role, string>;
  /** The service's own data source, for asserting on rows. */
  dataSource(): DataSource;
  /** Publishes every pending outbox row now (instead of waiting for the relay). */
  drainOutbox(): Promise<void>;
  close(): Promise<void>;
}

export interface ServiceTestOptions {
  service: ServiceName;
  /** Builds the service module from the environment the test prepared (e.g. `(env) => CatalogModule.register(loadCatalogConfig(env))`). */
  module: (env: Record<string, string>) => DynamicModule;
  bus?: 'in-process' | 'nats';
  env?: Record<string, string>;
}

/** One service module on a real PostgreSQL (its own database) and a real or in-process bus, listening on a free port. */
export async function startServiceApp(o: ServiceTestOptions): Promise<ServiceTestApp> {
  configureLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent', service: o.service });
  const db = await createTestDatabase(o.service, { migrated: true });
  const dataDir = tempDataDir();
  let env: Record<string, string> = {
    DATABASE_URL: db.url,
    DUKAN_DATA_DIR: dataDir,
    DB_POOL_SIZE: '4',
    EVENT_BUS: o.bus ?? 'in-process',
    LOG_LEVEL: 'silent',
    INTERNAL_TOKEN: randomBytes(24).toString('base64url'),
    ...o.env,
  };
  if (o.bus === 'nats') {
    const natsUrl = await findNats();
    if (!natsUrl) throw new Error('NATS is not available: guard this test with natsAvailable()');
    const ns = uniqueName(o.service);
    // A test stream reserves little of the server's storage (a left-over one costs nothing much).
    env = {
      ...env,
      NATS_URL: natsUrl,
      NATS_STREAM: ns,
      NATS_SUBJECT_PREFIX: `${ns}.`,
      NATS_STREAM_MAX_BYTES: String(64 * 1024 ** 2),
      ...o.env,
    };
  }
  const config = parseConfig(platformConfigSchema, env);

  // Identity answers for its own tokens; other services meet the test users as identity would report them.
  const sessions = o.service === 'identity' ? {} : { sessions: testUserSessions };
  @Module({
    imports: [PlatformCoreModule.forRoot({ config, processName: `test-${o.service}`, ownsSigningKey: true, ...sessions }), o.module(env)],
  })
  class TestModule {}

  const app = await createDukanApp(TestModule, { branchId: config.BRANCH_ID, role: 'service', shutdownHooks: false });
  const url = await startDukanApp(app, 0, '127.0.0.1');
  const signer = new TokenSigner(readFileSync(defaultKeyPaths(dataDir).privateKeyFile, 'utf8'), {
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
  });
  const tokenFor: ServiceTestApp['tokenFor'] = (u) =>
    signer.sign({ ...TEST_USERS[u.role], ...u, permissions: u.permissions ?? null }, 3600);
  const tokens = { admin: tokenFor({ role: 'admin' }), manager: tokenFor({ role: 'manager' }), cashier: tokenFor({ role: 'cashier' }) };
  const bus = app.get<EventBus>(EVENT_BUS);
  const gatewayHeaders = { [INTERNAL_TOKEN_HEADER]: env.INTERNAL_TOKEN ?? '' };
  return {
    // Calls arrive as the gateway forwards them: with the internal token.
    ...httpClient(url, { headers: gatewayHeaders }),
    gatewayHeaders,
    outsider: httpClient(url),
    app,
    url,
    db,
    config,
    bus,
    internalToken: env.INTERNAL_TOKEN ?? '',
    tokenFor,
    tokens,
    dataSource: () => app.get(DataSource, { strict: false }),
    drainOutbox: () => app.get(RelayRegistry).drainAll(),
    close: async () => {
      if (bus instanceof NatsEventBus) await bus.deleteStream();
      await app.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export { InProcessEventBus };
