// Browser tests run against the real, built all-in-one app (frontend included). Each jest worker gets an app of its
// own (database, data folder and port), so that browser files running side by side never share users, sessions
// or data; e2e/worker-app.mjs points each test file at its worker's app.
import { appProcess } from './app-process.mjs';

export default async function globalSetup(globalConfig) {
  if (process.env.DUKAN_URL) return; // a running app was given
  const apps = await Promise.all(Array.from({ length: Math.max(1, globalConfig.maxWorkers) }, () => appProcess()));
  globalThis.__DUKAN_E2E__ = apps;
  await Promise.all(apps.map((app) => app.start()));
  process.env.DUKAN_E2E_APPS = JSON.stringify(apps.map((a) => ({ url: a.url, password: a.password, dataDir: a.dataDir })));
}
