// The cluster shape inside one test process: every service as its own Nest app on its own port, built as a
// service process builds itself (createServiceProcessApp: /api only through the gateway, sessions asked of
// identity over HTTP), and the cluster gateway in front. Events travel on one in-process bus, so no build
// and no NATS are needed; e2e/faults runs the same shape as real processes.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { DynamicModule, INestApplication } from '@nestjs/common';
import type { ServiceName } from '@dukan/contracts';
import { CatalogModule, loadCatalogConfig } from '@dukan/catalog';
import { ExpensesModule, loadExpensesConfig } from '@dukan/expenses';
import { createClusterGateway, loadGatewayConfig } from '@dukan/gateway';
import { IdentityModule, loadIdentityConfig } from '@dukan/identity';
import { LoyaltyModule, loadLoyaltyConfig } from '@dukan/loyalty';
import { ReportingModule, loadReportingConfig } from '@dukan/reporting';
import { SalesModule, loadSalesConfig } from '@dukan/sales';
import { SettingsModule, loadSettingsConfig } from '@dukan/settings';
import {
  configureLogger,
  createServiceProcessApp,
  databaseUrlAs,
  InProcessEventBus,
  provisionServiceRoles,
  serviceRoleName,
  startDukanApp,
  type PlatformConfig,
} from '@dukan/platform';
import {
  createTestDatabase,
  dropRoles,
  freePort,
  httpClient,
  tempDataDir,
  uniqueName,
  type HttpClient,
  type TestDatabase,
} from '@dukan/testing';

type Loader = (env: Record<string, string>) => { config: PlatformConfig; module: DynamicModule };
const SERVICES: Record<ServiceName, Loader> = {
  identity: (env) => {
    const c = loadIdentityConfig(env);
    return { config: c, module: IdentityModule.register(c) };
  },
  settings: (env) => {
    const c = loadSettingsConfig(env);
    return { config: c, module: SettingsModule.register(c) };
  },
  catalog: (env) => {
    const c = loadCatalogConfig(env);
    return { config: c, module: CatalogModule.register(c) };
  },
  loyalty: (env) => {
    const c = loadLoyaltyConfig(env);
    return { config: c, module: LoyaltyModule.register(c) };
  },
  sales: (env) => {
    const c = loadSalesConfig(env);
    return { config: c, module: SalesModule.register(c) };
  },
  expenses: (env) => {
    const c = loadExpensesConfig(env);
    return { config: c, module: ExpensesModule.register(c) };
  },
  reporting: (env) => {
    const c = loadReportingConfig(env);
    return { config: c, module: ReportingModule.register(c) };
  },
};

export interface ClusterShape extends HttpClient {
  url: string;
  /** Each service's own address, for calls that skip the gateway. */
  serviceUrls: Record<ServiceName, string>;
  internalToken: string;
  dataDir: string;
  db: TestDatabase;
  /** Each service's own database connection (its role). */
  databaseUrls: Record<ServiceName, string>;
  adminPassword: string;
  adminToken: string;
  login(username: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export async function startClusterShape(extraEnv: Record<string, string> = {}): Promise<ClusterShape> {
  configureLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent', service: 'test' });
  const db = await createTestDatabase('cluster', { migrated: true });
  const dataDir = tempDataDir();
  const internalToken = randomBytes(24).toString('base64url');
  const adminPassword = `admin-${randomBytes(6).toString('hex')}`;
  const names = Object.keys(SERVICES) as ServiceName[];
  const ports = Object.fromEntries(await Promise.all(names.map(async (s) => [s, await freePort()] as const))) as Record<
    ServiceName,
    number
  >;
  const serviceUrls = Object.fromEntries(names.map((s) => [s, `http://127.0.0.1:${ports[s]}`])) as Record<ServiceName, string>;
  const env: Record<string, string> = {
    DATABASE_URL: db.url,
    DUKAN_DATA_DIR: dataDir,
    DUKAN_ADMIN_PASSWORD: adminPassword,
    INTERNAL_TOKEN: internalToken,
    EVENT_BUS: 'in-process',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DB_POOL_SIZE: '2',
    FRONTEND_DIST: `${dataDir}/no-frontend`,
    ...Object.fromEntries(names.map((s) => [`${s.toUpperCase()}_URL`, serviceUrls[s]])),
    ...extraEnv,
  };
  // Each service connects as its own role, reaching only its schema, as start:cluster and docker-compose set it up.
  const prefix = `${uniqueName('r')}_`;
  const roles = names.map((service) => ({ service, role: serviceRoleName(service, prefix), password: randomBytes(12).toString('hex') }));
  await provisionServiceRoles(db.url, roles);
  const ownUrl = Object.fromEntries(roles.map((r) => [r.service, databaseUrlAs(db.url, r.role, r.password)])) as Record<
    ServiceName,
    string
  >;
  const bus = new InProcessEventBus();
  const apps: INestApplication[] = [];
  const stop = async () => {
    for (const app of apps.reverse()) await app.close();
    await db.drop();
    await dropRoles(roles.map((r) => r.role));
    rmSync(dataDir, { recursive: true, force: true });
  };
  let url: string;
  try {
    // Identity first: it makes the signing key whose public half the others verify with.
    for (const service of names) {
      const { config, module } = SERVICES[service]({ ...env, PORT: String(ports[service]), DATABASE_URL: ownUrl[service] });
      const app = await createServiceProcessApp({
        service,
        config,
        port: ports[service],
        module,
        bus,
        ownsSigningKey: service === 'identity',
      });
      apps.push(app);
      await startDukanApp(app, ports[service], config.HOST);
    }
    const gatewayPort = await freePort();
    const gateway = await createClusterGateway(loadGatewayConfig({ ...env, DUKAN_MODE: 'cluster', PORT: String(gatewayPort) }), { bus });
    apps.push(gateway);
    url = await startDukanApp(gateway, gatewayPort, '127.0.0.1');
  } catch (e) {
    await stop().catch(() => undefined); // leave nothing running behind a failed start
    throw e;
  }

  const client = httpClient(url);
  const login = async (username: string, password: string) => {
    const res = await client.post('/api/auth/login', { username, password });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${res.text}`);
    return res.body.token as string;
  };
  return {
    ...client,
    url,
    serviceUrls,
    internalToken,
    dataDir,
    db,
    databaseUrls: ownUrl,
    adminPassword,
    adminToken: await login('admin', adminPassword),
    login,
    close: stop,
  };
}
