import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { INestApplication } from '@nestjs/common';
import { configureLogger, RelayRegistry, startDukanApp } from '@dukan/platform';
import { createTestDatabase, tempDataDir, type TestDatabase } from './environment.js';
import { httpClient, type HttpClient } from './http.js';
import { freePort } from '../../../scripts/free-port.mjs';

export type AppFactory = (o: { env: Record<string, string>; databaseUrl: string; shutdownHooks: boolean }) => Promise<INestApplication>;

export interface StartedApp extends HttpClient {
  app: INestApplication;
  url: string;
  db: TestDatabase;
  env: Record<string, string>;
  adminPassword: string;
  adminToken: string;
  login(username: string, password: string): Promise<string>;
  drainOutbox(): Promise<void>;
  close(): Promise<void>;
}

export { freePort };

/**
 * The all-in-one app (pass `createAllInOneApp` from @dukan/gateway) on its own database and data folder,
 * listening on a free port, with the first admin signed in.
 */
export async function startApp(factory: AppFactory, extraEnv: Record<string, string> = {}): Promise<StartedApp> {
  configureLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent', service: 'test' });
  const db = await createTestDatabase('app', { migrated: true });
  const dataDir = tempDataDir();
  const port = await freePort();
  const adminPassword = `admin-${randomBytes(6).toString('hex')}`;
  const env: Record<string, string> = {
    DUKAN_DATA_DIR: dataDir,
    DUKAN_ADMIN_PASSWORD: adminPassword,
    PORT: String(port),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DB_POOL_SIZE: '3',
    FRONTEND_DIST: process.env.FRONTEND_DIST ?? `${dataDir}/no-frontend`,
    ...extraEnv,
  };
  const app = await factory({ env, databaseUrl: db.url, shutdownHooks: false });
  const url = await startDukanApp(app, port, '127.0.0.1');
  const client = httpClient(url);
  const login = async (username: string, password: string) => {
    const res = await client.post('/api/auth/login', { username, password });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${res.text}`);
    return res.body.token as string;
  };
  const adminToken = await login('admin', adminPassword);
  return {
    ...client,
    app,
    url,
    db,
    env,
    adminPassword,
    adminToken,
    login,
    drainOutbox: () => app.get(RelayRegistry).drainAll(),
    close: async () => {
      await app.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
