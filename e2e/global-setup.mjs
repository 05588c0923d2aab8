// Browser tests run against the real, built all-in-one app (frontend included) on its own database,
// data folder and port; the test files find it through DUKAN_URL and DUKAN_ADMIN_PASSWORD.
import { appProcess } from './app-process.mjs';

export default async function globalSetup() {
  if (process.env.DUKAN_URL) return; // a running app was given
  const app = await appProcess();
  await app.start();
  process.env.DUKAN_URL = app.url;
  process.env.DUKAN_ADMIN_PASSWORD = app.password;
  process.env.DUKAN_DATA_DIR = app.dataDir;
  globalThis.__DUKAN_E2E__ = app;
}
